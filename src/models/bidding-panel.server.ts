import type { CurrentUser } from "#models/users.server.ts";

// Placeholder (bidding work): what the job page's bidding panel needs, loaded in one go by the job page.
export type BiddingPanel = Record<string, unknown>;

export async function biddingPanelFor(_job: { id: number }, _user: CurrentUser): Promise<BiddingPanel> {
  return {};
}
