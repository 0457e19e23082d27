import { Form } from "@remix-run/react";
import type { CourierOption } from "./couriers.server";

/** Where one shipment's assignment posts. */
export function assignAction(shipmentId: string): string {
  return `/admin/shipments/${encodeURIComponent(shipmentId)}/courier`;
}

/** The courier choices of an assignment control: "No courier" (take it off), then the active couriers by name. */
export function CourierOptions({ couriers }: { couriers: readonly CourierOption[] }) {
  return (
    <>
      <option value="">No courier</option>
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
  return (
    <Form method="post" action={assignAction(shipmentId)} className="space-y-3">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <p className="text-sm text-slate-700">
        {current ? (
          <>
            Carried by <strong>{current.name}</strong>
            {current.day ? ` on ${current.day}` : null}.
          </>
        ) : (
          "No courier carries it yet."
        )}
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`courier-${shipmentId}`} className="block text-sm font-medium">
            Courier for today
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
          Assign
        </button>
      </div>
      {error ? (
        <p id={`courier-${shipmentId}-error`} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </Form>
  );
}
