import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import {
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Trans, useTranslation } from "react-i18next";
import type { z } from "zod";
import {
  changePassword,
  getProfile,
  requestAccountDeletion,
  updateNotificationPreferences,
  updateProfile,
} from "~/features/accounts/accounts.server";
import { type Done, type Refused } from "~/.server/outcome";
import { formAnswer, redirectWithOutcome } from "~/http/replies.server";
import { type SessionUser } from "~/features/accounts/session.server";
import { requireUser } from "~/http/guards.server";
import { clientOf } from "~/features/accounts/client.server";
import { CheckboxField, Field, FormErrors, SelectField } from "~/components/forms";
import { NewPasswordFields, PasswordField } from "~/features/accounts/password-field";
import { useLanguage, useLocale, useTimeZone } from "~/components/root-data";
import {
  LanguagePreferenceSchema,
  NotificationPreferencesSchema,
  PasswordChangeSchema,
  ProfileActionSchema,
  ProfileDetailsSchema,
} from "~/features/accounts/account-forms";
import { COUNTRIES } from "~/domain/countries";
import { countryName, formatDate, formatDateTime } from "~/domain/format";
import { passwordStrength } from "~/features/accounts/password-strength";
import { planSummary } from "~/features/pricing/pricing-plans";
import { WrapPoints } from "~/components/wrap-points";
import { companyNameOf } from "~/components/company-name";
import type { ScriptsHandle } from "~/components/page-scripts";
import { chooseLanguage } from "~/features/languages/language-choice.server";
import { LANGUAGE_NAMES, LANGUAGES, LOCALES, tk } from "~/features/languages/languages";
import { metaT } from "~/features/languages/translate";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "accounts");
  const company = companyNameOf(matches);
  return [
    { title: t("Profile | {{company}}", { company }) },
    { name: "description", content: t("Your {{company}} profile: personal details, password, notification preferences and privacy.", { company }) },
  ];
};

export const headers: HeadersFunction = ({ actionHeaders }) => actionHeaders;

// Plain HTML and the public pages' script here; /admin/profile, the same page in the admin layout, hydrates with it.
export const handle: ScriptsHandle = { hydrate: false };

const TABS = [
  { id: "profile", label: tk("Profile") },
  { id: "security", label: tk("Security") },
  { id: "notifications", label: tk("Notifications") },
  { id: "privacy", label: tk("Privacy") },
] as const;
type TabId = (typeof TABS)[number]["id"];

function tabOf(value: string | null): TabId {
  return TABS.find((tab) => tab.id === value)?.id ?? "profile";
}

/** A tab's address, relative to the page: the same page serves /profile and, for admins, /admin/profile. */
function tabUrl(tab: TabId, edit = false): string {
  return `?tab=${tab}${edit ? "&edit=1" : ""}`;
}

/** The page's own path (/profile or /admin/profile), for redirects. */
function pagePath(request: Request): string {
  return new URL(request.url).pathname.replace(/\.data$/, "");
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  const url = new URL(request.url);
  const tab = tabOf(url.searchParams.get("tab"));
  const editing = tab === "profile" && url.searchParams.get("edit") === "1";
  const [profile, language] = await Promise.all([getProfile(context.db, user.id), context.language()]);
  const locale = LOCALES[language];
  const countries = editing ? COUNTRIES.map(({ code }) => ({ code, name: countryName(code, locale) })).sort((a, b) => a.name.localeCompare(b.name, locale)) : [];
  return { tab, editing, profile, countries };
}

const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmNewPassword"];

/** Each form's tab: a refused submission shows there, a saved one leads back there. */
const TAB_OF_FORM = { profile: "profile", password: "security", notifications: "notifications", "request-deletion": "privacy", language: "profile" } as const;
type FormIntent = keyof typeof TAB_OF_FORM;

function formIntent(value: unknown): FormIntent | null {
  return typeof value === "string" && Object.hasOwn(TAB_OF_FORM, value) ? (value as FormIntent) : null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(context, request);
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: ProfileActionSchema });
  const intent = formIntent(submission.payload.intent);
  // The password fields never go back to the browser; how strong the new one was does, for the meter.
  const strength = intent === "password" ? passwordStrength(form.get("newPassword")) : null;
  const answer = { hideFields: PASSWORD_FIELDS, extra: { intent, strength } };
  if (submission.status !== "success") return formAnswer(submission, undefined, answer);
  const outcome = await saveForm(context, user, submission.value, request);
  if (!outcome.ok) return formAnswer(submission, outcome, answer);
  const headers = "setCookie" in outcome ? { "Set-Cookie": outcome.setCookie } : undefined;
  return redirectWithOutcome(context.cloudflare.env, pagePath(request) + tabUrl(TAB_OF_FORM[submission.value.intent]), outcome, { headers });
}

