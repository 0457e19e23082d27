import { useId } from "react";
import { useTranslation } from "react-i18next";
import { HONEYPOT_FIELD } from "~/domain/honeypot";

/** The honeypot field (app/domain/honeypot.ts): hidden from people and from assistive technology. */
export function Honeypot() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
      <label htmlFor={id}>{t("Leave this field empty")}</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}
