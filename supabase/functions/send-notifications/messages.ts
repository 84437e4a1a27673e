// The Dutch e-mails of each booking step, for the customer and for the artist: subject, plain
// text and simple branded HTML, each with a link to the page where the step is handled
// (SPEC 2.1: /bookings, /booking/{id}/checkout, /reviews/booking/{id}, /dashboard/artist).
import { dutchCents, dutchDateOfMoment, dutchDateTime, dutchInteger } from '../_shared/dutch.ts';

export interface BookingNotification {
  recipient: 'customer' | 'artist';
  first_name: string | null;
  booking_id: string;
  from_status: string | null;
  /** The booking step; null for a reminder. */
  to_status: string | null;
  /** A reminder (enqueue_booking_reminders) instead of a step; null or absent for a step. */
  kind?: ReminderKind | null;
  reason: string | null;
  cancelled_by: string | null;
  starts_at: string;
  event_type: string;
  event_location: string;
  total_cents: number;
  payment_deadline: string | null;
  response_deadline: string | null;
  artist_name: string;
  customer_name: string;
  /** What the customer paid through Mollie, and what the refund policy gives back (claim_booking_notifications). */
  paid_cents?: number | null;
  refund_cents?: number | null;
  /** Until when the customer can report a problem with a completed gig (its check-in window). */
  checkin_closes_at?: string | null;
}

export type ReminderKind = 'answer_due' | 'payment_due' | 'gig_soon' | 'review_due';

/** How long a Mollie refund usually takes to reach the customer's account (iDEAL, cards). */
export const REFUND_WORKING_DAYS = '5 tot 10 werkdagen';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

interface Content {
  subject: string;
  paragraphs: string[];
  action: { label: string; path: string };
}

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const cancelledByLabel: Record<string, string> = {
  customer: 'de klant',
  artist: 'de artiest',
  admin: 'Podium',
  system: 'Podium',
};

/** What the cancellation mail says about the customer's money. */
function refundParagraphs(n: BookingNotification): string[] {
  const paid = n.paid_cents ?? null;
  const refund = n.refund_cents ?? 0;
  if (paid === null) return n.from_status === 'confirmed' ? ['Je betaling wordt volgens de annuleringsvoorwaarden terugbetaald.'] : [];
  if (paid <= 0) return [];
  const arrives = `We storten het terug via de betaalmethode waarmee je betaalde; het staat meestal binnen ${REFUND_WORKING_DAYS} weer op je rekening.`;
  if (refund >= paid) return [`Je krijgt het volledige bedrag van ${dutchCents(refund)} terugbetaald.`, arrives];
  if (refund > 0) return [`Volgens de annuleringsvoorwaarden krijg je ${dutchCents(refund)} van de betaalde ${dutchCents(paid)} terugbetaald.`, arrives];
  return [`Omdat de annulering kort voor het optreden valt, wordt de betaling van ${dutchCents(paid)} volgens de annuleringsvoorwaarden niet terugbetaald.`];
}

