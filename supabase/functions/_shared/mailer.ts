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
  /** Files sent along (the invoice PDF with the booking confirmation). */
  attachments?: { filename: string; content: Uint8Array; contentType: string }[];
}

export function createMailer() {
  const port = Number(Deno.env.get('SMTP_PORT') ?? '465');
  const user = Deno.env.get('SMTP_USER');
  const transport = nodemailer.createTransport({
    host: Deno.env.get('SMTP_HOST') ?? '127.0.0.1',
    port,
    secure: port === 465,
    auth: user ? { user, pass: Deno.env.get('SMTP_PASS') ?? '' } : undefined,
  });
  const from = Deno.env.get('MAIL_FROM') ?? 'Podium <noreply@podium.nl>';
  return {
    async send(mail: Mail): Promise<void> {
      await transport.sendMail({ from, ...mail, attachments: mail.attachments?.map((file) => ({ ...file, content: Buffer.from(file.content) })) });
    },
  };
}
