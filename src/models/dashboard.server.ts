import type { CurrentUser } from "#models/users.server.ts";

export type Dashboard = { kind: "shipper" | "carrier" | "driver"; panels: DashboardPanel[] };
export type DashboardPanel = { title: string; value: string; href?: string; hint?: string };

/** What each kind of user sees first. */
export async function dashboardFor(user: CurrentUser): Promise<Dashboard> {
  const kind = user.role === "driver" ? "driver" : user.account.kind === "carrier" ? "carrier" : "shipper";
  return { kind, panels: [] };
}
