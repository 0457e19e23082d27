// Any other address under /api/ answers in JSON, as API clients expect, never with a page.
import { jsonError } from "~/.server/json-api";

export function loader() {
  return jsonError(404, "Not found");
}

export function action() {
  return jsonError(404, "Not found");
}