/** The one accounts-service call each form makes. */
async function saveForm(
  context: ActionFunctionArgs["context"],
  user: SessionUser,
  value: z.output<typeof ProfileActionSchema>,
  request: Request,
): Promise<Done | Refused | Awaited<ReturnType<typeof chooseLanguage>>> {
  switch (value.intent) {
    case "profile": {
      const { intent: _intent, ...details } = value;
      return updateProfile(context, { userId: user.id, details });
    }
    case "password":
      return changePassword(context, { user, currentPassword: value.currentPassword, newPassword: value.newPassword, client: await clientOf(request, context.cloudflare.env) });
    case "notifications":
      return updateNotificationPreferences(context, { userId: user.id, preferences: value });
    case "request-deletion":
      return requestAccountDeletion(context, { userId: user.id });
    case "language":
      return chooseLanguage(context, { user, language: value.language });
  }
}

type Profile = Awaited<ReturnType<typeof loader>>["profile"];

/** The last failed submission of the form with this intent, for its useForm. */
function useLastResult(intent: string): SubmissionResult<string[]> | undefined {
  const actionData = useActionData<typeof action>();
  return actionData?.intent === intent ? (actionData.result ?? undefined) : undefined;
}

export default function ProfilePage() {
  const { tab: requestedTab, editing, profile } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  // A refused submission shows its own tab (and the edit form) whatever the address says.
  const failedTab = actionData?.intent === "request-deletion" ? "privacy" : actionData?.intent === "password" ? "security" : actionData?.intent;
  const tab = tabOf(failedTab ?? requestedTab);
  const showEditForm = editing || actionData?.intent === "profile";
  const { t } = useTranslation("accounts");
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="mb-1 text-3xl font-bold">{t("Profile")}</h1>
      <p className="mb-6 text-slate-700">
        {profile.firstName} {profile.lastName}, {profile.email}
      </p>
      <nav aria-label={t("Profile sections")} className="mb-6 border-b border-slate-200">
        <ul className="-mb-px flex flex-wrap gap-1">
          {TABS.map((item) => (
            <li key={item.id}>
              <Link
                to={tabUrl(item.id)}
                aria-current={item.id === tab ? "page" : undefined}
                className={`inline-block border-b-2 px-4 py-2 text-sm font-semibold ${
                  item.id === tab ? "border-brand-600 text-brand-800" : "border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900"
                }`}
              >
                {t(item.label)}
              </Link>
            </li>
          ))}
          <li>
            <Link
              to={location.pathname.startsWith("/admin/") ? "/admin/api-keys" : "/profile/api-keys"}
              className="inline-block border-b-2 border-transparent px-4 py-2 text-sm font-semibold text-slate-700 hover:border-slate-300 hover:text-slate-900"
            >
              {t("API keys")}
            </Link>
          </li>
          <li>
            <Link
              to={location.pathname.startsWith("/admin/") ? "/admin/webhooks" : "/profile/webhooks"}
              className="inline-block border-b-2 border-transparent px-4 py-2 text-sm font-semibold text-slate-700 hover:border-slate-300 hover:text-slate-900"
            >
              Webhooks
            </Link>
          </li>
        </ul>
      </nav>
      {tab === "profile" ? showEditForm ? <ProfileEditForm profile={profile} /> : <ProfileDetails profile={profile} /> : null}
      {tab === "profile" ? <LanguageForm /> : null}
      {/* Each answer is a new page: the fields start empty again, as they do without JavaScript (never a password left in them). */}
      {tab === "security" ? <PasswordChangeForm key={location.key} /> : null}
      {tab === "notifications" ? <NotificationsForm profile={profile} /> : null}
      {tab === "privacy" ? <PrivacySection profile={profile} /> : null}
    </main>
  );
}

function Panel({ id = "panel-title", title, children, description }: { id?: string; title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="card">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {description ? <p className="mb-4 mt-1 text-sm text-slate-700">{description}</p> : <div className="mb-4" />}
      {children}
    </section>
  );
}

