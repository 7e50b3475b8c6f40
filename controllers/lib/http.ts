/** The page's CSRF token (<meta name="csrf-token">), sent with every state-changing call. */
export function csrfToken(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? "";
}

export async function postJson(url: string, body: unknown, init: RequestInit = {}): Promise<Response> {
  return sendJson("POST", url, body, init);
}

export async function sendJson(method: string, url: string, body: unknown, init: RequestInit = {}): Promise<Response> {
  return fetch(url, {
    method,
    credentials: "same-origin",
    keepalive: true,
    ...init,
    headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRF-Token": csrfToken(), ...init.headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
