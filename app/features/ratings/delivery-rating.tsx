// The delivery rating on the tracking page and on the rating link's page: the form (a plain
// POST to /track/<id>/rate, no JavaScript needed) for the owner or a holder of the mailed
// link, the rating once given, or where to rate from.
import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { useLocale } from "~/components/root-data";
import type { RatingPrompt } from "~/features/ratings/ratings.server";
import { RATING_COMMENT_MAX, RATING_LABELS, RATING_SCORES } from "~/features/ratings/rating-scale";
import { ErrorList, FormErrors, TextareaField } from "~/components/forms";

export function ratePath(trackingId: string): string {
  return `/track/${encodeURIComponent(trackingId)}/rate`;
}

export function DeliveryRating({
  trackingId,
  prompt,
  lastResult,
}: {
  trackingId: string;
  prompt: RatingPrompt;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation("tracking");
  if (prompt.state === "not-delivered") return null;
  return (
    <section className="card space-y-3 print:hidden" aria-labelledby="rating-title">
      <h2 id="rating-title" className="text-lg font-semibold">
        {t("Rate this delivery")}
      </h2>
      {/* A refused second rating (409) says why above the rating already given. */}
      {prompt.state === "rated" ? <FormErrors errors={lastResult?.error?.[""]} /> : null}
      {prompt.state === "rated" ? (
        prompt.rating ? (
          <div className="space-y-1">
            <p>
              <Trans t={t} i18nKey="Rated <score>{{score}} / 5</score>. Thank you!" values={{ score: prompt.rating.score }} components={{ score: <strong /> }} />
            </p>
            {prompt.rating.comment ? <p className="whitespace-pre-line text-slate-700">{t("“{{comment}}”", { comment: prompt.rating.comment })}</p> : null}
          </div>
        ) : (
          <p className="text-slate-700">{t("This delivery has been rated.")}</p>
        )
      ) : prompt.state === "link-needed" ? (
        <p className="text-slate-700">
          <Trans
            t={t}
            i18nKey="The sender and the recipient received a rating link by e-mail at delivery. The shipment's owner can also <signIn>sign in</signIn> to rate it."
            components={{ signIn: <Link to={`/login?redirectTo=${encodeURIComponent(`/track/${trackingId}`)}`} className="link" /> }}
          />
        </p>
      ) : (
        <RatingForm trackingId={trackingId} token={prompt.token} lastResult={lastResult} />
      )}
    </section>
  );
}

/** The form as plain HTML: the server checks it (a 400 lists every error) and nothing is loaded for it in the browser. */
function RatingForm({ trackingId, token, lastResult }: { trackingId: string; token: string | null; lastResult?: SubmissionResult<string[]> | null }) {
  const errors = lastResult?.error ?? {};
  const sent = (lastResult?.initialValue ?? {}) as Record<string, unknown>;
  const scoreErrorId = errors.score?.length ? "delivery-rating-score-error" : undefined;
  const { t } = useTranslation("tracking");
  const locale = useLocale();
  return (
    // The token rides in the address too, so that a refused form comes back still holding it.
    <Form
      method="post"
      action={token ? `${ratePath(trackingId)}?token=${encodeURIComponent(token)}` : ratePath(trackingId)}
      id="delivery-rating"
      className="space-y-4"
    >
      <p className="text-slate-700">{t("How did the delivery go? One rating per shipment.")}</p>
      <FormErrors errors={errors[""]} />
      {token ? <input type="hidden" name="token" value={token} /> : null}
      <fieldset aria-describedby={scoreErrorId}>
        <legend className="label">{t("Your rating")}</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {RATING_SCORES.map((score) => (
            <label key={score} className="flex items-center gap-2">
              <input type="radio" name="score" value={score} defaultChecked={sent.score === String(score)} />
              {t(RATING_LABELS[score])}
            </label>
          ))}
        </div>
        <ErrorList id={scoreErrorId} errors={errors.score} />
      </fieldset>
      <TextareaField
        label={t("Comment (optional)")}
        help={t("Up to {{max}} characters.", { max: RATING_COMMENT_MAX.toLocaleString(locale) })}
        errors={errors.comment}
        textareaProps={{ id: "delivery-rating-comment", name: "comment", rows: 3, defaultValue: typeof sent.comment === "string" ? sent.comment : undefined }}
      />
      <button type="submit" className="btn-primary">
        {t("Send rating")}
      </button>
    </Form>
  );
}
