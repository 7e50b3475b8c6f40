import { db } from "#db/client.server.ts";
import { MAX_ATTEMPTS } from "#domain/webhooks/schedule.ts";
import { sendMail } from "#lib/mailer.server.ts";

// After about 3 days of failed tries the endpoint is disabled (nothing more is sent to it until an
// admin turns it back on) and the account's admins are told by e-mail: a notification could sit
// unread, and a receiver that is down is usually something only a person can mend.

/** Disables the endpoint; answers whether this call did (so its admins are told once). */
export async function disableEndpoint(endpointId: number, now: Date): Promise<boolean> {
  const { count } = await db().webhookEndpoint.updateMany({ where: { id: endpointId, disabledAt: null }, data: { disabledAt: now } });
  return count > 0;
}

/** E-mails every admin of the endpoint's account; `link` is the endpoint's page (built by the caller). */
export async function tellAdminsDisabled(endpointId: number, link: string): Promise<number> {
  const endpoint = await db().webhookEndpoint.findUnique({ where: { id: endpointId }, select: { accountId: true, url: true } });
  if (!endpoint) return 0;
  const admins = await db().user.findMany({ where: { accountId: endpoint.accountId, role: "admin", removedAt: null }, select: { email: true, name: true } });
  for (const admin of admins) {
    await sendMail({
      to: admin.email,
      subject: "Webhook endpoint disabled",
      text: [
        `Hello ${admin.name},`,
        "",
        `We could not deliver events to your webhook endpoint ${endpoint.url} after ${MAX_ATTEMPTS} tries over about 3 days, so we have stopped sending to it.`,
        "",
        `Events that happen while it is off are not sent to it. Once the receiver is working, turn the endpoint back on, and use "Send again" in its delivery log for any delivery you still need: ${link}`,
      ].join("\n"),
    });
  }
  return admins.length;
}
