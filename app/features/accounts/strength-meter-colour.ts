// The strength meter's bars, by how many requirements the password meets: drawn by
// features/accounts/password-field.tsx, and by strength-meter.ts as the reader types.
export function meterColour(score: number): string {
  if (score <= 1) return "bg-red-600";
  if (score === 2) return "bg-amber-500";
  if (score === 3) return "bg-brand-600";
  return "bg-green-600";
}
