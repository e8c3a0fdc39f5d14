import { afterAll, beforeAll } from "vitest";
import { type ReceivedMail, type SmtpDouble, startSmtpDouble } from "../doubles/smtp";

/**
 * A test file's mail server: the SMTP double started before the file's tests and SMTP_URL pointed
 * at it (call it before anything reads the environment, which is read once), closed after them.
 * What the delivery job sent is in the answer's `received`.
 */
export function smtpDoubleForFile(): { readonly received: ReceivedMail[] } {
  let smtp: SmtpDouble | null = null;
  beforeAll(async () => {
    smtp = await startSmtpDouble();
    process.env.SMTP_URL = smtp.url;
  });
  afterAll(async () => {
    await smtp?.close();
  });
  return {
    get received() {
      return smtp?.received ?? [];
    },
  };
}