function content(n: BookingNotification): Content | null {
  const date = dutchDateOfMoment(n.starts_at);
  const when = dutchDateTime(n.starts_at);
  const event = [n.event_type, n.event_location].filter((part) => part.trim()).join(', ');
  const gig = event ? `${when} (${event})` : when;
  const bookings = { label: 'Bekijk je boekingen', path: `/bookings?booking=${n.booking_id}` };
  const dashboard = { label: 'Open je dashboard', path: `/dashboard/artist?booking=${n.booking_id}` };
  const reason = n.reason?.trim() ? [`Reden: ${n.reason.trim()}`] : [];
  const customer = n.customer_name || 'Een klant';
  if (n.kind) return reminder(n.kind, n, { date, gig, customer, bookings, dashboard });

  if (n.recipient === 'customer') {
    switch (n.to_status) {
      case 'pending':
        return {
          subject: `Je aanvraag bij ${n.artist_name} is verstuurd`,
          paragraphs: [
            `We hebben je boekingsaanvraag voor ${n.artist_name} op ${gig} doorgestuurd.`,
            `Je krijgt bericht zodra de artiest reageert${n.response_deadline ? `, uiterlijk ${dutchDateTime(n.response_deadline)}` : ''}.`,
          ],
          action: bookings,
        };
      case 'accepted':
        return {
          subject: `${n.artist_name} heeft je aanvraag geaccepteerd: rond je boeking af`,
          paragraphs: [
            `Goed nieuws: ${n.artist_name} speelt graag op ${gig}.`,
            `Betaal ${dutchCents(n.total_cents)}${n.payment_deadline ? ` vóór ${dutchDateTime(n.payment_deadline)}` : ''} om de boeking definitief te maken. Daarna is de datum voor jou vastgelegd.`,
          ],
          action: { label: 'Nu betalen', path: `/booking/${n.booking_id}/checkout` },
        };
      case 'declined':
        return {
          subject: `${n.artist_name} kan helaas niet op ${date}`,
          paragraphs: [`${n.artist_name} heeft je aanvraag voor ${gig} afgewezen.`, ...reason, 'Er zijn genoeg andere artiesten die je feest graag komen opluisteren.'],
          action: { label: 'Vind een andere artiest', path: '/artiesten' },
        };
      case 'confirmed':
        return {
          subject: `Je boeking van ${n.artist_name} is bevestigd`,
          paragraphs: [
            `We hebben je betaling van ${dutchCents(n.total_cents)} ontvangen. ${n.artist_name} staat op ${gig} voor je klaar.`,
            'Je factuur, die ook je boekingsbevestiging is, zit als pdf bij deze e-mail; je kunt hem ook downloaden bij je boekingen. Vragen voor de artiest? Stuur een bericht via Podium.',
          ],
          action: bookings,
        };
      case 'cancelled':
        return {
          subject: `Je boeking van ${n.artist_name} op ${date} is geannuleerd`,
          paragraphs: [`De boeking van ${n.artist_name} op ${gig} is geannuleerd door ${cancelledByLabel[n.cancelled_by ?? 'system'] ?? 'Podium'}.`, ...reason, ...refundParagraphs(n)],
          action: bookings,
        };
      case 'expired':
        return {
          subject: `Je boeking van ${n.artist_name} is verlopen`,
          paragraphs: [
            `De betaling voor ${n.artist_name} op ${gig} is niet op tijd binnengekomen. De boeking is daarom verlopen en de datum is weer vrijgegeven.`,
            'Wil je de artiest toch boeken? Vraag dan opnieuw een boeking aan.',
          ],
          action: bookings,
        };
      case 'completed':
        return {
          subject: `Is het optreden van ${n.artist_name} doorgegaan?`,
          paragraphs: [
            `Het optreden van ${n.artist_name} op ${date} is voorbij. Laat je ons weten of alles ging zoals afgesproken?`,
            `Ging alles goed, dan betalen we de artiest uit. Ging er iets mis, meld het dan${n.checkin_closes_at ? ` vóór ${dutchDateTime(n.checkin_closes_at)}` : ''}: tot dan houden we de betaling vast.`,
            'Daarna kun je ook een review schrijven; daarmee help je andere klanten kiezen.',
          ],
          action: { label: 'Laat het ons weten', path: `/bookings?booking=${n.booking_id}` },
        };
    }
    return null;
  }

  switch (n.to_status) {
    case 'pending':
      return {
        subject: `Nieuwe boekingsaanvraag voor ${date}`,
        paragraphs: [
          `${customer} wil ${n.artist_name} boeken op ${gig}.`,
          `Accepteer of wijs de aanvraag af${n.response_deadline ? ` vóór ${dutchDateTime(n.response_deadline)}` : ''}; daarna vervalt hij.`,
        ],
        action: dashboard,
      };
    case 'accepted':
      return {
        subject: `Je hebt de aanvraag voor ${date} geaccepteerd`,
        paragraphs: [`Je hebt de aanvraag van ${customer} voor ${gig} geaccepteerd.`, 'We laten het je weten zodra de klant heeft betaald; dan is de boeking definitief.'],
        action: dashboard,
      };
    case 'declined':
      return {
        subject: `Je hebt de aanvraag voor ${date} afgewezen`,
        paragraphs: [`De aanvraag van ${customer} voor ${gig} is afgewezen.`, ...reason],
        action: dashboard,
      };
    case 'confirmed':
      return {
        subject: `Geboekt: ${customer} heeft betaald voor ${date}`,
        paragraphs: [`De boeking op ${gig} is betaald en definitief. Zet hem in je agenda!`, 'Stem de details af met de klant via de berichten op Podium.'],
        action: dashboard,
      };
    case 'cancelled':
      return {
        subject: `Boeking op ${date} geannuleerd`,
        paragraphs: [`De boeking van ${customer} op ${gig} is geannuleerd door ${cancelledByLabel[n.cancelled_by ?? 'system'] ?? 'Podium'}.`, ...reason, 'De datum is weer vrij in je agenda.'],
        action: dashboard,
      };
    case 'expired':
      return {
        subject: `Boeking op ${date} verlopen`,
        paragraphs: [`${customer} heeft de boeking op ${gig} niet op tijd betaald. De boeking is verlopen en de datum is weer vrij.`],
        action: dashboard,
      };
    case 'completed':
      return {
        subject: `Optreden op ${date} afgerond`,
        paragraphs: [
          `Je optreden voor ${customer} op ${date} staat als afgerond in Podium. Bedankt!`,
          `De klant kan${n.checkin_closes_at ? ` tot ${dutchDateTime(n.checkin_closes_at)}` : ''} laten weten of alles goed ging; daarna betalen we je uit op je gekoppelde Mollie-account. Je volgt het onder Uitbetalingen.`,
        ],
        action: dashboard,
      };
  }
  return null;
}

