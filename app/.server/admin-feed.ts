// Tells open admin pages that shipments changed, through the admins' feed object
// (app/durable-objects/chat-admin-feed.ts). Called by the dispatcher (./dispatch.ts) once a
// batch with shipment events has committed, after the answer (waitUntil), never failing the
// write it follows.
export function announceShipmentsChanged(context: {
  cloudflare: { env: Pick<Env, "CHAT_ADMIN_FEED">; ctx: { waitUntil(promise: Promise<unknown>): void } };
}): void {
  const { env, ctx } = context.cloudflare;
  const feed = env.CHAT_ADMIN_FEED;
  ctx.waitUntil(
    feed
      .get(feed.idFromName("admins"))
      .publish("shipments")
      .catch((error: unknown) => console.error("admin feed unreachable", error)),
  );
}
