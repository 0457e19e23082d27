// Labelled form controls. Each sets the id its <label> points to, marks itself invalid and
// points aria-describedby at its error list, so every input has a visible label and its
// errors are read out. Use them with Conform's getInputProps/getSelectProps/getTextareaProps.
import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { useTranslation } from "react-i18next";

export type ListOfErrors = Array<string | null | undefined> | null | undefined;

/**
 * Messages of forms, services and toasts come as their English wording, which is their key in
 * the "messages" catalogs; a message already written in the reader's language (one with values
 * in it, translated where it was made) is no key and shows as it is.
 */
export function useMessages() {
  return useTranslation("messages").t;
}

export function ErrorList({ id, errors, className = "mt-1" }: { id?: string; errors?: ListOfErrors; className?: string }) {
  const t = useMessages();
  const messages = errors?.filter((message) => typeof message === "string" && message !== "").map((message) => t(message!));
  if (!messages?.length) return null;
  return (
    <ul id={id} className={`${className} space-y-0.5`}>
      {messages.map((message) => (
        <li key={message} className="text-sm font-medium text-red-700">
          {message}
        </li>
      ))}
    </ul>
  );
}

/**
 * A field's errors in a line kept free for them: a message that appears as the person moves on
 * (checked on blur) moves nothing below it, so the click that moved focus still lands where it was aimed.
 */
function FieldErrorLine({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  return (
    <div className="mt-1 min-h-5">
      <ErrorList id={id} errors={errors} className="" />
    </div>
  );
}

/** Errors about the whole form (Conform's form.errors), announced when they appear. */
export function FormErrors({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const t = useMessages();
  const messages = errors?.filter((message) => typeof message === "string" && message !== "").map((message) => t(message!));
  if (!messages?.length) return null;
  return (
    <div id={id} role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800">
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}

function useFieldIds(givenId: string | undefined, errors: ListOfErrors, hasHelp: boolean) {
  const fallbackId = useId();
  const id = givenId ?? fallbackId;
  const errorId = errors?.some(Boolean) ? `${id}-error` : undefined;
  const helpId = hasHelp ? `${id}-help` : undefined;
  const describedBy = [helpId, errorId].filter(Boolean).join(" ") || undefined;
  return { id, errorId, helpId, describedBy, invalid: errorId ? (true as const) : undefined };
}

type FieldProps<Props> = {
  label: ReactNode;
  errors?: ListOfErrors;
  help?: ReactNode;
  className?: string;
} & Props;

type ControlAria = { id: string; "aria-invalid"?: true; "aria-describedby"?: string };

/** Label above, control, help text and errors below; `control` receives the ids to wire up. */
export function FieldFrame({
  givenId,
  label,
  errors,
  help,
  className,
  control,
}: FieldProps<{ givenId?: string; control: (aria: ControlAria) => ReactNode }>) {
  const ids = useFieldIds(givenId, errors, Boolean(help));
  return (
    <div className={className}>
      <label htmlFor={ids.id} className="label">
        {label}
      </label>
      {control({ id: ids.id, "aria-invalid": ids.invalid, "aria-describedby": ids.describedBy })}
      {help ? (
        <p id={ids.helpId} className="mt-1 text-sm text-slate-600">
          {help}
        </p>
      ) : null}
      <FieldErrorLine id={ids.errorId} errors={errors} />
    </div>
  );
}

export function Field({ inputProps, ...frame }: FieldProps<{ inputProps: InputHTMLAttributes<HTMLInputElement> }>) {
  return (
    <FieldFrame
      {...frame}
      givenId={inputProps.id}
      control={(aria) => <input {...inputProps} {...aria} className={`input ${inputProps.className ?? ""}`} />}
    />
  );
}

export function SelectField({
  selectProps,
  children,
  ...frame
}: FieldProps<{ selectProps: SelectHTMLAttributes<HTMLSelectElement>; children: ReactNode }>) {
  return (
    <FieldFrame
      {...frame}
      givenId={selectProps.id}
      control={(aria) => (
        <select {...selectProps} {...aria} className={`input ${selectProps.className ?? ""}`}>
          {children}
        </select>
      )}
    />
  );
}

export function TextareaField({
  textareaProps,
  ...frame
}: FieldProps<{ textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement> }>) {
  return (
    <FieldFrame
      {...frame}
      givenId={textareaProps.id}
      control={(aria) => <textarea {...textareaProps} {...aria} className={`input ${textareaProps.className ?? ""}`} />}
    />
  );
}

/** A native checkbox (works without JavaScript), its label beside it. */
export function CheckboxField({
  label,
  errors,
  className,
  inputProps,
}: FieldProps<{ inputProps: InputHTMLAttributes<HTMLInputElement> }>) {
  const ids = useFieldIds(inputProps.id, errors, false);
  return (
    <div className={className}>
      <div className="flex items-start gap-2">
        <input
          {...inputProps}
          type="checkbox"
          id={ids.id}
          aria-invalid={ids.invalid}
          aria-describedby={ids.describedBy}
          className="mt-1 h-4 w-4 rounded border-slate-400 text-brand-600 focus:ring-brand-600"
        />
        <label htmlFor={ids.id} className="text-sm text-slate-800">
          {label}
        </label>
      </div>
      <FieldErrorLine id={ids.errorId} errors={errors} />
    </div>
  );
}
