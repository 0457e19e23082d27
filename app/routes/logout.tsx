import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { destroySession } from "~/features/accounts/session.server";
import { redirectWithToast } from "~/http/toast.server";

export async function action({ request, context }: ActionFunctionArgs) {
  const cookie = await destroySession(context.db, request);
  return redirectWithToast(context.cloudflare.env, "/", { type: "success", message: "Logged out successfully!" }, { headers: { "Set-Cookie": cookie } });
}

export function loader() {
  return redirect("/");
}
