// Names of the live streams, and of the conversations they carry. A conversation is between a job's
// shipper account and one carrier account: about a load once it is assigned, about the job before.

export type ConversationRef =
  | { kind: "load"; loadId: number }
  | { kind: "job"; jobId: number; carrierAccountId: number };

export type StreamRef =
  | { kind: "user"; userId: number }
  | { kind: "account"; accountId: number }
  | { kind: "quotes"; accountId: number }
  | { kind: "load"; loadId: number }
  | { kind: "job"; jobId: number }
  | { kind: "conversation"; conversation: ConversationRef }
  | { kind: "support_chat"; userId: number }
  | { kind: "support_inbox" };

/** Notifications, and everything else meant for one person. */
export const userStream = (userId: number) => `user:${userId}`;
/** The account's messages badge (drivers follow their own user stream instead). */
export const accountStream = (accountId: number) => `account:${accountId}`;
/**
 * A carrier account's "My quotes" page, refreshed when a competitor's quote moves one of its quotes
 * up or down the allocation. Its own stream, not the account's: the nav follows that one on every
 * page, and a refresh there would reload every page the account has open.
 */
export const quotesStream = (accountId: number) => `quotes:${accountId}`;

/** A load's page, refreshed for everyone watching it when the load changes (status, proof of delivery). */
export const loadStream = (loadId: number) => `load:${loadId}`;

/**
 * A job's pages (the job page, and the quotes page of its shipper or of a carrier), refreshed for
 * everyone watching when its quotes, auction or award change. It carries only "refresh": each page
 * fetches itself again as its own viewer, so nothing on it is shared between accounts.
 */
export const jobStream = (jobId: number) => `job:${jobId}`;

/** A person's chat with platform support: their panel and the support staff answering it. */
export const supportChatStream = (userId: number) => `support:user:${userId}`;
/** Support staff's list of support chats in /admin. */
export const SUPPORT_INBOX_STREAM = "support:inbox";

export function conversationStream(ref: ConversationRef): string {
  return ref.kind === "load" ? `conversation:load:${ref.loadId}` : `conversation:job:${ref.jobId}:${ref.carrierAccountId}`;
}

/** A DOM-id-safe key, unique per conversation. */
export function conversationKey(ref: ConversationRef): string {
  return ref.kind === "load" ? `load_${ref.loadId}` : `job_${ref.jobId}_${ref.carrierAccountId}`;
}

export function conversationPath(ref: ConversationRef): string {
  return ref.kind === "load" ? `/loads/${ref.loadId}/messages` : `/jobs/${ref.jobId}/messages?carrier_account_id=${ref.carrierAccountId}`;
}

const ID = "([1-9][0-9]{0,14})";
const PATTERNS: [RegExp, (ids: number[]) => StreamRef][] = [
  [new RegExp(`^user:${ID}$`), ([userId]) => ({ kind: "user", userId: userId! })],
  [new RegExp(`^account:${ID}$`), ([accountId]) => ({ kind: "account", accountId: accountId! })],
  [new RegExp(`^quotes:${ID}$`), ([accountId]) => ({ kind: "quotes", accountId: accountId! })],
  [new RegExp(`^load:${ID}$`), ([loadId]) => ({ kind: "load", loadId: loadId! })],
  [new RegExp(`^job:${ID}$`), ([jobId]) => ({ kind: "job", jobId: jobId! })],
  [new RegExp(`^conversation:load:${ID}$`), ([loadId]) => ({ kind: "conversation", conversation: { kind: "load", loadId: loadId! } })],
  [
    new RegExp(`^conversation:job:${ID}:${ID}$`),
    ([jobId, carrierAccountId]) => ({ kind: "conversation", conversation: { kind: "job", jobId: jobId!, carrierAccountId: carrierAccountId! } }),
  ],
  [new RegExp(`^support:user:${ID}$`), ([userId]) => ({ kind: "support_chat", userId: userId! })],
  [/^support:inbox$/, () => ({ kind: "support_inbox" })],
];

/** The stream a name denotes, or null for a name this layer does not know. */
export function parseStream(name: string): StreamRef | null {
  for (const [pattern, build] of PATTERNS) {
    const match = pattern.exec(name);
    if (match) return build(match.slice(1).map(Number));
  }
  return null;
}
