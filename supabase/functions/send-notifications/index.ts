// POST /functions/v1/send-notifications with the service key (pg_cron + pg_net every minute on
// hosted Supabase, the stack's scheduler locally): sends the booking e-mails waiting in the
// outbox and answers { sent, failed }; with { "booking_id": … } it sends that booking's mails only. Mails are claimed one at a time, with for update skip
// locked and a lease about as long as one send (app_config notification_lease_seconds), so
// callers running at the same time never send one mail twice, and a run killed midway leaves
// only the mail in flight waiting, for at most that lease. A failed mail is retried later
// (claim_booking_notifications / finish_booking_notification). Each mail's Message-ID is fixed
// by its outbox row, so one that went out but was not recorded goes again as the same message.
// After the booking mails, the refund mails: a refund that went out at Mollie issued a credit
// note (public.credit_notes), which goes to the customer as a PDF with a mail saying the money is
// on its way (claim_credit_note_mails / finish_credit_note_mail, the same lease and retries).
// Last, the team's mails about chargebacks ('Terugboeking op boeking …', claim_chargeback_mails /
// finish_chargeback_mail), to the team address (CONTACT_TEAM_EMAIL, as contact-request).
import { creditNoteFileName } from '../_shared/credit-note.ts';
import { loadCreditNoteData } from '../_shared/credit-note-data.ts';
import { renderCreditNotePdf } from '../_shared/credit-note-pdf.ts';
import { bearerToken, json, objectBody, onlyBookingOf, verifiedClaims } from '../_shared/http.ts';
import { invoiceFileName } from '../_shared/invoice.ts';
import { loadInvoiceData } from '../_shared/invoice-data.ts';
import { renderInvoicePdf } from '../_shared/invoice-pdf.ts';
import { createMailer, type Mail } from '../_shared/mailer.ts';
import { serviceClient, siteUrl } from '../_shared/supabase.ts';
import { type BookingNotification, bookingMail, type ChargebackMail, chargebackMail, type CreditNoteMail, creditNoteMail } from './messages.ts';

type Claimed = BookingNotification & { id: number; email: string | null };
type ClaimedCreditNote = CreditNoteMail & { credit_note_id: string; email: string | null };
type ClaimedChargeback = ChargebackMail & { chargeback_id: string };

const teamAddress = () => Deno.env.get('CONTACT_TEAM_EMAIL') ?? 'info@podium.nl';

// Stop claiming after this, so a long queue is spread over runs instead of timing out.
const budgetMs = 40_000;

/** The customer's payment confirmation carries the invoice (the same PDF booking-invoice serves). */
async function invoiceAttachment(notification: Claimed): Promise<Mail['attachments']> {
  if (notification.recipient !== 'customer' || notification.kind || notification.to_status !== 'confirmed') return undefined;
  const invoice = await loadInvoiceData(serviceClient(), notification.booking_id);
  if (!invoice) throw new Error(`booking ${notification.booking_id} is confirmed but has no invoice`);
  return [{ filename: invoiceFileName(invoice.number), content: await renderInvoicePdf(invoice), contentType: 'application/pdf' }];
}

/** The Message-ID of an outbox row's mail, the same on every attempt, in the sender's domain. */
function notificationMessageId(id: number | string, kind = 'booking-notification', from = Deno.env.get('MAIL_FROM') ?? ''): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'podium.nl';
  return `<${kind}-${id}@${domain}>`;
}

/**
 * Records a mail as sent (or failed). A mail that went out must be recorded, or its lease runs
 * out and it goes again: while the database restarts, tried again after 0.5, 1, 2 and 4 s.
 */
