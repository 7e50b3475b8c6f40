import { z } from "zod";
import { eventsFor, type WebhookEventName } from "#domain/webhooks/events.ts";
import { isIpLiteral, isLocalName, isPrivateAddress } from "#domain/webhooks/addresses.ts";

// The webhook endpoint form: its address and the events it receives. Addresses are https (http
// only where private addresses are allowed, i.e. on a developer's machine and in tests), with no
// user name or password in them, and not written as a private address. A name is resolved by the
// model before saving, and again at each delivery.

export const WEBHOOK_URL_MESSAGES = {
  https: "Enter an https address",
  private: "That address is on a private network",
  credentials: "Enter the address without a user name or password",
  long: "The address must be 2,000 characters or fewer",
  events: "Choose at least one event",
} as const;

/** Why this address cannot be an endpoint, or null. */
export function webhookUrlProblem(text: string, allowPrivate: boolean): string | null {
  if (text.length > 2_000) return WEBHOOK_URL_MESSAGES.long;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return WEBHOOK_URL_MESSAGES.https;
  }
  const schemes = allowPrivate ? ["https:", "http:"] : ["https:"];
  if (!schemes.includes(url.protocol) || !url.hostname) return WEBHOOK_URL_MESSAGES.https;
  if (url.username || url.password) return WEBHOOK_URL_MESSAGES.credentials;
  if (allowPrivate) return null;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isLocalName(host) || (isIpLiteral(host) && isPrivateAddress(host))) return WEBHOOK_URL_MESSAGES.private;
  return null;
}

const checkedEvents = (accountKind: string) => {
  const offered: string[] = eventsFor(accountKind);
  return z
    .preprocess((value) => (value === undefined || value === "" ? [] : [value].flat()), z.array(z.unknown()))
    .transform((names) => offered.filter((name) => names.includes(name)) as WebhookEventName[])
    .refine((names) => names.length > 0, WEBHOOK_URL_MESSAGES.events);
};

/** The events field alone (the edit form), limited to the account's side. */
export const webhookEventsSchema = (accountKind: string) => z.object({ events: checkedEvents(accountKind) });

/** The new-endpoint form. */
export const webhookEndpointSchema = (accountKind: string, allowPrivate: boolean) =>
  z.object({
    url: z
      .string({ error: WEBHOOK_URL_MESSAGES.https })
      .trim()
      .min(1, WEBHOOK_URL_MESSAGES.https)
      .superRefine((url, ctx) => {
        const problem = webhookUrlProblem(url, allowPrivate);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
    events: checkedEvents(accountKind),
  });

export type WebhookEndpointInput = { url: string; events: WebhookEventName[] };