function ProfileDetails({ profile }: { profile: Profile }) {
  const timeZone = useTimeZone();
  const locale = useLocale();
  const { t } = useTranslation("accounts");
  const rows: [string, string][] = [
    [t("First name"), profile.firstName],
    [t("Last name"), profile.lastName],
    [t("Email"), profile.email],
    [t("Phone number"), profile.phone ?? "-"],
    [t("Address"), profile.address ?? "-"],
    [t("City"), profile.city ?? "-"],
    [t("Country"), profile.country ? countryName(profile.country, locale) : "-"],
    [t("Postal code"), profile.postalCode ?? "-"],
    [t("Plan"), profile.plan && profile.planBilling ? planSummary(profile.plan, profile.planBilling) : t("No plan: pay per shipment")],
    [t("Member since"), formatDate(profile.createdAt, timeZone, locale)],
  ];
  return (
    <Panel title={t("Personal information")}>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt className="text-sm font-medium text-slate-600">{term}</dt>
            <dd className="text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <Link to={tabUrl("profile", true)} className="btn-primary mt-6">
        {t("Edit Profile")}
      </Link>
    </Panel>
  );
}

function ProfileEditForm({ profile }: { profile: Profile }) {
  const { countries } = useLoaderData<typeof loader>();
  const [form, fields] = useForm({
    id: "profile-details",
    lastResult: useLastResult("profile"),
    defaultValue: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      phone: profile.phone ?? "",
      address: profile.address ?? "",
      city: profile.city ?? "",
      country: profile.country ?? "",
      postalCode: profile.postalCode ?? "",
    },
    constraint: getZodConstraint(ProfileDetailsSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProfileDetailsSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const { t } = useTranslation("accounts");
  return (
    <Panel title={t("Edit personal information")} description={t("Your e-mail address identifies your account and cannot be changed here.")}>
      <Form method="post" action={tabUrl("profile", true)} {...getFormProps(form)} className="space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t("First name")}
            inputProps={{ ...getInputProps(fields.firstName, { type: "text" }), autoComplete: "given-name" }}
            errors={fields.firstName.errors}
          />
          <Field
            label={t("Last name")}
            inputProps={{ ...getInputProps(fields.lastName, { type: "text" }), autoComplete: "family-name" }}
            errors={fields.lastName.errors}
          />
          <div>
            <p className="label">{t("Email")}</p>
            <p className="break-words py-2 text-slate-900">
              <WrapPoints text={profile.email} />
            </p>
          </div>
          <Field label={t("Phone number")} inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "tel" }} errors={fields.phone.errors} />
          <Field
            label={t("Address")}
            className="sm:col-span-2"
            inputProps={{ ...getInputProps(fields.address, { type: "text" }), autoComplete: "street-address" }}
            errors={fields.address.errors}
          />
          <Field label={t("City")} inputProps={{ ...getInputProps(fields.city, { type: "text" }), autoComplete: "address-level2" }} errors={fields.city.errors} />
          <Field
            label={t("Postal code")}
            inputProps={{ ...getInputProps(fields.postalCode, { type: "text" }), autoComplete: "postal-code" }}
            errors={fields.postalCode.errors}
          />
          <SelectField label={t("Country")} selectProps={{ ...getSelectProps(fields.country), autoComplete: "country" }} errors={fields.country.errors}>
            <option value="">{t("Choose a country")}</option>
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="flex gap-3">
          <button type="submit" name="intent" value="profile" className="btn-primary" data-pending="">
            {t("Save")}
          </button>
          <Link to={tabUrl("profile")} className="btn-secondary">
            {t("Cancel")}
          </Link>
        </div>
      </Form>
    </Panel>
  );
}

