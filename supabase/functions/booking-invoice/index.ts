// GET /functions/v1/booking-invoice?bookingId=<uuid> with the access token of the booking's
// customer, its artist or an admin: answers the booking's invoice as a PDF download
// (application/pdf, 'Podium-factuur-2026-000123.pdf'). 401 without a user, 404 when the caller
// may not see the booking (or it does not exist), 409 while it is not paid (no invoice yet).
// With &creditNote=C2026-000001 it answers that credit note of the booking instead (a refund's
// creditfactuur, public.credit_notes: 'Podium-creditfactuur-C2026-000001.pdf'), 404 when the
// booking has no such credit note or the caller may not see it.
import { bearerToken, corsHeaders, json, verifiedClaims } from '../_shared/http.ts';
import { creditNoteFileName, isCreditNoteNumber } from '../_shared/credit-note.ts';
import { loadCreditNoteData } from '../_shared/credit-note-data.ts';
import { renderCreditNotePdf } from '../_shared/credit-note-pdf.ts';
import { invoiceFileName } from '../_shared/invoice.ts';
import { loadInvoiceData } from '../_shared/invoice-data.ts';
import { renderInvoicePdf } from '../_shared/invoice-pdf.ts';
import { callerClient, serviceClient } from '../_shared/supabase.ts';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

Deno.serve(async (req) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'GET') return json(405, { error: 'Alleen GET is toegestaan.' });
  const token = bearerToken(req);
  if (!token || verifiedClaims(token)?.role !== 'authenticated') return json(401, { error: 'Je bent niet ingelogd.' });
  const params = new URL(req.url).searchParams;
  const bookingId = params.get('bookingId') ?? '';
  if (!uuid.test(bookingId)) return json(400, { error: 'Geef een geldige boeking op.' });
  const creditNote = params.get('creditNote');
  if (creditNote !== null && !isCreditNoteNumber(creditNote)) return json(400, { error: 'Geef een geldig creditnummer op, zoals C2026-000001.' });

  // The caller's own view decides who may have it: the customer, the artist, an admin (RLS).
  const { data: visible, error } = await callerClient(token).from('bookings').select('id').eq('id', bookingId).maybeSingle();
  if (error) {
    console.error('booking-invoice: reading the booking as the caller failed', error.code, error.message);
    return json(500, { error: 'De factuur kon niet worden gemaakt. Probeer het later opnieuw.' });
  }
  if (!visible) return json(404, { error: 'Deze boeking bestaat niet of is niet van jou.' });
  if (creditNote !== null) return creditNotePdf(bookingId, creditNote);

  const data = await loadInvoiceData(serviceClient(), bookingId);
  if (!data) return json(409, { error: 'Er is nog geen factuur: die komt zodra de boeking betaald is.' });
  return download(await renderInvoicePdf(data), invoiceFileName(data.number));
});

/** The booking's credit note of that number (the caller may see the booking: checked before). */
async function creditNotePdf(bookingId: string, number: string): Promise<Response> {
  const data = await loadCreditNoteData(serviceClient(), bookingId, number);
  if (!data) return json(404, { error: 'Deze creditfactuur bestaat niet bij deze boeking.' });
  return download(await renderCreditNotePdf(data), creditNoteFileName(data.number));
}

function download(pdf: Uint8Array, fileName: string): Response {
  return new Response(new Blob([pdf as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), {
    status: 200,
    headers: {
      ...corsHeaders,
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'private, no-store',
      'access-control-expose-headers': 'content-disposition',
    },
  });
}
