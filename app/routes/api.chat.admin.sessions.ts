// GET /api/chat/admin/sessions → the sessions needing a response first, then the rest, latest
// activity first; admins only: 401 signed out, 403 for customers.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listChatSessions } from "~/features/chat/chat.server";
import { jsonResponse, methodNotAllowed, requireAdminApi } from "~/.server/json-api";

export async function loader({ context }: LoaderFunctionArgs) {
  await requireAdminApi(context);
  return jsonResponse(await listChatSessions(context));
}

export async function action({ context }: ActionFunctionArgs) {
  await requireAdminApi(context);
  return methodNotAllowed("GET");
}
