// Which network addresses a webhook may never be sent to: private, loopback, link-local and other
// ranges that are not the public internet. Otherwise anyone with an account could make our servers
// call their own neighbours (cloud metadata at 169.254.169.254, a database on 10.x) and read the
// answer in the delivery log. Checked when an endpoint is saved and again, on the address actually
// connected to, at every delivery (a name can be re-pointed after it was checked).

type Range = readonly [address: string, prefix: number];

const PRIVATE_V4: readonly Range[] = [
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16],
  ["172.16.0.0", 12], ["192.0.0.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15], ["224.0.0.0", 4], ["240.0.0.0", 4],
];
const PRIVATE_V6: readonly Range[] = [["::", 128], ["::1", 128], ["fc00::", 7], ["fe80::", 10], ["ff00::", 8], ["2001:db8::", 32]];

/** An IPv4 address as 4 bytes, or null. */
function v4Bytes(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)) return null;
  return parts.map(Number);
}

/** An IPv6 address (with "::" and an IPv4 tail) as 16 bytes, or null. */
function v6Bytes(text: string): number[] | null {
  const plain = text.replace(/^\[|\]$/g, "").replace(/%.*$/, "").toLowerCase();
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(plain);
  const v4 = tail ? v4Bytes(tail[1]!) : null;
  if (tail && !v4) return null;
  const head = tail ? plain.slice(0, -tail[1]!.length).replace(/:$/, ":0:0").replace(/^:0:0$/, "::0:0") : plain;
  const halves = head.split("::");
  if (halves.length > 2) return null;
  const groups = halves.map((half) => (half ? half.split(":") : []));
  if (!groups.flat().every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  const missing = 8 - groups.flat().length;
  if (missing < 0 || (halves.length === 1 && missing !== 0) || (halves.length === 2 && missing < 1)) return null;
  const words = halves.length === 2 ? [...groups[0]!, ...Array<string>(missing).fill("0"), ...groups[1]!] : groups[0]!;
  const bytes = words.flatMap((word) => [parseInt(word, 16) >> 8, parseInt(word, 16) & 255]);
  if (v4) bytes.splice(12, 4, ...v4);
  return bytes;
}

function inRange(bytes: readonly number[], [address, prefix]: Range, parse: (text: string) => number[] | null): boolean {
  const base = parse(address)!;
  for (let bit = 0; bit < prefix; bit += 1) {
    const mask = 0x80 >> bit % 8;
    if ((bytes[bit >> 3]! & mask) !== (base[bit >> 3]! & mask)) return false;
  }
  return true;
}

/** An IP address we may not deliver to; anything that is not an IP address at all counts as one. */
export function isPrivateAddress(ip: string): boolean {
  const v4 = v4Bytes(ip);
  if (v4) return PRIVATE_V4.some((range) => inRange(v4, range, v4Bytes));
  const v6 = v6Bytes(ip);
  if (!v6) return true;
  // IPv4 written as IPv6 (::ffff:10.0.0.1, and NAT64's 64:ff9b::/96) is judged as the IPv4 address.
  const mapped = inRange(v6, ["::ffff:0:0", 96], v6Bytes) || inRange(v6, ["64:ff9b::", 96], v6Bytes);
  if (mapped) return isPrivateAddress(v6.slice(12).join("."));
  return PRIVATE_V6.some((range) => inRange(v6, range, v6Bytes));
}

/** Whether a host name is written as an IP address (IPv4, or IPv6 in brackets or not). */
export const isIpLiteral = (host: string) => v4Bytes(host) !== null || (host.includes(":") && v6Bytes(host) !== null);

/** Names that always mean this machine or its own network, whatever the resolver says. */
export const isLocalName = (host: string) => /(^|\.)(localhost|local|internal)\.?$/i.test(host);
