import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ALIASES } from "./route-aliases";
import { invariantResponse } from "~/.server/invariant";

/** A second name of a page: permanent redirect to the main address, query kept. */
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const target = ALIASES[url.pathname.replace(/\/$/, "")];
  invariantResponse(target, "Not Found", { status: 404 });
  return redirect(target + url.search, 301);
}
