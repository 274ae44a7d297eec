import type { Role } from "../people/views.ts";

/** requirements §6: roles are a list on the user; owner and admin are staff. */
export const knownRoles: readonly Role[] = ["owner", "admin"];

export function parseRoles(roles: string): Role[] {
  return roles
    .split(",")
    .map((r) => r.trim())
    .filter((r): r is Role => (knownRoles as readonly string[]).includes(r));
}

/** Only the owner or an admin may open /admin and act on other people's works. */
export function isStaff(user: { roles: Role[] } | null | undefined): boolean {
  return !!user && (user.roles.includes("owner") || user.roles.includes("admin"));
}