function PasswordChangeForm() {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "password-change",
    lastResult: useLastResult("password"),
    constraint: getZodConstraint(PasswordChangeSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PasswordChangeSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const strength = actionData?.intent === "password" ? actionData.strength : null;
  const { t } = useTranslation("accounts");
  return (
    <Panel title={t("Change password")} description={t("Changing your password signs you out everywhere else.")}>
      <Form method="post" action={tabUrl("security")} {...getFormProps(form)} className="max-w-md space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <PasswordField
          label={t("Current password")}
          inputProps={{ ...getInputProps(fields.currentPassword, { type: "password" }), autoComplete: "current-password" }}
          errors={fields.currentPassword.errors}
        />
        <NewPasswordFields
          password={fields.newPassword}
          confirmation={fields.confirmNewPassword}
          labels={{ password: t("New password"), confirmation: t("Confirm new password") }}
          strength={strength ?? null}
        />
        <button type="submit" name="intent" value="password" className="btn-primary" data-pending="">
          {t("Update Password")}
        </button>
      </Form>
    </Panel>
  );
}

const NOTIFICATION_OPTIONS = [
  { name: "emailNotifications", label: tk("Email notifications"), help: tk("Shipment updates by e-mail") },
  { name: "smsNotifications", label: tk("SMS notifications"), help: tk("Shipment updates by text message") },
  { name: "pushNotifications", label: tk("Push notifications"), help: tk("Updates in your browser") },
  { name: "marketingEmails", label: tk("Marketing emails"), help: tk("Offers and service news") },
] as const;

function NotificationsForm({ profile }: { profile: Profile }) {
  const [form, fields] = useForm({
    id: "notifications",
    lastResult: useLastResult("notifications"),
    defaultValue: {
      emailNotifications: profile.emailNotifications,
      smsNotifications: profile.smsNotifications,
      pushNotifications: profile.pushNotifications,
      marketingEmails: profile.marketingEmails,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NotificationPreferencesSchema }),
  });
  const { t } = useTranslation("accounts");
  return (
    <Panel title={t("Notification preferences")} description={t("Choose how we keep you informed.")}>
      <Form method="post" action={tabUrl("notifications")} {...getFormProps(form)} className="space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <fieldset className="space-y-3">
          <legend className="sr-only">{t("Notifications")}</legend>
          {NOTIFICATION_OPTIONS.map((option) => (
            <CheckboxField
              key={option.name}
              label={
                <>
                  <span className="font-medium">{t(option.label)}</span>
                  <span className="block text-slate-600">{t(option.help)}</span>
                </>
              }
              inputProps={getInputProps(fields[option.name], { type: "checkbox" })}
            />
          ))}
        </fieldset>
        <button type="submit" name="intent" value="notifications" className="btn-primary" data-pending="">
          {t("Save Preferences")}
        </button>
      </Form>
    </Panel>
  );
}

function PrivacySection({ profile }: { profile: Profile }) {
  const timeZone = useTimeZone();
  const locale = useLocale();
  const { t } = useTranslation("accounts");
  return (
    <Panel
      title={t("Privacy")}
      description={
        <Trans t={t} i18nKey="How we use your data is described in our <privacy>Privacy Policy</privacy>." components={{ privacy: <Link to="/privacy" className="link" /> }} />
      }
    >
      <h3 className="mb-1 font-semibold">{t("Delete your account")}</h3>
      {profile.deletionRequestedAt ? (
        <p className="text-sm text-slate-700" role="status">
          {t("You asked for your account to be deleted on {{date}}. Our support team will contact you to confirm.", {
            date: formatDateTime(profile.deletionRequestedAt, timeZone, locale),
          })}
        </p>
      ) : (
        <>
          <p className="mb-4 text-sm text-slate-700">
            {t("Our support team deletes accounts on request, after checking that no shipment of yours is still on its way.")}
          </p>
          <Form method="post" action={tabUrl("privacy")}>
            <button type="submit" name="intent" value="request-deletion" className="btn-danger">
              {t("Request Account Deletion")}
            </button>
          </Form>
        </>
      )}
    </Panel>
  );
}

/** The language of the person's pages and mail; saved, it also holds on this browser after signing out. */
function LanguageForm() {
  const { t } = useTranslation("accounts");
  const language = useLanguage();
  const [form, fields] = useForm({
    id: "language-preference",
    lastResult: useLastResult("language"),
    defaultValue: { language },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LanguagePreferenceSchema }),
  });
  return (
    <div className="mt-6">
      <Panel id="language-title" title={t("Language")} description={t("The language of your pages and of the e-mails we send you.")}>
        <Form method="post" action={tabUrl("profile")} {...getFormProps(form)} className="flex flex-wrap items-end gap-3">
          <FormErrors id={form.errorId} errors={form.errors} />
          <SelectField label={t("Language")} className="min-w-48" selectProps={getSelectProps(fields.language)} errors={fields.language.errors}>
            {LANGUAGES.map((code) => (
              <option key={code} value={code} lang={code}>
                {LANGUAGE_NAMES[code]}
              </option>
            ))}
          </SelectField>
          <button type="submit" name="intent" value="language" className="btn-primary" data-pending="">
            {t("Save Language")}
          </button>
        </Form>
      </Panel>
    </div>
  );
}