interface Facts {
  date: string;
  gig: string;
  customer: string;
  bookings: Content['action'];
  dashboard: Content['action'];
}

/** The reminders: an open request, an unpaid booking, a gig in two days, a review not yet written. */
function reminder(kind: ReminderKind, n: BookingNotification, { date, gig, customer, bookings, dashboard }: Facts): Content | null {
  const gigSoonDetails = ['Kijk de details nog even na; heb je iets af te stemmen, stuur dan een bericht via Podium.'];
  switch (`${n.recipient}:${kind}`) {
    case 'artist:answer_due':
      return {
        subject: `Herinnering: beantwoord de aanvraag voor ${date}`,
        paragraphs: [
          `${customer} wacht nog op je antwoord op de aanvraag voor ${gig}.`,
          `Accepteer of wijs de aanvraag af${n.response_deadline ? ` vóór ${dutchDateTime(n.response_deadline)}` : ''}; daarna vervalt hij.`,
        ],
        action: dashboard,
      };
    case 'customer:payment_due':
      return {
        subject: `Herinnering: betaal je boeking van ${n.artist_name}`,
        paragraphs: [
          `Je boeking van ${n.artist_name} op ${gig} is nog niet betaald.`,
          `Betaal ${dutchCents(n.total_cents)}${n.payment_deadline ? ` vóór ${dutchDateTime(n.payment_deadline)}` : ''}, anders vervalt de boeking en komt de datum weer vrij.`,
        ],
        action: { label: 'Nu betalen', path: `/booking/${n.booking_id}/checkout` },
      };
    case 'customer:gig_soon':
      return {
        subject: `Over twee dagen: ${n.artist_name} op ${date}`,
        paragraphs: [`Bijna zover: ${n.artist_name} treedt op ${gig} voor je op.`, ...gigSoonDetails],
        action: bookings,
      };
    case 'artist:gig_soon':
      return {
        subject: `Over twee dagen: je optreden op ${date}`,
        paragraphs: [`Je speelt op ${gig} voor ${customer}.`, ...gigSoonDetails],
        action: dashboard,
      };
    case 'customer:review_due':
      return {
        subject: `Nog even: hoe was ${n.artist_name}?`,
        paragraphs: [`Je hebt nog geen review geschreven over ${n.artist_name} op ${date}.`, 'Met een review help je andere klanten kiezen en bedank je de artiest. Het kost maar een minuut.'],
        action: { label: 'Schrijf een review', path: `/reviews/booking/${n.booking_id}` },
      };
  }
  return null;
}

