// Mail from edge functions over SMTP: the stack's mail catcher locally, a provider's SMTP server
// (port 465, TLS) on hosted Supabase. Configured by the SMTP_* secrets (see .env.example).
import { Buffer } from 'node:buffer';
import nodemailer from 'npm:nodemailer@7.0.6';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes (the sender of a contact request), when not the From address. */
  replyTo?: string;
  /** The Message-ID header (`<…@domain>`): the same on a retry, so the mailbox shows the message once. */
  messageId?: string;
  /** Files sent along (the invoice PDF with the booking confirmation). */
  attachments?: { filename: string; content: Uint8Array; contentType: string }[];
}

const connectRetriesMs = [500, 1000, 2000, 4000];
/** The server refused the connection, or it closed before answering the message: not accepted. */
const notAccepted = (error: unknown) => {
  const { message, code } = (error ?? {}) as { message?: string; code?: string };
  return code === 'ECONNECTION' || /ECONNREFUSED|Unexpected socket close/.test(String(message));
};

export function createMailer() {
  const port = Number(Deno.env.get('SMTP_PORT') ?? '465');
  const user = Deno.env.get('SMTP_USER');
  const transport = nodemailer.createTransport({
    host: Deno.env.get('SMTP_HOST') ?? '127.0.0.1',
    port,
    secure: port === 465,
    auth: user ? { user, pass: Deno.env.get('SMTP_PASS') ?? '' } : undefined,
    // Bounded, so a send ends well within the lease on its outbox row (nodemailer waits up to 2
    // and 10 minutes by default).
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const from = Deno.env.get('MAIL_FROM') ?? 'Podium <noreply@podium.nl>';
  return {
    async send(mail: Mail): Promise<void> {
      const message = { from, ...mail, attachments: mail.attachments?.map((file) => ({ ...file, content: Buffer.from(file.content) })) };
      // A server that refused the connection or closed it before answering the message (it
      // restarted) has not accepted it: as a mail server does, try again, after 0.5, 1, 2 and 4 s,
      // so a short outage delays the mail instead of failing it. Other errors are left to the
      // caller (the outbox tries again later).
      for (let attempt = 0; ; attempt++) {
        try {
          await transport.sendMail(message);
          return;
        } catch (error) {
          if (!notAccepted(error) || attempt === connectRetriesMs.length) throw error;
          await new Promise((resolve) => setTimeout(resolve, connectRetriesMs[attempt]));
        }
      }
    },
  };
}
