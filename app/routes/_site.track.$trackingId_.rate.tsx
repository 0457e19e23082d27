// The rating link mailed at delivery, and where the tracking page's rating form posts.
import { parseWithZod } from "@conform-to/zod";
import { redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { metaT } from "~/features/languages/translate";
import { invariantResponse } from "~/.server/invariant";
import { formAnswer, redirectWithOutcome } from "~/http/replies.server";
import { clientAddress } from "~/.server/rate-limit";
import { getRatingPrompt, rateDelivery } from "~/features/ratings/ratings.server";
import { DeliveryRating } from "~/features/ratings/delivery-rating";
import { RatingSchema } from "~/features/ratings/ratings";
import { normalizeTrackingId } from "~/features/tracking/tracking-id";
import type { ScriptsHandle } from "~/components/page-scripts";
import { companyNameOf } from "~/components/company-name";

export const handle: ScriptsHandle = { hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ params, matches }) => {
  const t = metaT(matches, "tracking");
  const company = companyNameOf(matches);
  return [
    { title: t("Rate delivery {{trackingId}} | {{company}}", { trackingId: params.trackingId ?? "", company }) },
    // No noindex (as decision 005): without the mailed token the page only says where to rate from.
    { name: "description", content: t("Rate the delivery of your {{company}} shipment from 1 to 5, once.", { company }) },
  ];
};

export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders }) => (actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const trackingId = normalizeTrackingId(params.trackingId ?? "");
  invariantResponse(trackingId !== "", "Shipment not found", { status: 404 });
  const token = new URL(request.url).searchParams.get("token")?.slice(0, 200) || undefined;
  const prompt = await getRatingPrompt(context, { trackingId, viewer: await context.sessionUser(), token });
  invariantResponse(prompt, "Shipment not found", { status: 404 });
  // Before delivery there is nothing to rate: the tracking page says where the shipment is.
  if (prompt.state === "not-delivered") throw redirect(`/track/${encodeURIComponent(trackingId)}`);
  return { trackingId, prompt };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const trackingId = normalizeTrackingId(params.trackingId ?? "");
  const submission = parseWithZod(await request.formData(), { schema: RatingSchema });
  if (submission.status !== "success") return formAnswer(submission);
  const outcome = await rateDelivery(context, {
    trackingId,
    score: submission.value.score,
    comment: submission.value.comment,
    token: submission.value.token,
    viewer: await context.sessionUser(),
    clientAddress: clientAddress(request),
  });
  if (!outcome.ok) return formAnswer(submission, outcome);
  return redirectWithOutcome(context.cloudflare.env, `/track/${encodeURIComponent(trackingId)}`, outcome);
}

export default function RateDeliveryPage() {
  const { trackingId, prompt } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("tracking");
  return (
    <main id="main" className="mx-auto max-w-2xl space-y-6 px-4 py-10">
      <h1 className="text-3xl font-bold">{t("Rate delivery {{trackingId}}", { trackingId })}</h1>
      <DeliveryRating trackingId={trackingId} prompt={prompt} lastResult={actionData?.result} />
      <Link to={`/track/${encodeURIComponent(trackingId)}`} className="link">
        {t("Back to tracking {{trackingId}}", { trackingId })}
      </Link>
    </main>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
