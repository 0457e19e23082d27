// Tells open admin pages that shipments changed, through the admins' feed object
// (app/durable-objects/chat-admin-feed.ts). The events queue's consumer calls it
// (./dispatch.ts) for a committed batch with shipment events; a failure is retried by the queue.
export function announceShipmentsChanged(env: Pick<Env, "CHAT_ADMIN_FEED">): Promise<void> {
  const feed = env.CHAT_ADMIN_FEED;
  return feed.get(feed.idFromName("admins")).publish("shipments");
}
