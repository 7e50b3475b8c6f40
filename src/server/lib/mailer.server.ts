import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import { env } from "#lib/env.server.ts";

// Outgoing mail: through SMTP_URL when it is set; otherwise each message is written as an .eml
// file to outbox/ in the data folder (beside a SQLite database), where a developer (or a test) can open it.

/** `headers`: extra header lines written as given (no folding or encoding), e.g. List-Unsubscribe. */
export type Mail = { to: string; subject: string; text: string; headers?: Record<string, string>; attachments?: readonly MailAttachment[] };
export type MailAttachment = { filename: string; content: Buffer; contentType: string };

export function outboxDir(): string {
  return path.join(env().dataDir, "outbox");
}

let transport: nodemailer.Transporter | undefined;

export async function sendMail(mail: Mail): Promise<void> {
  const config = env();
  const { headers, attachments, ...rest } = mail;
  const prepared = headers && Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, { prepared: true, value }]));
  const message = { from: config.MAIL_FROM, ...rest, ...(prepared ? { headers: prepared } : {}), ...(attachments ? { attachments: [...attachments] } : {}) };
  if (config.SMTP_URL) {
    transport ??= nodemailer.createTransport(config.SMTP_URL);
    await transport.sendMail(message);
    return;
  }
  const built = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }).sendMail(message);
  mkdirSync(outboxDir(), { recursive: true });
  const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${built.messageId.replace(/[^\w.-]/g, "")}.eml`;
  writeFileSync(path.join(outboxDir(), name), built.message as Buffer);
}
