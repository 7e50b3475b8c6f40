import { formatDateTime } from "#domain/format/dates.ts";
import { WEBHOOK_EVENTS, eventsFor, type WebhookEventName } from "#domain/webhooks/events.ts";
import type { FieldErrors } from "#lib/result.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { type WebhookEndpointRow, endpointsOf } from "#models/webhooks.server.ts";
import { LOG_PAGE_SIZE, deliveriesOf } from "#models/webhooks/log.server.ts";
import { pageLinks, withQuery } from "#pages/pagination.server.ts";

// The webhooks pages (views/webhooks/*): the account's endpoints, the form for a new one, the page
// that shows a secret once, and one endpoint with its events, its secret's rotation and its
// delivery log. Every address the pages link to or post to is built here.

export const WEBHOOKS_PATH = "/account/webhooks";
export const NEW_WEBHOOK_PATH = `${WEBHOOKS_PATH}/new`;
export const webhookPath = (id: number) => `${WEBHOOKS_PATH}/${id}`;
export const retryPath = (endpointId: number, deliveryId: number) => `${webhookPath(endpointId)}/deliveries/${deliveryId}/retry`;

export type WebhookForm = { errors: FieldErrors; values: { url?: string; events?: string[] } } | null;

/** The event checkboxes: the account's side's events, each ticked as the form (or endpoint) has it. */
export function eventChoices(accountKind: string, ticked: readonly string[]) {
  return eventsFor(accountKind).map((name) => ({ name, hint: WEBHOOK_EVENTS[name].hint, checked: ticked.includes(name), id: `field_events_${name.replace(".", "_")}` }));
}

const stateOf = (endpoint: { disabledAt: Date | null }) => (endpoint.disabledAt ? `Disabled ${formatDateTime(endpoint.disabledAt)}` : "Enabled");

const statusText = (status: number | null, deliveredAt: Date | null, failedAt?: Date | null) =>
  deliveredAt ? `Delivered (${status})` : failedAt ? `Given up${status ? ` (${status})` : ""}` : status ? `Failed (${status})` : "Failed (no answer)";

export async function webhooksPage(user: CurrentUser) {
  const endpoints = await endpointsOf(user.accountId);
  return {
    title: "Webhooks",
    newPath: NEW_WEBHOOK_PATH,
    endpoints: endpoints.map((endpoint) => ({
      url: endpoint.url,
      path: webhookPath(endpoint.id),
      events: endpoint.eventNames.join(", "),
      state: stateOf(endpoint),
      disabled: endpoint.disabledAt !== null,
      lastDelivery: endpoint.lastDelivery
        ? `${endpoint.lastDelivery.event}, ${formatDateTime(endpoint.lastDelivery.lastAttemptAt)}: ${statusText(endpoint.lastDelivery.lastStatus, endpoint.lastDelivery.deliveredAt)}`
        : "None yet",
    })),
  };
}

export function newWebhookPage(user: CurrentUser, form: WebhookForm = null) {
  const values = form?.values ?? {};
  return {
    title: "Add a webhook endpoint",
    action: WEBHOOKS_PATH,
    backPath: WEBHOOKS_PATH,
    url: values.url ?? "",
    choices: eventChoices(user.account.kind, values.events ?? []),
    errors: form?.errors ?? {},
    fields: ["url", "events"],
    fieldIds: { events: eventChoices(user.account.kind, [])[0]?.id ?? null },
  };
}

/** The page that shows a new secret, the only time it is shown. */
export function secretPage(endpoint: { id: number; url: string }, secret: string, rotated: boolean) {
  return { title: rotated ? "New signing secret" : "Webhook endpoint added", url: endpoint.url, secret, rotated, endpointPath: webhookPath(endpoint.id) };
}

type LogQuery = { page?: unknown };

export async function webhookPage(user: CurrentUser, endpoint: WebhookEndpointRow, query: LogQuery = {}, form: WebhookForm = null, now = new Date()) {
  const page = Math.max(1, Math.min(10_000, Number.parseInt(String(query.page ?? "1"), 10) || 1));
  const log = await deliveriesOf(endpoint.id, page);
  const path = webhookPath(endpoint.id);
  const overlap = endpoint.previousSecretUntil && endpoint.previousSecretUntil > now ? formatDateTime(endpoint.previousSecretUntil) : null;
  return {
    title: "Webhook endpoint",
    backPath: WEBHOOKS_PATH,
    url: endpoint.url,
    state: stateOf(endpoint),
    disabled: endpoint.disabledAt !== null,
    previousSecretUntil: overlap,
    actions: { events: path, rotate: `${path}/rotate`, enable: `${path}/enable`, remove: path },
    choices: eventChoices(user.account.kind, form?.values.events ?? (endpoint.eventNames as WebhookEventName[])),
    errors: form?.errors ?? {},
    fieldIds: { events: eventChoices(user.account.kind, [])[0]?.id ?? null },
    deliveries: log.rows.map((row) => ({
      event: row.event,
      createdAt: formatDateTime(row.createdAt),
      attempts: row.attempts,
      status: row.lastAttemptAt ? statusText(row.lastStatus, row.deliveredAt, row.failedAt) : "Waiting",
      lastAttemptAt: row.lastAttemptAt ? formatDateTime(row.lastAttemptAt) : "Not tried yet",
      nextAttemptAt: row.nextAttemptAt && row.lastAttemptAt ? formatDateTime(row.nextAttemptAt) : null,
      answer: row.lastResponse ?? "",
      retryPath: retryPath(endpoint.id, row.id),
    })),
    pagination: pageLinks(page, { pages: Math.max(1, Math.ceil(log.total / LOG_PAGE_SIZE)) }, (n) => withQuery(path, { page: n > 1 ? n : null })),
  };
}
