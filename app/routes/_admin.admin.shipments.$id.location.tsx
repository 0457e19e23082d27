import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { actorFor } from "~/.server/events";
import { redirectWithOutcome, refusalInit } from "~/http/replies.server";
import { safeRedirect } from "~/.server/safe-redirect";
import { requireAdmin } from "~/http/guards.server";
import { setShipmentLocation } from "~/features/shipments/shipment-changes.server";
import { rowActionPage } from "~/features/shipments/shipment-list.server";
import { LocationForm } from "~/features/shipments/shipment-actions";
import { MAX_LENGTH } from "~/domain/field-limits";
import { RedirectToSchema } from "~/domain/form-fields";
import { LOCATION_REQUIRED, LocationSchema } from "~/features/shipments/shipment-places";
import { companyNameOf } from "~/components/company-name";
import { metaT } from "~/features/languages/translate";
import { Trans, useTranslation } from "react-i18next";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "shipments");
  return [
    { title: t("{{page}} | {{company}} Admin", { page: t("Current location"), company: companyNameOf(matches) }) },
    { name: "description", content: t("Set where a parcel is now.") },
  ];
};

const DASHBOARD = "/admin/dashboard";

/** An empty or meaningless location is refused with a message (docs/decisions/021). */
const LocationFormSchema = z.object({ location: LocationSchema, redirectTo: RedirectToSchema });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  return rowActionPage(context.db, request, params.id ?? "", DASHBOARD);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const submission = parseWithZod(await request.formData(), { schema: LocationFormSchema });
  const redirectTo = safeRedirect(RedirectToSchema.parse(submission.payload.redirectTo), DASHBOARD);
  // This page shows the message beside the field, with what was typed (the list's dialog posts here too).
  const typed = typeof submission.payload.location === "string" ? submission.payload.location.slice(0, MAX_LENGTH.location * 2) : "";
  if (submission.status !== "success") {
    return data({ error: submission.error?.location?.[0] ?? LOCATION_REQUIRED, location: typed, redirectTo }, { status: 400 });
  }
  const outcome = await setShipmentLocation(context, { shipmentId: params.id ?? "", location: submission.value.location, actor: actorFor(admin) });
  if (!outcome.ok && outcome.reason === "invalid") return data({ error: outcome.message ?? "", location: typed, redirectTo }, refusalInit(outcome));
  return redirectWithOutcome(context.cloudflare.env, redirectTo, outcome);
}

export default function CurrentLocationPage() {
  const { shipment, redirectTo } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("shipments");
  return (
    <main id="main" className="mx-auto w-full max-w-xl p-6">
      <div className="card space-y-4">
        <h1 className="text-2xl font-bold">
          <Trans t={t} i18nKey="Current location of <mono>{{trackingId}}</mono>" values={{ trackingId: shipment.trackingId }} components={{ mono: <span className="font-mono" /> }} />
        </h1>
        <LocationForm
          shipmentId={shipment.id}
          currentLocation={answer ? answer.location : shipment.currentLocation}
          redirectTo={answer?.redirectTo ?? redirectTo}
          error={answer?.error}
          idPrefix="page"
        />
      </div>
    </main>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
