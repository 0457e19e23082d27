import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** The one-button form that stops mail from a mailed link's page (posted as intent=unsubscribe). */
export function UnsubscribeForm() {
  const { t } = useTranslation("tracking");
  return (
    <Form method="post">
      <button type="submit" name="intent" value="unsubscribe" className="btn-primary">
        {t("Unsubscribe")}
      </button>
    </Form>
  );
}
