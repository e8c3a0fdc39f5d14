import nodemailer from "nodemailer";
import { getEnv } from "~/utils/env.server";

// The mail server, through nodemailer: configured once from SMTP_URL and MAIL_FROM. Without
// SMTP_URL there is no transport and messages stay in the outbox.

export type OutgoingEmail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
};

/**
 * RFC 8058 one-click unsubscribe for a marketing message: mail clients show "Darse de baja" and
 * POST "List-Unsubscribe=One-Click" to `url`, which opts the address out without signing in.
 */
export function listUnsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

let transport: nodemailer.Transporter | null = null;

/** True when SMTP_URL names a mail server. */
export function isSmtpConfigured(): boolean {
  return Boolean(getEnv().SMTP_URL);
}

/** Sends one message from MAIL_FROM; throws what the mail server answered when it refuses. */
export async function sendEmail(email: OutgoingEmail): Promise<void> {
  const url = getEnv().SMTP_URL;
  if (!url) throw new Error("SMTP_URL is not set");
  transport ??= nodemailer.createTransport(url);
  await transport.sendMail({ from: getEnv().MAIL_FROM, ...email });
}
