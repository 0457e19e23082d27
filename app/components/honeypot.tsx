import { useId } from "react";

/**
 * A field people never see or fill, so a submission that fills it came from a bot.
 * The server checks it with `isHoneypotFilled`.
 */
export const HONEYPOT_FIELD = "website";

export function Honeypot() {
  const id = useId();
  return (
    <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}
