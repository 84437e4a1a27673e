// Auth e-mails: Podium-branded Dutch templates (HTML + text) sent over SMTP to the stack's
// mail catcher. A failed send throws, so the caller's transaction rolls back.
import nodemailer from 'nodemailer';
import type { AuthSettings } from './settings.ts';

export type MailKind = 'signup' | 'magiclink' | 'recovery' | 'email_change' | 'invite' | 'reauthentication';

export interface MailInput {
  kind: MailKind;
  to: string;
  /** The one-click link (`…/auth/v1/verify?token=…&type=…&redirect_to=…`); empty for a code-only mail. */
  link: string;
  /** The 6-digit code, for typing in instead of clicking. */
  otp: string;
  /** For e-mail changes: the address being changed to. */
  newEmail?: string;
}

export interface Mailer {
  send(input: MailInput): Promise<void>;
  close(): void;
}

/** The link GoTrue puts in its mails (the mailer's GetEmailActionLink). */
export function actionLink(externalUrl: string, tokenHash: string, type: string, redirectTo: string): string {
  const query = new URLSearchParams({ token: tokenHash, type, redirect_to: redirectTo });
  return `${externalUrl}/verify?${query.toString()}`;
}

interface Template {
  subject: string;
  heading: string;
  intro: string;
  button: string;
  outro: string;
}

function template(input: MailInput): Template {
  switch (input.kind) {
    case 'signup':
      return {
        subject: 'Bevestig je e-mailadres bij Podium',
        heading: 'Welkom bij Podium!',
        intro: 'Leuk dat je een account hebt aangemaakt. Bevestig je e-mailadres om je account te activeren en artiesten te boeken.',
        button: 'E-mailadres bevestigen',
        outro: 'Heb je geen account aangemaakt bij Podium? Dan kun je deze e-mail negeren.',
      };
    case 'magiclink':
      return {
        subject: 'Je inloglink voor Podium',
        heading: 'Inloggen bij Podium',
        intro: 'Klik op de knop hieronder om in te loggen. De link is één keer te gebruiken.',
        button: 'Inloggen',
        outro: 'Heb je niet gevraagd om in te loggen? Dan kun je deze e-mail negeren.',
      };
    case 'recovery':
      return {
        subject: 'Wachtwoord opnieuw instellen',
        heading: 'Wachtwoord opnieuw instellen',
        intro: 'We hebben een verzoek ontvangen om het wachtwoord van je Podium-account opnieuw in te stellen. Klik op de knop hieronder om een nieuw wachtwoord te kiezen.',
        button: 'Wachtwoord opnieuw instellen',
        outro: 'Heb je dit niet aangevraagd? Dan kun je deze e-mail negeren; je wachtwoord blijft ongewijzigd.',
      };
    case 'email_change':
      return {
        subject: 'Bevestig je nieuwe e-mailadres',
        heading: 'Nieuw e-mailadres bevestigen',
        intro: `Je hebt gevraagd om het e-mailadres van je Podium-account te wijzigen naar ${input.newEmail ?? input.to}. Bevestig dit nieuwe adres met de knop hieronder.`,
        button: 'Nieuw e-mailadres bevestigen',
        outro: 'Heb je deze wijziging niet aangevraagd? Neem dan contact met ons op.',
      };
    case 'reauthentication':
      return {
        subject: 'Je verificatiecode voor Podium',
        heading: 'Bevestig dat jij het bent',
        intro: 'Je wilt een beveiligde wijziging aan je Podium-account doen, zoals je wachtwoord aanpassen. Vul daarvoor de code hieronder in.',
        button: '',
        outro: 'Heb je dit niet aangevraagd? Verander dan je wachtwoord en neem contact met ons op.',
      };
    case 'invite':
      return {
        subject: 'Je bent uitgenodigd voor Podium',
        heading: 'Je bent uitgenodigd',
        intro: 'Je bent uitgenodigd om een account aan te maken bij Podium, het platform om live artiesten te boeken. Klik op de knop hieronder om de uitnodiging te accepteren.',
        button: 'Uitnodiging accepteren',
        outro: 'Verwachtte je deze uitnodiging niet? Dan kun je deze e-mail negeren.',
      };
  }
}

const escapeHTML = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const linkBlock = (
  link: string,
  button: string,
) => `<p style="margin:0 0 24px"><a href="${escapeHTML(link)}" style="display:inline-block;background:#e4572e;color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:8px;font-weight:bold">${escapeHTML(button)}</a></p>
          <p style="margin:0 0 8px;font-size:13px;color:#5f5a57">Werkt de knop niet? Kopieer dan deze link in je browser:</p>
          <p style="margin:0 0 24px;font-size:13px;word-break:break-all"><a href="${escapeHTML(link)}" style="color:#e4572e">${escapeHTML(link)}</a></p>`;

export function renderMail(input: MailInput): { subject: string; html: string; text: string } {
  const t = template(input);
  const text = [
    t.heading,
    '',
    t.intro,
    '',
    ...(input.link ? [`${t.button}: ${input.link}`, '', `Of gebruik deze code: ${input.otp}`] : [`Je code: ${input.otp}`]),
    '',
    t.outro,
    '',
    'Groet,',
    'Team Podium',
  ].join('\n');
  const html = `<!doctype html>
<html lang="nl">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHTML(t.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f1ee;font-family:Helvetica,Arial,sans-serif;color:#1d1b1a">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f1ee;padding:32px 0">
    <tr><td align="center">
      <table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:12px;overflow:hidden">
        <tr><td style="background:#1d1b1a;padding:20px 32px;color:#ffffff;font-size:22px;font-weight:bold;letter-spacing:1px">PODIUM</td></tr>
        <tr><td style="padding:32px">
          <h1 style="margin:0 0 16px;font-size:22px">${escapeHTML(t.heading)}</h1>
          <p style="margin:0 0 24px;font-size:15px;line-height:1.6">${escapeHTML(t.intro)}</p>
          ${input.link ? linkBlock(input.link, t.button) : ''}
          <p style="margin:0 0 24px;font-size:15px">${input.link ? 'Of gebruik deze code' : 'Je code'}: <strong style="font-size:18px;letter-spacing:3px">${escapeHTML(input.otp)}</strong></p>
          <p style="margin:0;font-size:13px;color:#5f5a57">${escapeHTML(t.outro)}</p>
        </td></tr>
        <tr><td style="padding:16px 32px;background:#faf8f6;font-size:12px;color:#8a8480">Groet, Team Podium</td></tr>
      </table>
    </td></tr>
  </table>
</body>
</html>`;
  return { subject: t.subject, html, text };
}

export function createMailer(settings: AuthSettings): Mailer {
  const transport = nodemailer.createTransport({
    host: settings.smtpHost,
    port: settings.smtpPort,
    secure: false,
    ignoreTLS: true,
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 10_000,
  });
  return {
    async send(input) {
      const { subject, html, text } = renderMail(input);
      await transport.sendMail({
        from: { name: settings.senderName, address: settings.senderAddress },
        to: input.to,
        subject,
        html,
        text,
      });
    },
    close() {
      transport.close();
    },
  };
}
