// The back office's webhook endpoints (every shipment's events): the same page as /profile/webhooks, for admins.
export { action, default, loader, meta } from "./_site.profile_.webhooks._index";
