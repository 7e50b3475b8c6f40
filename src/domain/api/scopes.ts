// What an API key may do: a closed list, named once. A key holds some of these; each endpoint needs
// one, and a call without it is refused (403) with the scope named, so the caller knows what to ask for.

export const API_SCOPES = [
  "jobs:read",
  "jobs:write",
  "quotes:read",
  "quotes:write",
  "loads:read",
  "loads:write",
  "invoices:read",
  "webhooks:write",
] as const;

export type ApiScope = (typeof API_SCOPES)[number];

export const SCOPE_HINTS: Record<ApiScope, string> = {
  "jobs:read": "List and read jobs (a carrier's key: the jobs it may see)",
  "jobs:write": "Post, change and cancel jobs",
  "quotes:read": "List a job's quotes (a carrier's key: its own)",
  "quotes:write": "Place and withdraw quotes, award jobs",
  "loads:read": "List and read loads",
  "loads:write": "Assign drivers and vehicles, record collections, deliveries and positions",
  "invoices:read": "List and read invoices and their PDFs",
  "webhooks:write": "Manage webhook endpoints",
};

export const isApiScope = (value: unknown): value is ApiScope => (API_SCOPES as readonly unknown[]).includes(value);

/** The scopes stored on a key (a JSON array), keeping only those still on the list. */
export function scopesOf(stored: string): ApiScope[] {
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter(isApiScope) : [];
  } catch {
    return [];
  }
}

export const missingScope = (scope: ApiScope) => `This key lacks the scope ${scope}`;
