import type { CurrentUser } from "#models/users.server.ts";
import { isOfficeOf, mayManageTeam } from "#domain/accounts/team.ts";

export type NavLink = { href: string; label: string };

/**
 * Navigation per role: each kind of user sees only where they can act. A carrier's office runs its
 * people, lorries, saved board searches and planned empty journeys from the menu; a shipper's
 * office finds vehicles passing its collections, and its admin runs its people.
 */
export function navLinksFor(user: CurrentUser): NavLink[] {
  if (user.role === "support") return [{ href: "/admin", label: "Support" }];
  if (user.role === "driver") return [{ href: "/loads", label: "My loads" }, { href: "/messages", label: "Messages" }];
  if (isOfficeOf("carrier", user)) {
    return [
      { href: "/dashboard", label: "Dashboard" },
      { href: "/jobs", label: "Job board" },
      { href: "/quotes", label: "My quotes" },
      { href: "/loads", label: "Loads" },
      { href: "/invoices", label: "Invoices" },
      { href: "/messages", label: "Messages" },
      { href: "/team", label: "Team" },
      { href: "/vehicles", label: "Vehicles" },
      { href: "/saved_searches", label: "Saved searches" },
      { href: "/availability", label: "Planned journeys" },
    ];
  }
  return [
    { href: "/dashboard", label: "Dashboard" },
    { href: "/jobs", label: "Jobs" },
    { href: "/jobs/new", label: "Post a job" },
    { href: "/loads", label: "Loads" },
    { href: "/invoices", label: "Invoices" },
    { href: "/messages", label: "Messages" },
    { href: "/pools", label: "Pools" },
    { href: "/availability/vehicles", label: "Find vehicles" },
    ...(mayManageTeam(user.role) ? [{ href: "/team", label: "Team" }] : []),
  ];
}
