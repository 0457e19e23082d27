import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field, FormErrors, SelectField } from "~/components/forms";
import { useLanguage } from "~/components/root-data";
import { NewAdminSchema } from "~/features/accounts/account-forms";
import { LANGUAGE_NAMES, LANGUAGES } from "~/features/languages/languages";

/** The form inviting a new admin or courier: their name, the address the invitation goes to, and their language (the page's at first). */
export function InvitationForm({ id, lastResult, submitLabel }: { id: string; lastResult: SubmissionResult<string[]> | undefined; submitLabel: string }) {
  const language = useLanguage();
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue: { language },
    constraint: getZodConstraint(NewAdminSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NewAdminSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const { t } = useTranslation("users");
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("First name")} inputProps={{ ...getInputProps(fields.firstName, { type: "text" }), autoComplete: "off" }} errors={fields.firstName.errors} />
        <Field label={t("Last name")} inputProps={{ ...getInputProps(fields.lastName, { type: "text" }), autoComplete: "off" }} errors={fields.lastName.errors} />
      </div>
      <Field label={t("Email")} inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off" }} errors={fields.email.errors} />
      <SelectField
        label={t("Language")}
        help={t("The invitation is written in it, and so are their pages and e-mails.")}
        className="max-w-xs"
        selectProps={getSelectProps(fields.language)}
        errors={fields.language.errors}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </SelectField>
      <button type="submit" className="btn-primary" data-pending={t("Creating...")}>
        {submitLabel}
      </button>
    </Form>
  );
}
