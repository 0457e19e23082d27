import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { countryOptions, createShipmentFromForm, currencyOptions, newShipmentForm, priceShipmentForm, shipmentFormConstraint } from "~/features/shipments/admin-shipment-form.server";
import { shipmentFormAnswer } from "~/http/replies.server";
import { actorFor } from "~/.server/events";
import { redirectWithOutcome } from "~/http/replies.server";
import { clientAddress } from "~/.server/rate-limit";
import { requireAdmin } from "~/http/guards.server";
import { ShipmentForm } from "~/features/shipments/shipment-form";
import { ShipmentFormActionSchema } from "~/features/shipments/admin-shipment-form";
import { companyNameOf } from "~/components/company-name";
import { metaT } from "~/features/languages/translate";
import { useTranslation } from "react-i18next";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "shipments");
  return [
    { title: t("{{page}} | {{company}} Admin", { page: t("Create New Shipment"), company: companyNameOf(matches) }) },
    { name: "description", content: t("Create a shipment with its price and estimated delivery.") },
  ];
};

// A 429's Retry-After reaches the document response too.
export const headers: HeadersFunction = ({ actionHeaders }) => actionHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const [{ defaultValue, summary }, currencies] = await Promise.all([newShipmentForm(context), currencyOptions(context.db)]);
  return { countries: countryOptions(), currencies, defaultValue, summary, constraint: shipmentFormConstraint(false) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const submission = parseWithZod(await request.formData(), { schema: ShipmentFormActionSchema });
  if (submission.status !== "success" || submission.value.intent === "quote") {
    return shipmentFormAnswer(submission, await priceShipmentForm(context, { form: submission.payload }));
  }
  const outcome = await createShipmentFromForm(context, { value: submission.value, actor: actorFor(admin), clientAddress: clientAddress(request) });
  if (!outcome.ok) return shipmentFormAnswer(submission, outcome.summary, outcome);
  return redirectWithOutcome(context.cloudflare.env, `/receipt/${encodeURIComponent(outcome.id)}`, outcome);
}

export default function NewShipmentPage() {
  const { countries, currencies, defaultValue, summary, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("shipments");
  return (
    <main id="main" className="mx-auto w-full max-w-5xl space-y-6 p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("Create New Shipment")}</h1>
        <Link to="/admin/dashboard" className="btn-secondary">
          {t("Back to Dashboard")}
        </Link>
      </div>
      <ShipmentForm
        answer={actionData}
        defaultValue={defaultValue}
        countries={countries}
        currencies={currencies}
        summary={summary}
        constraint={constraint}
      />
    </main>
  );
}
