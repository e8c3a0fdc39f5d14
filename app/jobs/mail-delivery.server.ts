import { emailLayout, emailText } from "~/domain/emails";
import { claimDueEmails, markEmailFailed, markEmailSent, markEmailWithdrawn } from "~/models/outbox.server";
import { getSettings } from "~/models/settings.server";
import { isOptedOut } from "~/models/win-back.server";
import { isSmtpConfigured, listUnsubscribeHeaders, sendEmail } from "~/services/smtp.server";
import { baseUrl } from "~/utils/env.server";
import { every } from "./every.server";

/**
 * Sends what is pending in the outbox when SMTP_URL is set, each message in the store's layout.
 * A failure stays pending and is retried later (up to 8 attempts, waiting longer after each),
 * then marked failed.
 */
export async function deliverPendingEmails(limit = 20): Promise<{ sent: number; failed: number }> {
  if (!isSmtpConfigured()) return { sent: 0, failed: 0 };
  const pending = await claimDueEmails(limit);
  if (pending.length === 0) return { sent: 0, failed: 0 };
  const { store } = await getSettings(["store"]);
  let sent = 0;
  let failed = 0;
  for (const email of pending) {
    try {
      // A marketing message (it carries its unsubscribe address) to an address that opted out since it was queued.
      if (email.listUnsubscribe && (await isOptedOut(email.to))) {
        await markEmailWithdrawn(email);
        continue;
      }
      const html = emailLayout(email.html, store, baseUrl(), Boolean(email.listUnsubscribe));
      const headers = email.listUnsubscribe ? listUnsubscribeHeaders(email.listUnsubscribe) : undefined;
      await sendEmail({ to: email.to, subject: email.subject, html, text: emailText(html), headers });
      await markEmailSent(email);
      sent++;
    } catch (error) {
      await markEmailFailed(email, error);
      failed++;
    }
  }
  return { sent, failed };
}

/** Runs deliverPendingEmails every `intervalMs` (server/serve.ts); returns a stop function. */
export function startMailWorker(intervalMs = 30_000): () => void {
  if (!isSmtpConfigured()) return () => undefined;
  return every("mail", intervalMs, () => deliverPendingEmails());
}
