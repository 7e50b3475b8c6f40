import { API_SCOPES, SCOPE_HINTS, type ApiScope } from "#domain/api/scopes.ts";
import { formatDateTime } from "#domain/format/dates.ts";
import { apiKeysFor } from "#models/api-keys.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// What /account/api_keys shows: the account's keys (never the keys themselves, only their first
// characters), the form to make one, and, once, the key just made.

export type ApiKeyForm = { errors?: Record<string, string>; values?: { name?: unknown; scopes?: unknown; expires_on?: unknown } };
export type NewKey = { name: string; secret: string };

const text = (value: unknown) => (typeof value === "string" ? value : "");
const chosen = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : typeof value === "string" ? [value] : []);
const when = (date: Date | null) => (date ? formatDateTime(date) : null);

function stateOf(key: { revokedAt: Date | null; expiresAt: Date | null }, now: number): string {
  if (key.revokedAt) return "Revoked";
  if (key.expiresAt && key.expiresAt.getTime() <= now) return "Expired";
  return "Active";
}

export async function apiKeysPage(user: CurrentUser, form: ApiKeyForm = {}, created: NewKey | null = null, now = Date.now()) {
  const keys = await apiKeysFor(user);
  const ticked = new Set(form.values ? chosen(form.values.scopes) : []);
  return {
    title: "API keys",
    created,
    keys: keys.map((key) => ({
      id: key.id,
      name: key.name,
      shown: `${key.prefix}…`,
      scopes: key.scopes.join(", "),
      created: formatDateTime(key.createdAt),
      lastUsed: when(key.lastUsedAt) ?? "Never",
      expires: when(key.expiresAt) ?? "Never",
      state: stateOf(key, now),
      revocable: !key.revokedAt,
      revokeAction: `/account/api_keys/${key.id}`,
    })),
    scopeChoices: API_SCOPES.map((scope: ApiScope) => ({ name: scope, hint: SCOPE_HINTS[scope], id: `scope_${scope.replace(":", "_")}`, checked: ticked.has(scope) })),
    errors: form.errors ?? {},
    values: { name: text(form.values?.name), expires_on: text(form.values?.expires_on) },
    createAction: "/account/api_keys",
    developersPath: "/developers",
  };
}
