// The public API, /api/v1/...: every operation is in app/features/api/api.server.ts.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { handleApiRequest } from "~/features/api/api.server";

export function loader({ request, context }: LoaderFunctionArgs) {
  return handleApiRequest(context, request);
}

export function action({ request, context }: ActionFunctionArgs) {
  return handleApiRequest(context, request);
}