/** The mail for one notification, or null for a step that has no mail. */
export function bookingMail(n: BookingNotification, siteUrl: string): RenderedMail | null {
  const c = content(n);
  if (!c) return null;
  return render(c, `Hallo ${n.first_name?.trim() || (n.recipient === 'artist' ? n.artist_name : 'daar')},`, siteUrl);
}

/** A credit note to mail (claim_credit_note_mails): the refund that went out with its credit note. */
export interface CreditNoteMail {
  booking_id: string;
  number: string;
  /** The credit note's total, negative: what went back to the customer. */
  total_cents: number;
  reason: 'cancellation' | 'dispute';
  first_name: string | null;
  artist_name: string;
  starts_at: string;
}

/** The refund mail: the money is on its way back, and the credit note (attached) says so on paper. */
export function creditNoteMail(n: CreditNoteMail, siteUrl: string): RenderedMail {
  const refunded = dutchCents(-n.total_cents);
  const why = n.reason === 'dispute' ? 'na je melding over het optreden' : 'na de annulering';
  return render(
    {
      subject: `Je terugbetaling van ${refunded} is onderweg`,
      paragraphs: [
        `We hebben ${refunded} teruggestort voor je boeking van ${n.artist_name} op ${dutchDateOfMoment(n.starts_at)}, ${why}.`,
        `Het bedrag gaat terug via de betaalmethode waarmee je betaalde en staat meestal binnen ${REFUND_WORKING_DAYS} weer op je rekening.`,
        `De creditfactuur ${n.number} zit als pdf bij deze e-mail; je kunt hem ook downloaden bij je boekingen, naast je factuur.`,
      ],
      action: { label: 'Bekijk je boekingen', path: `/bookings?booking=${n.booking_id}` },
    },
    `Hallo ${n.first_name?.trim() || 'daar'},`,
    siteUrl,
  );
}

/** A chargeback to tell the team about (claim_chargeback_mails): what came back, and what was done. */
export interface ChargebackMail {
  booking_id: string;
  reference: string;
  provider_chargeback_id: string;
  provider_payment_id: string;
  amount_cents: number;
  /** What the charged-back payment was. */
  paid_cents: number;
  reason_code: string | null;
  reason: string | null;
  charged_back_at: string;
  /** What recording the chargeback did to the payout (record_chargeback). */
  payout_action: 'held' | 'already_paid' | 'none';
  payout_status: string | null;
  payout_cents: number | null;
  payout_paid_at: string | null;
  bands_reversed_cents: number;
  artist_name: string;
  customer_name: string | null;
  customer_email: string | null;
  starts_at: string;
  event_type: string;
  event_location: string;
}

/** What the chargeback did to the artist's payout, for the team. */
function payoutParagraph(n: ChargebackMail): string {
  const share = dutchCents(n.payout_cents ?? 0);
  switch (n.payout_action) {
    case 'held':
      return `De uitbetaling van ${share} aan ${n.artist_name} is vastgehouden en gaat niet uit tot een beheerder erover beslist.`;
    case 'already_paid':
      return `${n.artist_name} was al uitbetaald: ${share}${n.payout_paid_at ? ` op ${dutchDateOfMoment(n.payout_paid_at)}` : ''}. Mollie kan dat niet terughalen; dat bedrag is verlies voor Podium, tenzij het met de artiest wordt verrekend.`;
    case 'none':
      return n.payout_status
        ? `Er gaat geen geld naar ${n.artist_name} voor deze boeking (uitbetaling van ${share}).`
        : `Er staat nog geen uitbetaling klaar: zodra het optreden voorbij is, wordt de uitbetaling aan ${n.artist_name} vastgehouden.`;
  }
}

