import { parseWithZod } from "@conform-to/zod";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { z } from "zod";
import { useMessages } from "~/components/forms";
import { DEFAULT_LANGUAGE, LANGUAGE_PARAM } from "~/features/languages/languages";
import { metaT } from "~/features/languages/translate";
import { redirectWithOutcome, refusalInit } from "~/http/replies.server";
import { clientAddress } from "~/.server/rate-limit";
import { requestTimeZone } from "~/.server/time-zone";
import { RENDERED_VERSION_HEADER } from "~/features/tracking/tracking-cache.server";
import { lookUpTracking } from "~/features/tracking/tracking.server";
import { proofForViewer } from "~/features/couriers/proofs.server";
import { DeliveryProofCard } from "~/features/couriers/delivery-proof";
import { acceptsSubscribers, subscribeToTracking } from "~/features/tracking/tracking-subscriptions.server";
import { useRootData, useTimeZone } from "~/components/root-data";
import { TrackingForm } from "~/features/tracking/tracking-form";
import { DeliveryRating } from "~/features/ratings/delivery-rating";
import { TrackingResult } from "~/features/tracking/tracking-result";
import { isEmail, normalizeEmail } from "~/domain/contact-details";
import { isHoneypotFilled } from "~/domain/honeypot";
import { hasDeliveryDayToCome } from "~/features/tracking/icalendar";
import { normalizeTrackingId } from "~/features/tracking/tracking-id";
import { trackingTimeline } from "~/features/tracking/tracking-timeline";
import type { ScriptsHandle } from "~/components/page-scripts";
import { companyNameOf, FALLBACK_COMPANY_NAME } from "~/components/company-name";

export const handle: ScriptsHandle = { hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ params, matches }) => {
  const t = metaT(matches, "tracking");
  const company = companyNameOf(matches);
  return [
    { title: t("Tracking {{trackingId}} | {{company}}", { trackingId: params.trackingId ?? "", company }) },
    { name: "description", content: t("Status, delivery progress and history of your {{company}} shipment.", { company }) },
  ];
};

// Retry-After of a 429 or 503 reaches the document response too.
export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => (actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders);

/** "Keep me posted": the address to mail this shipment's status changes to. */
const SubscribeSchema = z.object({
  intent: z.literal("subscribe"),
  email: z
    .string({ required_error: "Email is required", invalid_type_error: "Please enter a valid email address" })
    .trim()
    .min(1, "Email is required")
    .max(254, "Please enter a valid email address")
    .transform(normalizeEmail)
    .refine(isEmail, "Please enter a valid email address"),
});

const SUBSCRIBE_ANCHOR = "keep-me-posted";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const raw = params.trackingId ?? "";
  const trackingId = normalizeTrackingId(raw);
  if (trackingId === "") throw redirect("/track");
  if (trackingId !== raw) throw redirect(`/track/${encodeURIComponent(trackingId)}${url.search}`, 301);

  const limit = await context.trackingLimit();
  if (!limit.allowed) {
    return data(
      { state: "error" as const, trackingId, message: "Too many tracking requests. Please wait a minute and try again." },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }

  try {
    const viewer = await context.sessionUser();
    const [found, proof] = await Promise.all([lookUpTracking(context.db, trackingId, viewer), proofForViewer(context.db, trackingId, viewer)]);
    if (!found) return data({ state: "not-found" as const, trackingId }, { status: 404 });
    const { rating, publicVersion, ...view } = found;
    const now = Date.now();
    const timeZone = requestTimeZone(request);
    const timeline = trackingTimeline({ ...view, now, timeZone });
    // The calendar file speaks the page's language, also when the page was linked in it.
    const language = await context.language();
    const calendarPath = `/track/${encodeURIComponent(trackingId)}/calendar.ics`;
    // The edge cache stores the page under the version this render read (decision 131).
    return data({
      state: "found" as const,
      trackingId,
      view,
      timeline,
      rating,
      proof,
      signedIn: viewer !== null,
      print: url.searchParams.get("print") === "1",
      // Updates by mail while anything can still happen; the owner gets them through the profile's preferences.
      subscribe: acceptsSubscribers(view.status) && !view.viewerIsOwner,
      calendar: hasDeliveryDayToCome(view, { now, timeZone })
        ? language === DEFAULT_LANGUAGE
          ? calendarPath
          : `${calendarPath}?${LANGUAGE_PARAM}=${language}`
        : null,
    }, { headers: { [RENDERED_VERSION_HEADER]: publicVersion } });
  } catch (error) {
    console.error("Tracking look-up failed", error);
    return data(
      { state: "error" as const, trackingId, message: "Failed to track shipment" },
      { status: 503, headers: { "Retry-After": "30" } },
    );
  }
}

