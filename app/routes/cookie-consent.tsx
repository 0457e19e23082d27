import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { consentSetCookie, parseConsent } from "~/features/site/consent.server";
import { invariantResponse } from "~/.server/invariant";
import { safeRedirect } from "~/.server/safe-redirect";

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const choice = parseConsent(form.get("choice"));
  invariantResponse(choice, "Choose accepted, declined or closed.");
  return redirect(safeRedirect(form.get("redirectTo")), { headers: { "Set-Cookie": await consentSetCookie(choice) } });
}

export function loader() {
  return redirect("/cookies");
}
