import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { consentCookie, parseConsent } from "~/.server/consent";
import { safeRedirect } from "~/.server/safe-redirect";

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const choice = parseConsent(form.get("choice"));
  if (!choice) return new Response("Choose accepted, declined or closed.", { status: 400 });
  return redirect(safeRedirect(form.get("redirectTo")), { headers: { "Set-Cookie": consentCookie(choice) } });
}

export function loader() {
  return redirect("/cookies");
}
