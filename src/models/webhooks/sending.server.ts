import http from "node:http";
import https from "node:https";
import { ANSWER_CHARS, SEND_TIMEOUT_MS } from "#domain/webhooks/schedule.ts";
import { PrivateAddressError, guardedLookup, literalRefused } from "#models/webhooks/addresses.server.ts";

// One POST of a delivery: the stored body exactly as signed, the signature headers, a 10 second
// limit for the whole exchange, redirects never followed (a 3xx is a failed try: following it could
// lead anywhere, a private address included). The answer's first 1,000 characters are kept.

export type Answer = { status: number | null; text: string };

/** Posts the body; answers the status (null when there was no answer) and the answer's start or the error. */
export async function postWebhook(url: string, headers: Record<string, string>, body: string, allowPrivate: boolean, timeoutMs = SEND_TIMEOUT_MS): Promise<Answer> {
  try {
    const target = new URL(url);
    if (literalRefused(target, allowPrivate)) return { status: null, text: new PrivateAddressError().message };
    return await exchange(target, headers, body, allowPrivate, timeoutMs);
  } catch (error) {
    // Whatever goes wrong before an answer is a failed try, recorded like any other.
    return { status: null, text: (error as Error).message.slice(0, ANSWER_CHARS) };
  }
}

function exchange(target: URL, headers: Record<string, string>, body: string, allowPrivate: boolean, timeoutMs: number): Promise<Answer> {
  const client = target.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    const settle = (answer: Answer) => {
      clearTimeout(timer);
      resolve({ status: answer.status, text: answer.text.slice(0, ANSWER_CHARS) });
    };
    const request = client.request(target, {
      method: "POST",
      lookup: guardedLookup(allowPrivate),
      headers: { ...headers, "content-type": "application/json", "content-length": Buffer.byteLength(body), "user-agent": "Loadline-Webhooks/1" },
    });
    const timer = setTimeout(() => request.destroy(new Error(`No answer within ${timeoutMs / 1000} seconds`)), timeoutMs);
    request.on("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        text += chunk;
        if (text.length >= ANSWER_CHARS) response.destroy();
      });
      response.on("close", () => settle({ status: response.statusCode ?? null, text }));
    });
    request.on("error", (error) => settle({ status: null, text: error.message }));
    request.end(body);
  });
}