async function record(finish: () => PromiseLike<{ error: { message: string } | null }>) {
  for (const delayMs of [500, 1000, 2000, 4000, 0]) {
    const { error } = await finish();
    if (!error || !delayMs) return error;
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
}

Deno.serve(async (req) => {
  if (req.method !== 'POST') return json(405, { error: 'Alleen POST is toegestaan.' });
  const token = bearerToken(req);
  if (!token || verifiedClaims(token)?.role !== 'service_role') return json(403, { error: 'Alleen de server mag meldingen versturen.' });

  // { "booking_id": … } sends that booking's mails only; without it the whole outbox is drained.
  const onlyBooking = onlyBookingOf(await objectBody(req));
  if (onlyBooking instanceof Response) return onlyBooking;

  const service = serviceClient();
  const mailer = createMailer();
  const site = siteUrl();
  const started = Date.now();
  let sent = 0;
  let failed = 0;

  /**
   * Drains one outbox, a mail at a time, until it is empty or the budget is spent: claim, send,
   * record the outcome. Answers false when the outbox could not be read.
   */
  const drain = async <T>(outbox: {
    name: string;
    claim: () => PromiseLike<{ data: unknown; error: { code?: string; message: string } | null }>;
    label: (row: T) => string;
    send: (row: T) => Promise<void>;
    finish: (row: T, failure: string | null) => PromiseLike<{ error: { message: string } | null }>;
  }): Promise<boolean> => {
    while (Date.now() - started < budgetMs) {
      const { data, error } = await outbox.claim();
      if (error) {
        console.error(`${outbox.name} failed`, error.code, error.message);
        return false;
      }
      const [row] = (data ?? []) as T[];
      if (!row) break;
      let failure: string | null = null;
      try {
        await outbox.send(row);
      } catch (sendError) {
        failure = sendError instanceof Error ? sendError.message : String(sendError);
        console.error(`${outbox.label(row)} failed: ${failure}`);
      }
      const finishError = await record(() => outbox.finish(row, failure));
      if (finishError) console.error(`finishing ${outbox.label(row)} failed`, finishError.message);
      if (failure) failed += 1;
      else sent += 1;
    }
    return true;
  };

  const bookingsRead = await drain<Claimed>({
    name: 'claim_booking_notifications',
    claim: () => service.rpc('claim_booking_notifications', { batch_size: 1, only_booking: onlyBooking }),
    label: (notification) => `notification ${notification.id}`,
    send: async (notification) => {
      const mail = bookingMail(notification, site);
      if (!mail) return;
      if (!notification.email) throw new Error('Geen e-mailadres bekend.');
      await mailer.send({ to: notification.email, ...mail, messageId: notificationMessageId(notification.id), attachments: await invoiceAttachment(notification) });
    },
    finish: (notification, failure) => service.rpc('finish_booking_notification', { notification_id: notification.id, failure }),
  });
  if (!bookingsRead) return json(500, { error: 'De meldingen konden niet worden opgehaald.', sent, failed });
  // Then the refund mails, each with its credit note, so a cancellation's mail goes before the mail
  // that its refund went out.
  await drain<ClaimedCreditNote>({
    name: 'claim_credit_note_mails',
    claim: () => service.rpc('claim_credit_note_mails', { batch_size: 1, only_booking: onlyBooking }),
    label: (note) => `credit note mail ${note.number}`,
    send: async (note) => {
      if (!note.email) throw new Error('Geen e-mailadres bekend.');
      const pdf = await loadCreditNoteData(service, note.booking_id, note.number);
      if (!pdf) throw new Error(`credit note ${note.number} of booking ${note.booking_id} cannot be read`);
      await mailer.send({
        to: note.email,
        ...creditNoteMail(note, site),
        messageId: notificationMessageId(note.credit_note_id, 'credit-note'),
        attachments: [{ filename: creditNoteFileName(note.number), content: await renderCreditNotePdf(pdf), contentType: 'application/pdf' }],
      });
    },
    finish: (note, failure) => service.rpc('finish_credit_note_mail', { credit_note_id: note.credit_note_id, failure }),
  });
  await drain<ClaimedChargeback>({
    name: 'claim_chargeback_mails',
    claim: () => service.rpc('claim_chargeback_mails', { batch_size: 1, only_booking: onlyBooking }),
    label: (chargeback) => `chargeback mail ${chargeback.provider_chargeback_id}`,
    send: async (chargeback) => {
      await mailer.send({ to: teamAddress(), ...chargebackMail(chargeback, site), messageId: notificationMessageId(chargeback.chargeback_id, 'chargeback') });
    },
    finish: (chargeback, failure) => service.rpc('finish_chargeback_mail', { chargeback_id: chargeback.chargeback_id, failure }),
  });
  return json(200, { sent, failed });
});
