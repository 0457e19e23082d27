// The bulk import's route side, the same for the customer's pages (/dashboard/import) and the
// admin's (/admin/shipments/import): each route guards, then hands its importer here.
import { data, redirect } from "@remix-run/cloudflare";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { pageParam } from "~/domain/pagination";
import { invariantResponse } from "~/.server/invariant";
import { clientAddress } from "~/.server/rate-limit";
import { confirmImport, getImportPreview, IMPORT_EXPIRED, previewImport, type Importer } from "~/features/shipments/shipment-import.server";
import { redirectWithOutcome, refusalInit } from "./replies.server";

/** The upload: a file checked and kept, then its preview; refused, the form again with the reason. */
export async function uploadImport(context: AppLoadContext, request: Request, importer: Importer) {
  const file = (await request.formData()).get("file");
  // A form sent without a file chosen carries an empty part with no name.
  const chosen = file instanceof File && !(file.name === "" && file.size === 0) ? file : null;
  const outcome = await previewImport(context, { importer, file: chosen, clientAddress: clientAddress(request) });
  if (!outcome.ok) return data({ error: outcome.message ?? null }, refusalInit(outcome));
  return redirect(outcome.redirectTo);
}

/** A page of the import's preview (`?page=N`, `?show=errors`); someone else's, or an expired one, is a 404. */
export async function loadImportPreview(context: AppLoadContext, request: Request, importer: Importer, importId: string) {
  const params = new URL(request.url).searchParams;
  const errorsOnly = params.get("show") === "errors";
  const preview = await getImportPreview(context, { importer, importId, page: pageParam(params), errorsOnly });
  invariantResponse(preview, IMPORT_EXPIRED, { status: 404 });
  return { ...preview, errorsOnly };
}

/** The confirm: every row that passes becomes a shipment, then on to the list with what was done. */
export async function confirmImportAction(context: AppLoadContext, importer: Importer, importId: string) {
  const outcome = await confirmImport(context, { importer, importId });
  // Its only refusal: not the importer's import, or expired.
  invariantResponse(outcome.ok, IMPORT_EXPIRED, { status: 404 });
  return redirectWithOutcome(context.cloudflare.env, outcome.redirectTo, outcome);
}
