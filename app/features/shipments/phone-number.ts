// A phone number of the shipment form: the rules the server applies and the form's behaviour
// (step-form.ts) applies as one types, in a module of their own so the behaviour loads no schema.

/**
 * The phone input keeps only digits, spaces and hyphens, and the country's dialling
 * code goes in front. A code typed in front anyway ("+49 30 ...") is not doubled.
 */
export function localPhoneNumber(raw: string, phoneCode: string | undefined): string {
  let value = raw.trim();
  if (phoneCode && value.startsWith(phoneCode)) value = value.slice(phoneCode.length);
  return value
    .replace(/[^\d\s-]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

export function fullPhoneNumber(raw: string, phoneCode: string | undefined): string {
  const local = localPhoneNumber(raw, phoneCode);
  return phoneCode ? `${phoneCode} ${local}` : local;
}
