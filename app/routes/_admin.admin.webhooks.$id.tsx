// A back-office webhook endpoint's page: the same page as /profile/webhooks/:id, for admins.
export { action, default, ErrorBoundary, loader, meta } from "./_site.profile_.webhooks.$id";
