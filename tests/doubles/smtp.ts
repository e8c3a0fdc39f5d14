import { mkdirSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";

// The local double of a mail server: a real SMTP server (smtp-server) on loopback that accepts
// every message the store sends through SMTP_URL (no TLS, no login) and keeps it as received: in
// memory, and with `mailbox`, as an .eml file per recipient (`<mailbox>/<address>/<n>.eml`) that
// another process (a browser test) reads as the shopper's inbox (tests/e2e/mailbox.ts).

export type ReceivedMail = { to: string[]; raw: string };

export type SmtpDouble = {
  /** What the store's SMTP_URL points at. */
  url: string;
  received: ReceivedMail[];
  close: () => Promise<void>;
};

/** The folder of one recipient's messages in a mailbox. */
export function mailboxFolder(mailbox: string, address: string): string {
  return path.join(
    mailbox,
    address
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9@._+-]/g, "_"),
  );
}

export async function startSmtpDouble(options: { port?: number; mailbox?: string } = {}): Promise<SmtpDouble> {
  const received: ReceivedMail[] = [];
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const mail = { to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") };
        received.push(mail);
        if (options.mailbox) {
          const name = `${Date.now()}-${String(++count).padStart(5, "0")}.eml`;
          for (const to of mail.to) {
            const folder = mailboxFolder(options.mailbox, to);
            mkdirSync(folder, { recursive: true });
            writeFileSync(path.join(folder, name), mail.raw);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}
