import { isOutForQuotes } from "#domain/jobs/status.ts";
import { db } from "#db/client.server.ts";
import { conversationKey, conversationPath, conversationStream, type ConversationRef } from "#domain/messaging/streams.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { blockedBetween } from "#models/company-blocks.server.ts";
import { isOfficeOf } from "#domain/accounts/team.ts";
import { isInvited } from "#models/jobs/sight.server.ts";
import { namedAccount } from "#models/account-names.server.ts";

// Who talks to whom. A conversation joins a job's shipper account and one carrier account: about a
// load once the load is theirs, about the job before the award (any carrier the job is open to may
// ask; the shipper answers carriers who asked or quoted). Drivers take part in their own loads'.

/** Who wrote a message, as every message list shows it. */
export const senderSelect = { fromUser: { select: { name: true } }, fromAccount: { select: { name: true } } } as const;

export type Party = "shipper" | "carrier" | "driver";
type Named = { id: number; name: string };

export type Conversation = {
  ref: ConversationRef;
  key: string;
  stream: string;
  path: string;
  title: string;
  job: { id: number; reference: string; status: string };
  load: { id: number; sequence: number; driverId: number | null } | null;
  shipperAccount: Named;
  carrierAccount: Named;
  party: Party;
  myAccount: Named;
  otherAccount: Named;
  canWrite: boolean;
};

export function partyOf(user: CurrentUser, shipperAccountId: number, carrierAccountId: number, driverId: number | null): Party | null {
  if (user.role === "driver") return user.accountId === carrierAccountId && driverId === user.id ? "driver" : null;
  if (isOfficeOf("shipper", user) && user.accountId === shipperAccountId) return "shipper";
  return isOfficeOf("carrier", user) && user.accountId === carrierAccountId ? "carrier" : null;
}

/** The conversation if this user is party to it; null (→ 404) for anything else. */
export function findConversation(user: CurrentUser, ref: ConversationRef): Promise<Conversation | null> {
  return ref.kind === "load" ? findLoadConversation(user, ref.loadId) : findJobConversation(user, ref.jobId, ref.carrierAccountId);
}

type KnownJob = Conversation["job"] & { shipperAccountId: number };

const jobSelect = { id: true, reference: true, status: true, onMarket: true, shipperAccount: { select: { id: true, name: true } } } as const;

async function findLoadConversation(user: CurrentUser, loadId: number): Promise<Conversation | null> {
  const load = await db().load.findUnique({
    where: { id: loadId },
    select: { id: true, sequence: true, driverId: true, carrierAccount: { select: { id: true, name: true } }, job: { select: jobSelect } },
  });
  return load ? loadConversation(user, load) : null;
}

/** The conversation on a load already read (with its carrier and its job's shipper), if this user is party to it. */
export function loadConversation(
  user: CurrentUser,
  load: { id: number; sequence: number; driverId: number | null; carrierAccount: Named | null; job: Conversation["job"] & { shipperAccount: Named } },
): Conversation | null {
  // A load its shipper's own fleet runs has no other company to talk to.
  if (!load.carrierAccount || load.carrierAccount.id === load.job.shipperAccount.id) return null;
  const party = partyOf(user, load.job.shipperAccount.id, load.carrierAccount.id, load.driverId);
  if (!party) return null;
  const { id, reference, status, shipperAccount } = load.job;
  const onLoad = { id: load.id, sequence: load.sequence, driverId: load.driverId };
  return build({ kind: "load", loadId: load.id }, party, { id, reference, status }, onLoad, shipperAccount, load.carrierAccount, true);
}

/** A job conversation; `known` is the job when the caller has already read it (for its carrier, blocks applied). */
export async function findJobConversation(user: CurrentUser, jobId: number, carrierAccountId: number, known?: KnownJob): Promise<Conversation | null> {
  const [job, carrier] = await Promise.all([
    known ? withShipperAccount(known) : db().job.findUnique({ where: { id: jobId }, select: jobSelect }),
    carrierAccount(user, carrierAccountId),
  ]);
  if (!job || carrier?.kind !== "carrier" || job.status === "draft") return null;
  const party = partyOf(user, job.shipperAccount.id, carrier.id, null);
  const open = isOutForQuotes(job.status);
  // The shipper answers carriers who came forward; a carrier may ask about a job out for quotes offered
  // to it (the market's, or its pools' before the step; a `known` job is within its sight); never across a block.
  if (!party || (!known && (await blockedBetween(job.shipperAccount.id, carrier.id)))) return null;
  const offered = party === "carrier" && open && (job.onMarket || (await isInvited(jobId, carrier.id)));
  if (!offered && !(await hasComeForward(jobId, carrierAccountId))) return null;
  const { shipperAccount, onMarket: _onMarket, ...rest } = job;
  return build({ kind: "job", jobId, carrierAccountId }, party, rest, null, shipperAccount, { id: carrier.id, name: carrier.name }, open);
}

async function withShipperAccount({ id, reference, status, shipperAccountId }: KnownJob) {
  const shipperAccount = await namedAccount(shipperAccountId);
  return shipperAccount && { id, reference, status, onMarket: true, shipperAccount };
}

type CarrierAccount = { id: number; name: string; kind: string };

/** The carrier account of a job conversation: the viewer's own when it is theirs, else read. */
function carrierAccount(user: CurrentUser, id: number): Promise<CarrierAccount | null> | CarrierAccount {
  if (user.accountId === id) return user.account;
  return db().account.findUnique({ where: { id }, select: { id: true, name: true, kind: true } });
}

/** The carrier quoted on the job or talked about it before. */
async function hasComeForward(jobId: number, carrierAccountId: number): Promise<boolean> {
  const aboutTheJob = { loadId: null, OR: [{ fromAccountId: carrierAccountId }, { toAccountId: carrierAccountId }] };
  const quotedOrTalked = [{ quotes: { some: { carrierAccountId } } }, { messages: { some: aboutTheJob } }];
  const engaged = await db().job.count({ where: { id: jobId, OR: quotedOrTalked } });
  return engaged > 0;
}

function build(
  ref: ConversationRef,
  party: Party,
  job: Conversation["job"],
  load: Conversation["load"],
  shipperAccount: Named,
  carrierAccount: Named,
  canWrite: boolean,
): Conversation {
  const myAccount = party === "shipper" ? shipperAccount : carrierAccount;
  const otherAccount = party === "shipper" ? carrierAccount : shipperAccount;
  const title = load ? `Load ${load.sequence} of ${job.reference}` : job.reference;
  const names = { key: conversationKey(ref), stream: conversationStream(ref), path: conversationPath(ref) };
  return { ref, ...names, title, job, load, shipperAccount, carrierAccount, party, myAccount, otherAccount, canWrite };
}
