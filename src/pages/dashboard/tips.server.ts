// The dashboard's first-run tips for each side (and, for carriers, whether an admin is reading).
import type { DashboardSide } from "#pages/dashboard/side.server.ts";

/**
 * A tip's id changes when its advice does, so a new tip shows to people who dismissed the old one
 * (the dismissible controller keeps dismissed ids in the browser's local storage).
 */
export type DashboardTip = { id: string; text: string; link?: { href: string; label: string } };

const SHIPPER_TIPS: DashboardTip[] = [
  {
    id: "tip-shipper-post-job-1",
    text: "Post a job as a single load, a recurring run or a contract. Save it as a draft and publish it when you are ready.",
    link: { href: "/jobs/new", label: "Post a job" },
  },
  {
    id: "tip-shipper-allocation-1",
    text: "Split a job between carriers: the allocation rules on a job's quotes page give the cheapest quote a share of the loads, and the next cheapest the rest.",
  },
  {
    id: "tip-shipper-auction-1",
    text: "Publish as a timed reverse auction with a secure now price: the first carrier to accept that price wins every load.",
  },
];

const CARRIER_TEAM_TIP: DashboardTip = {
  id: "tip-carrier-team-1",
  text: "Invite your office staff and drivers, then add your vehicles, so each load can be given a driver and a lorry.",
  link: { href: "/team", label: "Your team" },
};

const CARRIER_VEHICLES_TIP: DashboardTip = {
  id: "tip-carrier-vehicles-1",
  text: "Add your company's vehicles, so each load can be given a lorry as well as a driver.",
  link: { href: "/vehicles", label: "Vehicles" },
};

const CARRIER_TIPS: DashboardTip[] = [
  {
    id: "tip-carrier-saved-search-1",
    text: "Filter the job board and save the search: you hear as soon as a new job matches, with an e-mail digest at most once an hour.",
    link: { href: "/jobs", label: "Job board" },
  },
  {
    id: "tip-carrier-compliance-1",
    text: "Keep your operator licence and goods-in-transit insurance up to date on your account: shippers see whether your documents are current beside each quote.",
    link: { href: "/account", label: "Your account" },
  },
];

/** The tips for this side of the market: a carrier's admin is asked to build the team, a member to add vehicles. */
export function dashboardTips(side: DashboardSide, role: string): DashboardTip[] {
  if (side === "shipper") return SHIPPER_TIPS;
  return [role === "admin" ? CARRIER_TEAM_TIP : CARRIER_VEHICLES_TIP, ...CARRIER_TIPS];
}
