import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useState, type InputHTMLAttributes, type ReactNode } from "react";
import {
  measurePassword,
  PASSWORD_REQUIREMENTS,
  REQUIREMENTS_TO_MEET,
  type PasswordStrength,
} from "~/features/accounts/password-strength";
import { FieldFrame, type ListOfErrors } from "~/components/forms";
import { meterColour } from "./strength-meter-colour";
import { useHydrated } from "~/components/use-hydrated";

/**
 * A password input with its label. With JavaScript a Show/Hide button reveals what was typed;
 * the button's name ("Show password") never equals the field's label, so the label still
 * points at one control.
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
  const hydrated = useHydrated();
  const [shown, setShown] = useState(false);
  return (
    <FieldFrame
      label={label}
      errors={errors}
      className={className}
      givenId={inputProps.id}
      control={(aria) => (
        <div className="relative" data-password-field>
          <input {...inputProps} {...aria} type={shown ? "text" : "password"} className={`input ${hydrated ? "pr-20" : ""}`} />
          {hydrated ? (
            <button
              type="button"
              className="absolute inset-y-1 right-1 rounded px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
              aria-controls={aria.id}
              onClick={() => setShown((value) => !value)}
            >
              {shown ? "Hide" : "Show"}
              <span className="sr-only"> password</span>
            </button>
          ) : null}
        </div>
      )}
    />
  );
}

/**
 * The strength meter: the label (Weak, Fair, Good, Strong) and the five requirements.
 * Server-rendered from the last submission; with JavaScript it follows the typing (on pages
 * without React, app/enhance/strength-meter.ts does).
 */
export function StrengthMeter({ password, fromServer, of }: { password: string; fromServer: PasswordStrength | null; of: string }) {
  const hydrated = useHydrated();
  const report = hydrated && password ? measurePassword(password) : fromServer;
  const score = report?.met.length ?? 0;
  return (
    <div className="rounded-md bg-slate-50 p-3 text-sm" data-testid="password-strength" data-strength-of={of}>
      <p aria-live="polite">
        {report ? (
          <>
            Password strength: <strong>{report.label}</strong>
          </>
        ) : (
          `Use at least ${REQUIREMENTS_TO_MEET} of these:`
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
              {requirement.label}
              {report ? <span className="sr-only">{met ? " (met)" : " (not met)"}</span> : null}
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
  const [typed, setTyped] = useState("");
  return (
    <>
      <PasswordField
        label={labels.password}
        inputProps={{
          ...getInputProps(password, { type: "password" }),
          autoComplete: "new-password",
          onChange: (event) => setTyped(event.currentTarget.value),
        }}
        errors={password.errors}
      />
      <StrengthMeter password={typed} fromServer={strength} of={password.id} />
      <PasswordField
        label={labels.confirmation}
        inputProps={{ ...getInputProps(confirmation, { type: "password" }), autoComplete: "new-password" }}
        errors={confirmation.errors}
      />
    </>
  );
}
