import type { Transporter } from 'nodemailer';

/**
 * The mail provider: SMTP through nodemailer. It only delivers; what is sent, when and how often it is
 * retried is decided by the mail outbox and its job (modules/notifications/mail.service.ts).
 */

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  /** The sender: its display name (the agency's) and address (MAIL_FROM's). */
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  /** Files sent with the message (a report's PDF). */
  attachments?: MailAttachment[] | undefined;
}

/** Why a delivery failed, and whether trying again later can help (a 4xx or a network error can, a 5xx cannot). */
export class MailDeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** One transport per SMTP URL, reused between messages. */
const transports = new Map<string, Transporter>();

/** nodemailer is loaded with the first message, not at start. */
async function transportFor(smtpUrl: string): Promise<Transporter> {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    const { default: nodemailer } = await import('nodemailer');
    // Another message may have made it while this one waited for the import.
    const made = transports.get(smtpUrl);
    if (made) return made;
    transport = nodemailer.createTransport({
      url: smtpUrl,
      // A slow or dead mail server must not hold a job for minutes.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    transports.set(smtpUrl, transport);
  }
  return transport;
}

/** Closes the cached SMTP transports (shutdown, tests). */
export function closeMailTransports(): void {
  for (const transport of transports.values()) transport.close();
  transports.clear();
}

/** Delivers one message by SMTP; throws MailDeliveryError when the server refuses it or cannot be reached. */
export async function sendBySmtp(smtpUrl: string, message: MailMessage): Promise<void> {
  try {
    await (await transportFor(smtpUrl)).sendMail({
      from: message.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      ...(message.attachments?.length
        ? { attachments: message.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })) }
        : {}),
    });
  } catch (err) {
    const code = (err as { responseCode?: unknown }).responseCode;
    const permanent = typeof code === 'number' && code >= 500 && code < 600;
    throw new MailDeliveryError(err instanceof Error ? err.message : String(err), permanent);
  }
}