/** 'Keep me posted': one service call; a refusal shows beside the field, a success as a notice on the page. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const trackingId = normalizeTrackingId(params.trackingId ?? "");
  const back = `/track/${encodeURIComponent(trackingId)}`;
  const form = await request.formData();
  // A bot that fills the hidden field is answered like anyone else and nothing is sent.
  if (isHoneypotFilled(form)) return redirect(back);
  const submission = parseWithZod(form, { schema: SubscribeSchema });
  if (submission.status !== "success") {
    return data({ email: String(submission.payload.email ?? "").slice(0, 254), errors: submission.error?.email ?? ["Please use the form to continue."] }, { status: 400 });
  }
  const outcome = await subscribeToTracking(context, {
    trackingId,
    email: submission.value.email,
    clientAddress: clientAddress(request),
    language: await context.language(),
  });
  if (!outcome.ok) {
    return data({ email: submission.value.email, errors: [outcome.message ?? "Failed to subscribe"] }, refusalInit(outcome));
  }
  return redirectWithOutcome(context.cloudflare.env, `${back}#${SUBSCRIBE_ANCHOR}`, outcome);
}

export default function TrackingPage() {
  const result = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const timeZone = useTimeZone();
  const formShown = result.state === "found" && !result.view.viewerIsOwner && result.subscribe;
  const companyName = useRootData()?.site.companyName ?? FALLBACK_COMPANY_NAME;
  const { t } = useTranslation("tracking");
  const message = useMessages();
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-10 print:max-w-none print:p-0">
      {/* On paper the site's header is gone: the document names the company itself. */}
      <header className="mb-4 hidden border-b border-slate-300 pb-3 print:block">
        <p className="text-xl font-bold text-brand-800">{companyName}</p>
        <p className="text-sm text-slate-700">{t("Shipment tracking report")}</p>
      </header>
      <div className="mb-8 print:hidden">
        <h1 className="mb-4 text-3xl font-bold">{t("Track your package")}</h1>
        <div className="card">
          <TrackingForm key={result.trackingId} defaultValue={result.trackingId} />
        </div>
      </div>
      {/* A refused request for updates where the page offers none (an unknown or settled parcel) says why here. */}
      {answer?.errors && !formShown ? (
        <p role="alert" className="mb-8 rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
          {answer.errors.map((error) => message(error)).join(" ")}
        </p>
      ) : null}
      {result.state === "found" ? (
        <div className="space-y-6 print:space-y-3">
          <TrackingResult
            view={result.view}
            timeline={result.timeline}
            timeZone={timeZone}
            proof={result.proof ? <DeliveryProofCard proof={result.proof} timeZone={timeZone} /> : null}
            signedIn={result.signedIn}
            autoPrint={result.print}
            calendarHref={result.calendar}
            subscription={
              result.view.viewerIsOwner
                ? { kind: "owner" }
                : result.subscribe
                  ? { kind: "form", anchor: SUBSCRIBE_ANCHOR, email: answer?.email ?? "", errors: answer?.errors ?? null }
                  : null
            }
          />
          {result.rating ? <DeliveryRating trackingId={result.trackingId} prompt={result.rating} /> : null}
        </div>
      ) : result.state === "not-found" ? (
        <section className="card text-center" aria-labelledby="not-found-title">
          <h2 id="not-found-title" className="mb-2 text-xl font-semibold">
            {t("No tracking information found")}
          </h2>
          <p className="mb-4 text-slate-700">
            <Trans
              t={t}
              i18nKey="We could not find a shipment with the tracking ID <id>{{trackingId}}</id>. Check the number on your receipt and try again."
              values={{ trackingId: result.trackingId }}
              components={{ id: <span className="font-mono font-semibold" /> }}
            />
          </p>
          <Link to="/track" className="btn-primary">
            {t("Try Another Number")}
          </Link>
        </section>
      ) : (
        <section role="alert" className="card border-red-300 bg-red-50" aria-labelledby="error-title">
          <h2 id="error-title" className="mb-2 text-xl font-semibold text-red-900">
            {t("Tracking Error")}
          </h2>
          <p className="mb-4 text-red-900">{message(result.message)}</p>
          <a href={`/track/${encodeURIComponent(result.trackingId)}`} className="btn-secondary">
            {t("Try again")}
          </a>
        </section>
      )}
    </main>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
