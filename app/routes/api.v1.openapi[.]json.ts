// GET /api/v1/openapi.json: the API's OpenAPI 3.1 document (public: it holds no data).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { openApiDocument } from "~/features/api/openapi.server";
import { apiJson, problemResponse } from "~/features/api/problem.server";

export function loader({ context }: LoaderFunctionArgs) {
  return apiJson(openApiDocument(context.origin));
}

export function action() {
  return problemResponse(405, "This address takes GET requests only.", { headers: { Allow: "GET" } });
}
