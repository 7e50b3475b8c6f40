import { type IncomingHttpHeaders, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

// A real receiver on 127.0.0.1 (a port of its own): it keeps every delivery as it arrived and
// answers with the status the test sets. Signatures are checked with the standardwebhooks package.

export type Received = { headers: Record<string, string>; body: string };

const plain = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, [value].flat().join(", ")]));

export async function startReceiver(answer: { status: number; body?: string } = { status: 204 }) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      received.push({ headers: plain(req.headers), body });
      res.writeHead(answer.status, { "content-type": "text/plain" }).end(answer.body ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answer,
    /** Each delivery checked with standardwebhooks (now, by the real clock), its envelope answered. */
    verifiedWith: (secret: string) => received.map((delivery) => new Webhook(secret).verify(delivery.body, delivery.headers) as Envelope),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Envelope = { id: string; api_version: string; event: string; created_at: string; data: Record<string, Record<string, unknown>> };
