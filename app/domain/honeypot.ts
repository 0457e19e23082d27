// The honeypot: a form field people never see or fill (app/components/honeypot.tsx draws it),
// so a submission that fills it came from a bot. The form's action drops such a submission.

export const HONEYPOT_FIELD = "website";

export function isHoneypotFilled(form: FormData): boolean {
  const value = form.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.length > 0;
}
