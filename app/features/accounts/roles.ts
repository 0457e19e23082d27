// The roles an admin gives an account, as the users screens name them. A module of its own, without
// the forms' schemas, so that a page that only names roles does not carry the schema library.
export const ROLES = ["user", "admin", "courier"] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = { user: "Customer", admin: "Admin", courier: "Courier" };
