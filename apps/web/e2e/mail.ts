import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { mailLogOf } from './env';

/** One message the SMTP stand-in received (global-setup.ts): the envelope and the raw message (headers and body). */
export interface TMail {
  from: string;
  to: string[];
  data: string;
  received_at: string;
}

/** Every message of this run so far, oldest first. */
export async function readMails(): Promise<TMail[]> {
  const dir = process.env.E2E_DATA_DIR;
  expect(dir, 'E2E_DATA_DIR is set by playwright.config.ts').toBeTruthy();
  const text = await readFile(mailLogOf(dir!), 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as TMail);
}

/** Quoted-printable decoded (soft line breaks joined, =XX bytes as UTF-8); other text passes through unchanged. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The readable text of a raw message: every part decoded (quoted-printable, base64 or plain), joined. */
export function mailText(mail: TMail): string {
  const parts: string[] = [];
  const part = /Content-Transfer-Encoding:\s*([\w-]+)[^\r\n]*(?:\r?\n[^\r\n]+)*\r?\n\r?\n([\s\S]*?)(?=\r?\n--|$)/gi;
  for (const [, encoding, body] of mail.data.matchAll(part)) {
    const enc = encoding!.toLowerCase();
    if (enc === 'base64') parts.push(Buffer.from(body!.replace(/\s+/g, ''), 'base64').toString('utf8'));
    else if (enc === 'quoted-printable') parts.push(decodeQuotedPrintable(body!));
    else parts.push(body!);
  }
  // A message without parts (or headers the pattern missed): the raw text, decoded as quoted-printable to be safe.
  parts.push(decodeQuotedPrintable(mail.data));
  return parts.join('\n');
}

/** Waits for the newest message to `to` that `match` accepts (the mail job sends within seconds). */
export async function waitForMail(to: string, match: (text: string, mail: TMail) => boolean, timeout = 30_000): Promise<{ mail: TMail; text: string }> {
  let found: { mail: TMail; text: string } | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await readMails()).filter((m) => m.to.some((t) => t.toLowerCase() === to.toLowerCase()));
        for (const mail of mails.reverse()) {
          const text = mailText(mail);
          if (match(text, mail)) {
            found = { mail, text };
            return true;
          }
        }
        return false;
      },
      { message: `an e-mail to ${to}`, timeout, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  return found!;
}

/** The magic review link's path and fragment in a message (`/review#token=rvw_…`), or null. */
export function reviewLinkIn(text: string): string | null {
  const token = /\/review#token=(rvw_[A-Za-z0-9_-]{20,})/.exec(text)?.[1];
  return token ? `/review#token=${token}` : null;
}

/** The one-time invite link's path and fragment in a message (`/welcome#token=inv_…`), or null. */
export function inviteLinkIn(text: string): string | null {
  const token = /\/welcome#token=(inv_[A-Za-z0-9_-]{43})/.exec(text)?.[1];
  return token ? `/welcome#token=${token}` : null;
}
