import { lookup } from "node:dns";
import type { LookupAddress, LookupOptions } from "node:dns";
import { isIpLiteral, isPrivateAddress } from "#domain/webhooks/addresses.ts";
import { WEBHOOK_URL_MESSAGES } from "#domain/webhooks/endpoint-form.ts";
import { env } from "#lib/env.server.ts";

// Where a webhook's host name leads. An address is checked when the endpoint is saved (so the admin
// hears at once) and again when each delivery connects: the check runs inside the connection's own
// name lookup, so the address checked is the address connected to, and a name re-pointed at a
// private address after it was saved (DNS rebinding) is refused.

export const allowsPrivateAddresses = () => env().webhooksAllowPrivateAddresses;

export class PrivateAddressError extends Error {
  constructor() {
    super(WEBHOOK_URL_MESSAGES.private);
  }
}

/** Every address a name resolves to (an IP address stands for itself). */
function resolveAll(host: string): Promise<LookupAddress[]> {
  if (isIpLiteral(host)) return Promise.resolve([{ address: host, family: host.includes(":") ? 6 : 4 }]);
  return new Promise((resolve, reject) => lookup(host, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));
}

/** Why this address may not be saved once resolved: a private address, or a name that does not resolve. */
export async function resolvedProblem(url: string): Promise<string | null> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  try {
    const addresses = await resolveAll(host);
    return addresses.some((entry) => isPrivateAddress(entry.address)) ? WEBHOOK_URL_MESSAGES.private : null;
  } catch {
    return "We could not find that address: check the host name";
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A lookup for http(s).request that refuses every private address unless they are allowed. */
export function guardedLookup(allowPrivate: boolean) {
  return (host: string, options: LookupOptions, callback: LookupCallback) => {
    resolveAll(host).then(
      (addresses) => {
        if (!allowPrivate && addresses.some((entry) => isPrivateAddress(entry.address))) return callback(new PrivateAddressError(), "");
        if (options.all) return callback(null, addresses);
        const first = addresses.find((entry) => !options.family || entry.family === options.family) ?? addresses[0]!;
        callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ""),
    );
  };
}

/** An IP address written in the URL never goes through a lookup: it is checked here instead. */
export function literalRefused(url: URL, allowPrivate: boolean): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  return !allowPrivate && isIpLiteral(host) && isPrivateAddress(host);
}
