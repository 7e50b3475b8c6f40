import type { CurrentUser } from "#models/users.server.ts";

export type NavLink = { href: string; label: string };

/** Navigation per role: each kind of user sees only where they can act. */
export function navLinksFor(user: CurrentUser): NavLink[] {
  if (user.role === "support") return [{ href: "/admin", label: "Support" }];
  if (user.role === "driver") return [{ href: "/loads", label: "My loads" }, { href: "/messages", label: "Messages" }];
  if (user.account.kind === "carrier") {
    return [
      { href: "/dashboard", label: "Dashboard" },
      { href: "/jobs", label: "Job board" },
      { href: "/quotes", label: "My quotes" },
      { href: "/loads", label: "Loads" },
      { href: "/messages", label: "Messages" },
    ];
  }
  return [
    { href: "/dashboard", label: "Dashboard" },
    { href: "/jobs", label: "Jobs" },
    { href: "/jobs/new", label: "Post a job" },
    { href: "/loads", label: "Loads" },
    { href: "/messages", label: "Messages" },
  ];
}
