import { useTranslation } from "react-i18next";

/**
 * What a phone field's help says: the chosen country's dialling code goes in front. It carries
 * both of its wordings, so the form's behaviour (step-form.ts) follows a change of country in
 * the page's language.
 */
export function PhoneHelp({ phoneCode }: { phoneCode: string | undefined }) {
  const { t } = useTranslation("shipments");
  const withCode = t("{{code}} is put in front for you.", { code: "{{code}}" });
  const withoutCode = t("The country's dialling code is put in front for you.");
  return (
    <span data-phone-help={withCode} data-phone-help-none={withoutCode}>
      {phoneCode ? t("{{code}} is put in front for you.", { code: phoneCode }) : withoutCode}
    </span>
  );
}
