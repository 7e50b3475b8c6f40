import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { outboxDir } from "#lib/mailer.server.ts";
import type { Agent } from "./app.ts";

/** `headers`: every header line, unfolded, by lower-case name (the last of a repeated one). */
export type Letter = { to: string; subject: string; text: string; link: string | null; headers: Record<string, string> };

/** Undoes quoted-printable: soft line breaks and =XX bytes. */
const unquote = (body: string) => Buffer.from(body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1").toString("utf8");

/** Undoes RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=), as in a subject with curly quotes. */
const decodeWords = (value: string) =>
  value.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, encoding: string, text: string) =>
    encoding.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : unquote(text.replaceAll("_", " ")),
  ).trim();

function read(file: string): Letter {
  const raw = readFileSync(file, "utf8");
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = Object.fromEntries(
    head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/).map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), decodeWords(line.slice(line.indexOf(":") + 1))]),
  );
  const body = rest.join("\n\n");
  const text = /quoted-printable/i.test(head) ? unquote(body) : body;
  return { to: headers.to ?? "", subject: headers.subject ?? "", text, link: /https?:\/\/\S+/.exec(text)?.[0] ?? null, headers };
}

/** Every letter in the outbox to this address, oldest first. */
export function lettersTo(address: string): Letter[] {
  const dir = outboxDir();
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((name) => name.endsWith(".eml")).sort().map((name) => read(path.join(dir, name))).filter((letter) => letter.to.toLowerCase() === address.toLowerCase());
}

/** Follows the confirmation link mailed to `address` and confirms, as the person would. */
export async function confirmSignUpByMail(browser: Agent, address: string) {
  const letter = lettersTo(address).at(-1);
  if (!letter?.link) throw new Error(`No confirmation letter to ${address}`);
  const page = await browser.get(new URL(letter.link).pathname);
  const token = /name="token" value="([^"]+)"/.exec(page.text)?.[1];
  const csrf = /<meta name="csrf-token" content="([^"]+)"/.exec(page.text)?.[1];
  return browser.post("/signup/confirmation").type("form").send({ _csrf: csrf, token });
}
