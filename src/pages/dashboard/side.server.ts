// Whose dashboard it is, a shipper's office or a carrier's: the one place the dashboard asks.
import { isOfficeOf } from "#domain/accounts/team.ts";
import type { CurrentUser } from "#models/users.server.ts";

export type DashboardSide = "shipper" | "carrier";

/** The office this person works in, or null for anyone else (drivers, support): they have no dashboard figures. */
export function dashboardSide(user: CurrentUser): DashboardSide | null {
  if (isOfficeOf("shipper", user)) return "shipper";
  if (isOfficeOf("carrier", user)) return "carrier";
  return null;
}
