import { randomUUID } from "node:crypto";
import { WebSocket } from "ws";
import { parseEnv } from "#lib/env.server.ts";
import { createLogger } from "#lib/logger.server.ts";
import { startServer, type RunningServer } from "#server/start.server.ts";
import { installBrowserShims as install, type Consumer as AnyConsumer, ActionCable } from "../../../support/actioncable.ts";

// The real app server (HTTP + /cable on one port) and the real @rails/actioncable consumer in Node
// `adapters.WebSocket` is `ws`, window listeners are stubbed, URLs are absolute.

export { ActionCable, recorder, type SubscriptionMixin } from "../../../support/actioncable.ts";
export type Consumer = AnyConsumer<AppWebSocket>;

type Identity = { cookie?: string; origin: string };
const identities = new Map<string, Identity>();

/** What a browser adds: the Origin and the session cookie. Every socket of a consumer records its frames. */
export class AppWebSocket extends WebSocket {
  static readonly all: AppWebSocket[] = [];
  readonly received: string[] = [];

  constructor(url: string, protocols?: string | string[]) {
    const who = identities.get(new URL(url).searchParams.get("as") ?? "");
    super(url, protocols, { origin: who?.origin, headers: who?.cookie ? { cookie: who.cookie } : {} });
    this.addEventListener("message", (event) => this.received.push(String(event.data)));
    AppWebSocket.all.push(this);
  }
}

export function installBrowserShims(): () => void {
  return install(AppWebSocket);
}

export async function startAppServer(): Promise<RunningServer> {
  const env = parseEnv({ ...process.env, PORT: "0", HOST: "127.0.0.1", SEED_DEMO_DATA: "false" });
  return startServer(env, createLogger("silent"));
}

/** A consumer as a browser of `baseUrl` signed in with `cookie` (none: a visitor). */
export function consumerFor(baseUrl: string, cookie?: string, origin = baseUrl): { consumer: Consumer; url: string } {
  const key = randomUUID();
  identities.set(key, { cookie, origin });
  const url = `${baseUrl.replace(/^http/, "ws")}/cable?as=${key}`;
  return { consumer: ActionCable.createConsumer<AppWebSocket>(url), url };
}

/** Every frame the consumer's sockets (one per reconnection) received, decoded. */
export function framesOf(consumer: Consumer, url: string): Record<string, unknown>[] {
  return AppWebSocket.all.filter((ws) => ws.url === url).flatMap((ws) => ws.received.map((text) => JSON.parse(text) as Record<string, unknown>));
}

export type Session = { cookie: string; csrf: string };

/** Signs in through the real login form over HTTP; returns the session cookie and its CSRF token. */
export async function signInOverHttp(baseUrl: string, email: string, password = "password123"): Promise<Session> {
  const login = await fetch(`${baseUrl}/login`);
  const form = new URLSearchParams({ _csrf: csrfIn(await login.text()), email, password });
  const signedIn = await fetch(`${baseUrl}/session`, { method: "POST", redirect: "manual", headers: { cookie: cookieOf(login), "content-type": "application/x-www-form-urlencoded" }, body: form });
  if (signedIn.status !== 303) throw new Error(`Sign-in as ${email} failed with ${signedIn.status}`);
  const cookie = cookieOf(signedIn);
  // The token must be the signed-in session's own: a redirect to the login page would carry another's.
  const account = await fetch(`${baseUrl}/account`, { redirect: "manual", headers: { cookie } });
  if (account.status !== 200) throw new Error(`Signed in as ${email}, but /account answered ${account.status} ${account.headers.get("location") ?? ""}`);
  return { cookie, csrf: csrfIn(await account.text()) };
}

/** The signed stream names a page subscribes to, as its <turbo-cable-stream-source> tags give them. */
export async function streamSourcesOn(baseUrl: string, path: string, session: Session): Promise<string[]> {
  const html = await (await fetch(`${baseUrl}${path}`, { headers: { cookie: session.cookie } })).text();
  return [...html.matchAll(/<turbo-cable-stream-source channel="Turbo::StreamsChannel" signed-stream-name="([^"]+)">/g)].map((m) => m[1]!);
}

export const turbo = (signedStreamName: string) => ({ channel: "Turbo::StreamsChannel", signed_stream_name: signedStreamName });

function cookieOf(response: Response): string {
  const cookie = response.headers.getSetCookie().map((c) => c.split(";")[0]).find((c) => c?.startsWith("haulage.sid="));
  if (!cookie) throw new Error("No session cookie");
  return cookie;
}

function csrfIn(html: string): string {
  const token = /<meta name="csrf-token" content="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error("No CSRF token on the page");
  return token;
}
