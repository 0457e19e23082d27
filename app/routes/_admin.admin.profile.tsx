// Profile Settings inside the admin layout: the same page, forms and service calls as /profile.
export { action, default, headers, loader, meta } from "./_site.profile";
