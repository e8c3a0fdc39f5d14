import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { type ParsedMail, simpleParser } from "mailparser";
import { mailboxFolder } from "../doubles/smtp";

// The shoppers' inbox in the browser tests: what the store sent through SMTP to the mail server
// double (tests/doubles/smtp.ts, started by playwright.config.ts), read from its mailbox folder.

export type Mail = { subject: string; html: string; text: string; raw: string; parsed: ParsedMail };

async function inbox(address: string): Promise<Mail[]> {
  const folder = mailboxFolder(path.join(process.env.E2E_DATA_DIR!, "mailbox"), address);
  let files: string[];
  try {
    files = readdirSync(folder).sort();
  } catch {
    return [];
  }
  return Promise.all(
    files.map(async (file) => {
      const raw = readFileSync(path.join(folder, file), "utf8");
      const parsed = await simpleParser(raw);
      return { subject: parsed.subject ?? "", html: parsed.html || "", text: parsed.text ?? "", raw, parsed };
    }),
  );
}

/** The e-mail to `address` whose subject matches, once it arrives (the store's jobs send it). */
export async function receivedMail(address: string, subject: RegExp, timeout = 30_000): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        found = (await inbox(address)).find((m) => subject.test(m.subject));
        return found?.subject;
      },
      { timeout, message: `an e-mail to ${address} with the subject ${subject}` },
    )
    .toMatch(subject);
  return found!;
}

/** The address of the link in the e-mail's body whose text or address matches (as the shopper clicks it). */
export function linkIn(mail: Mail, href: RegExp): string {
  const links = [...mail.html.matchAll(/<a\s[^>]*href="([^"]+)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
  const link = links.find((l) => href.test(l));
  if (!link) throw new Error(`no link matching ${href} in "${mail.subject}"`);
  return link;
}
