import { emailLayout, emailText } from "~/domain/emails";
import { claimDueEmails, markEmailFailed, markEmailSent } from "~/models/outbox.server";
import { getSettings } from "~/models/settings.server";
import { isSmtpConfigured, sendEmail } from "~/services/smtp.server";
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
      const html = emailLayout(email.html, store, baseUrl());
      await sendEmail({ to: email.to, subject: email.subject, html, text: emailText(html) });
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