/** The team's mail about a chargeback ('Terugboeking op boeking …'), with a link to the booking in the back office. */
export function chargebackMail(n: ChargebackMail, siteUrl: string): RenderedMail {
  const customer = n.customer_name?.trim() || 'De klant';
  const event = [n.event_type, n.event_location].filter((part) => part.trim()).join(', ');
  const reason = [n.reason_code, n.reason].filter((part): part is string => Boolean(part?.trim())).join(' ');
  return render(
    {
      subject: `Terugboeking op boeking ${n.reference}: ${dutchCents(n.amount_cents)}`,
      paragraphs: [
        `${customer}${n.customer_email ? ` (${n.customer_email})` : ''} heeft ${dutchCents(n.amount_cents)} van de betaling van ${dutchCents(n.paid_cents)} laten terugboeken via de bank of creditcard (${dutchDateTime(n.charged_back_at)}).`,
        `Boeking ${n.reference}: ${n.artist_name} op ${dutchDateTime(n.starts_at)}${event ? ` (${event})` : ''}.`,
        ...(reason ? [`Reden volgens Mollie: ${reason}.`] : []),
        payoutParagraph(n),
        ...(n.bands_reversed_cents > 0 ? [`De uitnodigingsbonus van ${dutchInteger(n.bands_reversed_cents)} BANDS die deze boeking opleverde, is teruggeboekt.`] : []),
        `Mollie: terugboeking ${n.provider_chargeback_id} op betaling ${n.provider_payment_id}.`,
      ],
      action: { label: 'Bekijk de boeking', path: `/admin/bookings/${n.booking_id}/show` },
    },
    'Hallo team,',
    siteUrl,
    'Je ontvangt deze e-mail omdat je adres het teamadres van Podium is.',
  );
}

function render(c: Content, greeting: string, siteUrl: string, why = 'Je ontvangt deze e-mail omdat je een boeking via Podium hebt.'): RenderedMail {
  const url = `${siteUrl.replace(/\/$/, '')}${c.action.path}`;
  const text = [greeting, '', ...c.paragraphs.flatMap((p) => [p, '']), `${c.action.label}: ${url}`, '', 'Groet,', 'Team Podium'].join('\n');
  const html = `<!doctype html>
<html lang="nl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escape(c.subject)}</title></head>
<body style="margin:0;background:#f4f1fa;font-family:Arial,Helvetica,sans-serif;color:#1f1633">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f1fa;padding:24px 0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#4c1d95;padding:20px 28px;color:#ffffff;font-size:22px;font-weight:bold;letter-spacing:1px">Podium</td></tr>
<tr><td style="padding:28px">
<h1 style="font-size:20px;margin:0 0 16px">${escape(c.subject)}</h1>
<p style="margin:0 0 12px;line-height:1.5">${escape(greeting)}</p>
${c.paragraphs.map((p) => `<p style="margin:0 0 12px;line-height:1.5">${escape(p)}</p>`).join('\n')}
<p style="margin:24px 0"><a href="${escape(url)}" style="background:#4c1d95;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;display:inline-block;font-weight:bold">${escape(c.action.label)}</a></p>
<p style="margin:0;line-height:1.5">Groet,<br>Team Podium</p>
</td></tr>
<tr><td style="padding:16px 28px;background:#faf8fd;color:#6b6480;font-size:12px">${escape(why)} Werkt de knop niet? Open dan ${escape(url)}</td></tr>
</table></td></tr></table>
</body></html>`;
  return { subject: c.subject, text, html };
}
