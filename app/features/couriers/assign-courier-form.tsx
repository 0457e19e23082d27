import { Form } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { useMessages } from "~/components/forms";
import type { CourierOption } from "./couriers.server";

/** Where one shipment's assignment posts. */
export function assignAction(shipmentId: string): string {
  return `/admin/shipments/${encodeURIComponent(shipmentId)}/courier`;
}

/** The courier choices of an assignment control: "No courier" (take it off), then the active couriers by name. */
export function CourierOptions({ couriers }: { couriers: readonly CourierOption[] }) {
  const { t } = useTranslation("couriers");
  return (
    <>
      <option value="">{t("No courier")}</option>
      {couriers.map((courier) => (
        <option key={courier.id} value={courier.id}>
          {courier.name}
        </option>
      ))}
    </>
  );
}

/** One shipment's courier for today: choose one (or none) and press Assign. */
export function AssignCourierForm({
  shipmentId,
  couriers,
  current,
  redirectTo,
  error,
}: {
  shipmentId: string;
  couriers: readonly CourierOption[];
  current: { id: string; name: string; day: string | null } | null;
  redirectTo: string;
  error?: string;
}) {
  const { t } = useTranslation("couriers");
  const message = useMessages();
  return (
    <Form method="post" action={assignAction(shipmentId)} className="space-y-3">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <p className="text-sm text-slate-700">
        {current ? (
          current.day ? (
            <Trans t={t} i18nKey="Carried by <strong>{{name}}</strong> on {{day}}." values={{ name: current.name, day: current.day }} components={{ strong: <strong /> }} />
          ) : (
            <Trans t={t} i18nKey="Carried by <strong>{{name}}</strong>." values={{ name: current.name }} components={{ strong: <strong /> }} />
          )
        ) : (
          t("No courier carries it yet.")
        )}
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`courier-${shipmentId}`} className="block text-sm font-medium">
            {t("Courier for today")}
          </label>
          <select
            id={`courier-${shipmentId}`}
            name="courierId"
            defaultValue={current?.id ?? ""}
            className="input mt-1 w-56 max-w-full"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `courier-${shipmentId}-error` : undefined}
          >
            <CourierOptions couriers={couriers} />
          </select>
        </div>
        <button type="submit" className="btn-primary">
          {t("Assign")}
        </button>
      </div>
      {error ? (
        <p id={`courier-${shipmentId}-error`} role="alert" className="text-sm font-medium text-red-700">
          {message(error)}
        </p>
      ) : null}
    </Form>
  );
}
