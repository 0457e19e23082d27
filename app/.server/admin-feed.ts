// Tells open admin pages that shipments changed, through the admins' feed object
// (app/durable-objects/chat-admin-feed.ts): called by the shipment services once their batch
// is written, never before, and never failing the write it follows.
import type { ServiceContext } from "~/load-context";

export function announceShipmentsChanged(context: Pick<ServiceContext, "cloudflare">): void {
  const { env, ctx } = context.cloudflare;
  const feed = env.CHAT_ADMIN_FEED;
  ctx.waitUntil(
    feed
      .get(feed.idFromName("admins"))
      .publish("shipments")
      .catch((error: unknown) => console.error("admin feed unreachable", error)),
  );
}
