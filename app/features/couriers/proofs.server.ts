// Proof of delivery: the photo and the drawn signature a courier takes at the door, kept in the
// private PROOFS bucket under keys made of the update's id (a replay of the update writes the
// same objects), their row in `delivery_proofs` written in the status change's batch, and who
// may see them: the shipment's owner, admins and the courier who took them; to anyone else
// they do not exist.
import { and, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { deliveryProofs, shipments, users } from "../../../drizzle/schema";
import type { Db } from "~/.server/db";
import { refused, type Refused } from "~/.server/outcome";
import type { SessionUser } from "~/features/accounts/session.server";
import { imageType, stripLocation, type ImageType } from "./proof-image";
import { PROOF_MESSAGES } from "./courier-rules";

export const PROOF_KINDS = ["photo", "signature"] as const;
export type ProofKind = (typeof PROOF_KINDS)[number];

/** Where an update's image is kept: the same key however often the update is sent. */
export function proofKey(updateId: string, kind: ProofKind): string {
  return `proofs/${updateId}/${kind}`;
}

/** The address that serves a proof's image to those who may see it. */
export function proofImagePath(updateId: string, kind: ProofKind): string {
  return `/proofs/${encodeURIComponent(updateId)}/${kind}`;
}

/** An image ready to store: its bytes without location data, and its real type. */
export type ProofImage = { kind: ProofKind; key: string; bytes: Uint8Array; type: ImageType };

/**
 * The update's images as they will be stored, read and stripped of their metadata; refused
 * (nothing stored) when one does not hold together as its type. The form's schema has already
 * checked each one's size and type by its first bytes.
 */
export async function prepareProofImages(updateId: string, files: Partial<Record<ProofKind, File>>): Promise<ProofImage[] | Refused> {
  const images: ProofImage[] = [];
  for (const kind of PROOF_KINDS) {
    const file = files[kind];
    if (!file) continue;
    const message = kind === "photo" ? PROOF_MESSAGES.photoNotImage : PROOF_MESSAGES.signatureNotImage;
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = imageType(bytes);
    const stripped = type ? stripLocation(bytes, type) : null;
    if (!type || !stripped) return refused("invalid", message, { [kind]: [message] });
    images.push({ kind, key: proofKey(updateId, kind), bytes: stripped, type });
  }
  return images;
}

/** Stores the images (before the batch that records them: see recordCourierUpdate). */
export async function putProofImages(bucket: R2Bucket, images: readonly ProofImage[]): Promise<void> {
  await Promise.all(images.map((image) => bucket.put(image.key, image.bytes, { httpMetadata: { contentType: image.type } })));
}

/** Removes images whose batch was refused, unless a row of that update (a replay that did commit) names them. */
export async function dropUnrecordedImages(context: { db: Db; cloudflare: { env: Pick<Env, "PROOFS"> } }, updateId: string, images: readonly ProofImage[]): Promise<void> {
  if (images.length === 0) return;
  const recorded = await context.db.select({ updateId: deliveryProofs.updateId }).from(deliveryProofs).where(eq(deliveryProofs.updateId, updateId)).get();
  if (!recorded) await context.cloudflare.env.PROOFS.delete(images.map((image) => image.key));
}

/** Who may see a proof: its shipment's owner, any admin, the courier who took it. */
function mayView(viewer: SessionUser): SQL {
  if (viewer.role === "admin") return sql`1`;
  return or(eq(shipments.userId, viewer.id), eq(deliveryProofs.courierId, viewer.id))!;
}

/** A proof's image for `viewer`, or null: no such proof, no such image, or not theirs to see. */
export async function readProofImage(
  context: { db: Db; cloudflare: { env: Pick<Env, "PROOFS"> } },
  { viewer, updateId, kind }: { viewer: SessionUser | null; updateId: string; kind: string },
): Promise<R2ObjectBody | null> {
  if (!viewer || !(PROOF_KINDS as readonly string[]).includes(kind)) return null;
  const row = await context.db
    .select({ photoKey: deliveryProofs.photoKey, signatureKey: deliveryProofs.signatureKey })
    .from(deliveryProofs)
    .innerJoin(shipments, eq(shipments.id, deliveryProofs.shipmentId))
    .where(and(eq(deliveryProofs.updateId, updateId), mayView(viewer)))
    .get();
  const key = kind === "photo" ? row?.photoKey : row?.signatureKey;
  return key ? context.cloudflare.env.PROOFS.get(key) : null;
}

/** A proof as its owner, admins and the courier see it: who took the parcel, when, from whom, and its images' addresses. */
export type DeliveryProof = {
  receivedBy: string;
  takenAt: number;
  courierName: string | null;
  photoUrl: string | null;
  signatureUrl: string | null;
  typedSignature: string | null;
};

const courierName = sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`;

/** The columns of a proof as shown (the query that reads it decides who may). */
export const PROOF_COLUMNS = {
  updateId: deliveryProofs.updateId,
  shipmentId: deliveryProofs.shipmentId,
  receivedBy: deliveryProofs.receivedBy,
  takenAt: deliveryProofs.takenAt,
  photoKey: deliveryProofs.photoKey,
  signatureKey: deliveryProofs.signatureKey,
  typedSignature: deliveryProofs.typedSignature,
  courierName,
};

export function toDeliveryProof(row: { updateId: string; receivedBy: string; takenAt: number; photoKey: string | null; signatureKey: string | null; typedSignature: string | null; courierName: string | null }): DeliveryProof {
  return {
    receivedBy: row.receivedBy,
    takenAt: row.takenAt,
    courierName: row.courierName,
    photoUrl: row.photoKey ? proofImagePath(row.updateId, "photo") : null,
    signatureUrl: row.signatureKey ? proofImagePath(row.updateId, "signature") : null,
    typedSignature: row.typedSignature,
  };
}

/** The latest proof of the shipment with `trackingId`, when `viewer` is its owner or an admin; null for anyone else. */
export async function proofForViewer(db: Db, trackingId: string, viewer: SessionUser | null): Promise<DeliveryProof | null> {
  if (!viewer || (viewer.role !== "admin" && viewer.role !== "user")) return null;
  const row = await db
    .select(PROOF_COLUMNS)
    .from(deliveryProofs)
    .innerJoin(shipments, eq(shipments.id, deliveryProofs.shipmentId))
    .leftJoin(users, eq(users.id, deliveryProofs.courierId))
    .where(and(eq(shipments.trackingId, trackingId), viewer.role === "admin" ? undefined : eq(shipments.userId, viewer.id)))
    .orderBy(desc(deliveryProofs.takenAt))
    .limit(1)
    .get();
  return row ? toDeliveryProof(row) : null;
}

/** The latest proof of each shipment named, for a reader already allowed to see them (an admin, or their owner by `where`). */
export async function latestProofs(db: Db, shipmentIds: readonly string[], where?: SQL): Promise<Map<string, DeliveryProof>> {
  if (shipmentIds.length === 0) return new Map();
  const rows = await db
    .select(PROOF_COLUMNS)
    .from(deliveryProofs)
    .innerJoin(shipments, eq(shipments.id, deliveryProofs.shipmentId))
    .leftJoin(users, eq(users.id, deliveryProofs.courierId))
    .where(and(inArray(deliveryProofs.shipmentId, [...shipmentIds]), where))
    .orderBy(desc(deliveryProofs.takenAt));
  const latest = new Map<string, DeliveryProof>();
  for (const row of rows) if (!latest.has(row.shipmentId)) latest.set(row.shipmentId, toDeliveryProof(row));
  return latest;
}
