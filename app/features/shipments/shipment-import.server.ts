// Bulk import: a CSV file of shipments (./shipment-import-file.ts reads it) is checked row by row with
// the customer form's own rules and kept in D1 under an import id for a day, so its preview is a
// page like any other (no JavaScript needed, reloads keep it); its confirm creates the rows that
// pass, a batch of them at a time, each shipment with its history, invoice, event and mail as
// the form makes them. Each row's statements are written only while the row has not become a
// shipment, at that point of the batch: a confirm sent twice, or twice at once, or resumed after
// a failure, creates every row once (docs/decisions/165). The JSON API calls the same two
// services with the file it was given.
import { and, asc, count, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { Language } from "~/features/languages/languages";
import type { BatchItem } from "drizzle-orm/batch";
import { shipmentImportRows, shipmentImports } from "../../../drizzle/schema";
import type { ExchangeRate } from "~/features/pricing/exchange-rates";
import { draftCurrency, shipmentFromForm } from "~/features/shipments/customer-shipment";
import { listExchangeRates, getSettings } from "~/features/settings/settings.server";
import { paginate, pageOffset, type Pagination } from "~/domain/pagination";
import type { ServiceContext } from "~/load-context";
import { inParts } from "~/.server/db";
import { commit } from "~/.server/dispatch";
import { actorFor, recordEvents, type Actor } from "~/.server/events";
import { refused, type Outcome } from "~/.server/outcome";
import { limitAction } from "~/.server/rate-limit";
import { ENGLISH_VOICE, messagesIn } from "~/.server/answer-language";
import { checkedDraft, phoneCodeOf, type DraftOwner } from "./shipment-drafts.server";
import { columnOfField, IMPORT_LIMITS, IMPORT_MESSAGES, importPages, type ImportArea, type RowError } from "./shipment-import";
import { readImportFile, type ImportRow } from "./shipment-import-file";
import { withLocalPhoneNumbers, type ShipmentDraft } from "./shipment-steps";
import { isUniqueViolation, MAX_TRACKING_ID_ATTEMPTS, newShipmentItems } from "./shipments.server";

/** Who imports, and for whom: a customer for their own account, an admin for the back office; the summary mail is in the user's saved language. */
export type Importer = { area: ImportArea; user: DraftOwner & { language?: Language | null } };

/** The file as a form or the API hands it over (a File is one). */
export type ImportFile = { name: string; size: number; arrayBuffer(): Promise<ArrayBuffer> };

/** How long an uploaded file waits for its confirm. */
export const IMPORT_KEPT_MS = 24 * 3_600_000;

/** Rows created per batch: each brings about eight statements (shipment, package, history, invoice, event, mail, the row's mark). */
export const IMPORT_BATCH_ROWS = 100;

/** Rows per insert when a file is stored: four values each, within D1's 100 a statement. */
const STORED_ROWS_PER_INSERT = 20;

const FILE_NAME_MAX = 120;

export const IMPORT_EXPIRED = "This import has expired or does not exist. Please upload the file again.";

/** A row's errors as they are stored and shown: each with the column it is about. */
function rowErrors(read: RowError[], fieldErrors: Record<string, string[]>): RowError[] {
  const checked = Object.entries(fieldErrors).flatMap(([field, messages]) => messages.map((message) => ({ column: columnOfField(field), message })));
  return [...read, ...checked];
}

type CheckedRow = { line: number; draft: ShipmentDraft; errors: RowError[] };

/** The rates of the settings by currency: what each row's currency is priced at. */
async function ratesByCurrency(context: Pick<ServiceContext, "db">): Promise<Map<string, ExchangeRate>> {
  return new Map((await listExchangeRates(context.db)).map((rate) => [rate.currency, rate]));
}

/** One row checked as 'Create Shipment' checks a draft, with what reading it found. */
function checkRow(row: ImportRow, rates: ReadonlyMap<string, ExchangeRate>) {
  const draft = withLocalPhoneNumbers(row.draft, phoneCodeOf) as ShipmentDraft;
  // Row errors are stored for whoever reads the import: in English, as the file's own are.
  const checked = checkedDraft(draft, rates.get(draftCurrency(draft)) ?? null, ENGLISH_VOICE);
  const errors = rowErrors(row.errors, checked.ok ? {} : checked.fieldErrors);
  return { line: row.line, draft, errors, value: checked.ok && errors.length === 0 ? checked.value : null };
}

function fileName(name: string): string {
  // A name is shown and mailed: one line, bounded.
  const plain = name.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return (plain || "import.csv").slice(0, FILE_NAME_MAX);
}

/** What an upload came to: the import to preview, and how many of its rows pass. */
export type ImportPreviewed = { importId: string; rowCount: number; validCount: number; redirectTo: string };

/**
 * Reads an uploaded CSV file, checks every row with the form's rules (every error of a row at
 * once) and keeps the rows for the confirm. Refused, nothing is stored: no file or an empty one
 * (invalid), over 2 MB or 5,000 rows (too-large), not CSV or without the template's header
 * (invalid), too many uploads lately (rate-limited).
 */
export async function previewImport(
  context: ServiceContext,
  { importer, file, clientAddress, now = Date.now() }: { importer: Importer; file: ImportFile | null; clientAddress: string; now?: number },
): Promise<Outcome<ImportPreviewed>> {
  if (!file) return refused("invalid", IMPORT_MESSAGES.noFile, { file: [IMPORT_MESSAGES.noFile] });
  if (file.size === 0) return refused("invalid", IMPORT_MESSAGES.empty, { file: [IMPORT_MESSAGES.empty] });
  if (file.size > IMPORT_LIMITS.bytes) return refused("too-large", IMPORT_MESSAGES.tooLarge, { file: [IMPORT_MESSAGES.tooLarge] });
  const limited = await limitAction(context, { action: "shipment-import", clientAddress, account: importer.user.id });
  if (limited) return limited;

  const [settings, rates] = await Promise.all([getSettings(context.db), ratesByCurrency(context)]);
  const read = readImportFile(new Uint8Array(await file.arrayBuffer()), { defaultCurrency: draftCurrency({ currency: settings.defaultCurrency }), t: await messagesIn(context) });
  if (!read.ok) {
    const reason = read.message === IMPORT_MESSAGES.tooManyRows || read.message === IMPORT_MESSAGES.tooLarge ? "too-large" : "invalid";
    return refused(reason, read.message, { file: [read.message] });
  }
  const rows: CheckedRow[] = read.rows.map((row) => checkRow(row, rates));
  const validCount = rows.filter((row) => row.errors.length === 0).length;
  const importId = crypto.randomUUID();
  const { db } = context;
  await db.batch([
    db.insert(shipmentImports).values({
      id: importId,
      createdBy: importer.user.id,
      ownerId: importer.area === "customer" ? importer.user.id : null,
      fileName: fileName(file.name),
      rowCount: rows.length,
      validCount,
      createdAt: now,
      expiresAt: now + IMPORT_KEPT_MS,
    }),
    ...inParts(rows, STORED_ROWS_PER_INSERT).map((part) =>
      db.insert(shipmentImportRows).values(
        part.map((row) => ({ importId, line: row.line, cells: JSON.stringify(row.draft), errors: row.errors.length > 0 ? JSON.stringify(row.errors) : null })),
      ),
    ),
  ]);
  return { ok: true, importId, rowCount: rows.length, validCount, redirectTo: importPages(importer.area).preview(importId) };
}

/** An import as its preview shows it. */
export type ImportSummary = {
  id: string;
  fileName: string;
  rowCount: number;
  validCount: number;
  createdCount: number;
  finishedAt: number | null;
  expiresAt: number;
};

/** A row as the preview lists it: what identifies it, and its errors (none: it will be created). */
export type PreviewRow = {
  line: number;
  recipient: string;
  destination: string;
  description: string;
  weight: string;
  service: string;
  errors: RowError[];
  created: boolean;
};

export const PREVIEW_PAGE_ROWS = 50;

/** The importer's own import that has not expired; another's, or an unknown id, is none. */
function ownImport(context: Pick<ServiceContext, "db">, importer: Importer, importId: string, now: number) {
  return context.db
    .select()
    .from(shipmentImports)
    .where(and(eq(shipmentImports.id, importId), eq(shipmentImports.createdBy, importer.user.id), isOwnerOf(importer)))
    .get()
    .then((row) => (row && (row.finishedAt !== null || row.expiresAt > now) ? row : null));
}

/** A customer's import is for their account, an admin's for the back office. */
function isOwnerOf(importer: Importer): SQL {
  return importer.area === "customer" ? eq(shipmentImports.ownerId, importer.user.id) : isNull(shipmentImports.ownerId);
}

function summaryOf(row: typeof shipmentImports.$inferSelect): ImportSummary {
  const { id, fileName, rowCount, validCount, createdCount, finishedAt, expiresAt } = row;
  return { id, fileName, rowCount, validCount, createdCount, finishedAt, expiresAt };
}

/**
 * A page of an import's rows (all of them, or only those with errors) with the import's figures,
 * or null when the importer has no such import (another person's, expired, unknown).
 */
export async function getImportPreview(
  context: Pick<ServiceContext, "db">,
  { importer, importId, page = 1, errorsOnly = false, now = Date.now() }: { importer: Importer; importId: string; page?: number; errorsOnly?: boolean; now?: number },
): Promise<{ summary: ImportSummary; rows: PreviewRow[]; pagination: Pagination } | null> {
  const found = await ownImport(context, importer, importId, now);
  if (!found) return null;
  const summary = summaryOf(found);
  const total = errorsOnly ? summary.rowCount - summary.validCount : summary.rowCount;
  const pagination = paginate(total, page, PREVIEW_PAGE_ROWS);
  const rows = await context.db
    .select()
    .from(shipmentImportRows)
    .where(and(eq(shipmentImportRows.importId, importId), errorsOnly ? isNotNull(shipmentImportRows.errors) : undefined))
    .orderBy(asc(shipmentImportRows.line))
    .limit(PREVIEW_PAGE_ROWS)
    .offset(pageOffset(pagination));
  return { summary, rows: rows.map(previewRow), pagination };
}

function previewRow(row: typeof shipmentImportRows.$inferSelect): PreviewRow {
  const draft = JSON.parse(row.cells) as ShipmentDraft;
  const item = draft.packages[0];
  return {
    line: row.line,
    recipient: draft.recipientName,
    destination: [draft.recipientCity, draft.recipientCountry].filter(Boolean).join(", "),
    description: item?.description ?? "",
    weight: item?.weight ?? "",
    service: draft.serviceType,
    errors: row.errors ? (JSON.parse(row.errors) as RowError[]) : [],
    created: row.shipmentId !== null,
  };
}

/** What a confirm came to: how many rows are shipments now, and how many were left out for errors. */
export type ImportCreated = { created: number; leftOut: number; redirectTo: string };

/**
 * Creates every row of the import that passes (checked again: a rate may have changed since the
 * preview), in batches of IMPORT_BATCH_ROWS, each shipment as the form makes it, with its
 * events in its batch; then records the import's one summary for the importer. A row becomes a
 * shipment once, however many confirms run (one after another or at the same time): every
 * statement of its shipment is written only while the row has none. Refused: not the
 * importer's, or expired (not-found).
 */
export async function confirmImport(
  context: ServiceContext,
  { importer, importId, now = Date.now() }: { importer: Importer; importId: string; now?: number },
): Promise<Outcome<ImportCreated>> {
  const found = await ownImport(context, importer, importId, now);
  if (!found) return refused("not-found", IMPORT_EXPIRED);
  const pages = importPages(importer.area);
  if (found.finishedAt !== null) {
    return { ok: true, tone: "info", message: "These shipments have already been created.", created: found.createdCount, leftOut: found.rowCount - found.createdCount, redirectTo: pages.list };
  }
  const actor = actorFor(importer.user);
  const [settings, rates] = await Promise.all([getSettings(context.db), ratesByCurrency(context)]);
  // A batch that creates nothing (another confirm took its rows first) moves on all the same:
  // the rows read next are those still waiting.
  for (;;) {
    const waiting = await context.db
      .select({ line: shipmentImportRows.line, cells: shipmentImportRows.cells })
      .from(shipmentImportRows)
      .where(and(eq(shipmentImportRows.importId, importId), isNull(shipmentImportRows.errors), isNull(shipmentImportRows.shipmentId)))
      .orderBy(asc(shipmentImportRows.line))
      .limit(IMPORT_BATCH_ROWS);
    if (waiting.length === 0) break;
    await createBatch(context, { importId, importer, actor, settings, rates, rows: waiting, now: Date.now() });
  }
  const [{ created }] = (await context.db
    .select({ created: count() })
    .from(shipmentImportRows)
    .where(and(eq(shipmentImportRows.importId, importId), isNotNull(shipmentImportRows.shipmentId)))) as [{ created: number }];
  const leftOut = found.rowCount - created;
  const unfinished = and(eq(shipmentImports.id, importId), isNull(shipmentImports.finishedAt));
  await commit(context, [
    recordEvents(
      context,
      actor,
      [
        {
          type: "import.completed",
          entityId: importId,
          data: { email: importer.user.email, firstName: importer.user.firstName, fileName: found.fileName, created, leftOut, listPath: pages.list },
          language: importer.user.language ?? undefined,
        },
      ],
      now,
      { from: shipmentImports, where: unfinished },
    ),
    context.db.update(shipmentImports).set({ finishedAt: Date.now(), createdCount: created }).where(unfinished),
  ]);
  const t = await messagesIn(context);
  const made = t("{{count, number}} shipments created", { count: created });
  return {
    ok: true,
    message: leftOut > 0 ? t("{{created}}; {{count, number}} rows with errors left out", { created: made, count: leftOut }) : made,
    created,
    leftOut,
    redirectTo: pages.list,
  };
}

/**
 * One batch of an import's rows: each that still passes becomes a shipment (its statements
 * written only while its row has none), each that no longer passes gets its errors; the
 * import's count of created rows is brought up to date last. A tracking ID drawn twice fails the
 * batch, which is built again with new ones.
 */
async function createBatch(
  context: ServiceContext,
  {
    importId,
    importer,
    actor,
    settings,
    rates,
    rows,
    now,
  }: {
    importId: string;
    importer: Importer;
    actor: Actor;
    settings: Awaited<ReturnType<typeof getSettings>>;
    rates: ReadonlyMap<string, ExchangeRate>;
    rows: { line: number; cells: string }[];
    now: number;
  },
): Promise<void> {
  const { db } = context;
  const checked = rows.map((row) => checkRow({ line: row.line, draft: JSON.parse(row.cells) as ShipmentDraft, errors: [] }, rates));
  const waiting = (line: number) => and(eq(shipmentImportRows.importId, importId), eq(shipmentImportRows.line, line), isNull(shipmentImportRows.shipmentId));
  const progress = db
    .update(shipmentImports)
    .set({ createdCount: sql`(${db.select({ created: count() }).from(shipmentImportRows).where(and(eq(shipmentImportRows.importId, importId), isNotNull(shipmentImportRows.shipmentId)))})` })
    .where(eq(shipmentImports.id, importId));
  for (let attempt = 1; ; attempt += 1) {
    const items = checked.flatMap((row): (BatchItem<"sqlite"> | ReturnType<typeof recordEvents>)[] => {
      if (!row.value) return [db.update(shipmentImportRows).set({ errors: JSON.stringify(row.errors) }).where(waiting(row.line))];
      const rate = rates.get(row.value.currency)!;
      const { shipment, packages } = shipmentFromForm(row.value, { userId: importer.area === "customer" ? importer.user.id : null, now, rate, taxRateBasisPoints: settings.taxRateBasisPoints });
      const onlyIf = { from: shipmentImportRows, where: waiting(row.line) };
      const planned = newShipmentItems(context, { shipment, packages, actor, now, settings, onlyIf, importId });
      // Last: the statements above are written only while the row has no shipment.
      return [...planned.items, db.update(shipmentImportRows).set({ shipmentId: planned.id }).where(waiting(row.line))];
    });
    try {
      await commit(context, [...items, progress]);
      return;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= MAX_TRACKING_ID_ATTEMPTS) throw error;
    }
  }
}
