// The forms of the admin's row actions. Each is the same on its own page (without
// JavaScript) and in a dialog (with it); `onCancel` turns Cancel into a button that closes
// the dialog, otherwise Cancel is a link back to the list.
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MAX_LENGTH } from "~/domain/field-limits";
import { Field, useMessages } from "~/components/forms";

function CancelControl({ onCancel, cancelTo }: { onCancel?: () => void; cancelTo: string }) {
  const { t } = useTranslation("shipments");
  return onCancel ? (
    <button type="button" className="btn-secondary" onClick={onCancel}>
      {t("Cancel")}
    </button>
  ) : (
    <Link to={cancelTo} className="btn-secondary">
      {t("Cancel")}
    </Link>
  );
}

export function locationAction(shipmentId: string): string {
  return `/admin/shipments/${encodeURIComponent(shipmentId)}/location`;
}

export function deleteAction(shipmentId: string): string {
  return `/admin/shipments/${encodeURIComponent(shipmentId)}/delete`;
}

export const BULK_DELETE_ACTION = "/admin/shipments/bulk-delete";

export const BULK_STATUS_ACTION = "/admin/shipments/bulk-status";

export function LocationForm({
  shipmentId,
  currentLocation,
  redirectTo,
  onCancel,
  idPrefix,
  error,
}: {
  shipmentId: string;
  currentLocation: string | null;
  redirectTo: string;
  onCancel?: () => void;
  idPrefix: string;
  /** Why the last location sent was refused. */
  error?: string;
}) {
  const { t } = useTranslation("shipments");
  return (
    <Form method="post" action={locationAction(shipmentId)} className="space-y-4">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Field
        label={t("Current location")}
        help={t("Where the parcel is now, e.g. a hub or a city.")}
        errors={error ? [error] : undefined}
        inputProps={{
          id: `${idPrefix}-location`,
          name: "location",
          defaultValue: currentLocation ?? "",
          maxLength: MAX_LENGTH.location,
          autoComplete: "off",
        }}
      />
      <div className="flex justify-end gap-2">
        <CancelControl onCancel={onCancel} cancelTo={redirectTo} />
        <button type="submit" className="btn-primary" data-pending={t("Saving...")}>
          {t("Save")}
        </button>
      </div>
    </Form>
  );
}

export function DeleteShipmentForm({
  shipmentId,
  redirectTo,
  onCancel,
}: {
  shipmentId: string;
  redirectTo: string;
  onCancel?: () => void;
}) {
  const { t } = useTranslation("shipments");
  return (
    <Form method="post" action={deleteAction(shipmentId)} className="flex justify-end gap-2">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <CancelControl onCancel={onCancel} cancelTo={redirectTo} />
      <button type="submit" className="btn-danger" data-pending={t("Deleting...")}>
        {t("Delete")}
      </button>
    </Form>
  );
}

export function BulkDeleteForm({
  ids,
  redirectTo,
  onCancel,
}: {
  ids: readonly string[];
  redirectTo: string;
  onCancel?: () => void;
}) {
  const { t } = useTranslation("shipments");
  return (
    <Form method="post" action={BULK_DELETE_ACTION} className="flex justify-end gap-2">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {ids.map((id) => (
        <input key={id} type="hidden" name="ids" value={id} />
      ))}
      <CancelControl onCancel={onCancel} cancelTo={redirectTo} />
      <button type="submit" className="btn-danger" data-pending={t("Deleting...")}>
        {t("Delete {{count}} shipments", { count: ids.length })}
      </button>
    </Form>
  );
}

/**
 * The page a bulk action of the list's bar answers with when it refuses, without JavaScript
 * (`errors`, all at once); opened on its own, `hint` says how to use the bar. Both lead back.
 */
export function BulkAnswerPage({ title, errors, nothingDone, hint, redirectTo }: { title: string; errors: string[] | undefined; nothingDone: string; hint: string; redirectTo: string }) {
  const { t } = useTranslation("shipments");
  const messages = useMessages();
  return (
    <main id="main" className="mx-auto w-full max-w-xl p-6">
      <div className="card space-y-4">
        <h1 className="text-2xl font-bold">{title}</h1>
        {errors ? (
          <>
            <ul role="alert" className="space-y-1 font-medium text-red-700">
              {errors.map((error) => (
                <li key={error}>{messages(error)}</li>
              ))}
            </ul>
            <p className="text-slate-700">{nothingDone}</p>
          </>
        ) : (
          <p className="text-slate-700">{hint}</p>
        )}
        <div className="flex justify-end">
          <Link to={redirectTo} className="btn-primary">
            {t("Back to the shipments")}
          </Link>
        </div>
      </div>
    </main>
  );
}
