import { logger } from "#lib/logger.server.ts";
import { sendMail } from "#lib/mailer.server.ts";
import { claimInvoiceEmail, invoiceIdsToEmail, releaseInvoiceEmail } from "#models/invoices/mail.server.ts";
import { invoiceMail } from "#pages/invoices/mail.server.ts";

/** Each issued invoice not yet e-mailed goes, with its PDF, to the receiving company's invoice address; answers how many went. */
export async function sendInvoiceEmails(now: Date, origin: string): Promise<number> {
  let sent = 0;
  for (const id of await invoiceIdsToEmail()) {
    const invoice = await claimInvoiceEmail(id);
    if (!invoice) continue;
    const mail = await invoiceMail(invoice, origin, now);
    if (!mail) {
      // Nowhere to send it: the invoice stays on both companies' invoice lists and its PDF is a
      // download, so it is not lost; the log says why no e-mail went.
      logger().info({ invoiceId: id }, "invoice not e-mailed: the receiving company gave no invoice e-mail address");
      continue;
    }
    try {
      await sendMail(mail);
      sent += 1;
    } catch (err) {
      await releaseInvoiceEmail(id);
      logger().error({ err, invoiceId: id }, "e-mailing an invoice failed; it is tried again at the next sweep");
    }
  }
  return sent;
}
