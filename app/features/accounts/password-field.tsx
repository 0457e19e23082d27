import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  PASSWORD_REQUIREMENTS,
  REQUIREMENTS_TO_MEET,
  STRENGTH_LABELS,
  type PasswordStrength,
} from "~/features/accounts/password-strength";
import { FieldFrame, type ListOfErrors } from "~/components/forms";
import { useBehaviour } from "~/behaviours/use-behaviour";
import { enhancePasswordToggles } from "./password-toggle";
import { enhanceStrengthMeters, LABEL_SLOT, type MeterWords } from "./strength-meter";
import { meterColour } from "./strength-meter-colour";

/**
 * A password input with its label. With JavaScript a Show/Hide button reveals what was typed
 * (password-toggle.ts adds it).
 */
export function PasswordField({
  label,
  errors,
  inputProps,
  className,
}: {
  label: ReactNode;
  errors?: ListOfErrors;
  inputProps: InputHTMLAttributes<HTMLInputElement>;
  className?: string;
}) {
  const { t } = useTranslation("accounts");
  const frame = useBehaviour<HTMLDivElement>(enhancePasswordToggles);
  // Conform gives the input a key that changes when the form is reset: the frame is replaced with it.
  const { key, ...input } = inputProps as typeof inputProps & { key?: string };
  return (
    <FieldFrame
      label={label}
      errors={errors}
      className={className}
      givenId={inputProps.id}
      control={(aria) => (
        <div key={key} className="relative" data-password-field data-show={t("Show")} data-hide={t("Hide")} data-hint={t("password")} ref={frame}>
          <input {...input} {...aria} type="password" className="input" />
        </div>
      )}
    />
  );
}

/**
 * The strength meter: the label (Weak, Fair, Good, Strong) and the five requirements, drawn
 * from the last submission; with JavaScript it follows the typing (strength-meter.ts).
 */
export function StrengthMeter({ fromServer, of }: { fromServer: PasswordStrength | null; of: string }) {
  // A new submission's meter is a new element: the behaviour rewrites the old one's content.
  return <DrawnStrengthMeter key={`${of} ${fromServer?.met.join() ?? "-"}`} report={fromServer} of={of} />;
}

function DrawnStrengthMeter({ report, of }: { report: PasswordStrength | null; of: string }) {
  const { t } = useTranslation("accounts");
  const meter = useBehaviour<HTMLDivElement>(enhanceStrengthMeters);
  const score = report?.met.length ?? 0;
  // The heading is drawn as the behaviour draws it: the label in bold where the sentence puts it.
  const words: MeterWords = {
    heading: t("Password strength: <strong>{{label}}</strong>", { label: "{{label}}" }),
    labels: Object.fromEntries(STRENGTH_LABELS.map((label) => [label, t(label)])) as MeterWords["labels"],
    requirements: Object.fromEntries(PASSWORD_REQUIREMENTS.map((requirement) => [requirement.id, t(requirement.label)])),
    met: t("(met)"),
    notMet: t("(not met)"),
  };
  const [before, after] = words.heading.split(LABEL_SLOT);
  return (
    <div
      className="rounded-md bg-slate-50 p-3 text-sm"
      data-testid="password-strength"
      data-strength-of={of}
      data-strength-words={JSON.stringify(words)}
      ref={meter}
    >
      <p aria-live="polite">
        {report ? (
          <>
            {before}
            <strong>{words.labels[report.label]}</strong>
            {after}
          </>
        ) : (
          t("Use at least {{number}} of these:", { number: REQUIREMENTS_TO_MEET })
        )}
      </p>
      <div className="my-2 grid grid-cols-5 gap-1" aria-hidden="true">
        {PASSWORD_REQUIREMENTS.map((requirement, index) => (
          <span key={requirement.id} className={`h-1.5 rounded-full ${index < score ? meterColour(score) : "bg-slate-200"}`} />
        ))}
      </div>
      <ul className="grid gap-0.5 sm:grid-cols-2">
        {PASSWORD_REQUIREMENTS.map((requirement) => {
          const met = report?.met.includes(requirement.id) ?? false;
          return (
            <li key={requirement.id} className={met ? "text-green-800" : "text-slate-700"}>
              <span aria-hidden="true">{met ? "✓ " : "○ "}</span>
              {words.requirements[requirement.id]}
              {report ? <span className="sr-only">{` ${met ? words.met : words.notMet}`}</span> : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}


/**
 * A new password, its strength meter and its confirmation, as registration, password reset and
 * the profile's password change ask for them. The meter follows the typing once JavaScript runs.
 */
export function NewPasswordFields({
  password,
  confirmation,
  labels,
  strength,
}: {
  password: FieldMetadata<string>;
  confirmation: FieldMetadata<string>;
  labels: { password: string; confirmation: string };
  strength: PasswordStrength | null;
}) {
  return (
    <>
      <PasswordField
        label={labels.password}
        inputProps={{
          ...getInputProps(password, { type: "password" }),
          autoComplete: "new-password",
        }}
        errors={password.errors}
      />
      <StrengthMeter key={password.key} fromServer={strength} of={password.id} />
      <PasswordField
        label={labels.confirmation}
        inputProps={{ ...getInputProps(confirmation, { type: "password" }), autoComplete: "new-password" }}
        errors={confirmation.errors}
      />
    </>
  );
}
