// 'Factuur downloaden': the booking's invoice PDF from the booking-invoice edge function, saved by
// the browser under the name the function gives it; with a credit note's number, that credit note
// (creditfactuur) of the booking instead. For the customer's 'Mijn boekingen' and the artist's
// bookings; the function decides who may have it.
import type { SupabaseClient } from '@supabase/supabase-js';

export const invoiceDownloadMessages = {
  signedOut: 'Log opnieuw in om je factuur te downloaden.',
  offline: 'De factuur kon niet worden gedownload. Controleer je verbinding en probeer het opnieuw.',
  failed: 'De factuur kon niet worden gedownload. Probeer het later opnieuw.',
} as const;

/** The file name from a Content-Disposition header, or a plain default. */
export function invoiceFileNameOf(contentDisposition: string | null): string {
  return /filename="([^"]+)"/.exec(contentDisposition ?? '')?.[1] ?? 'Podium-factuur.pdf';
}

/** Downloads the invoice, or the credit note with that number; answers null, or the Dutch reason it could not. */
export async function downloadBookingInvoice(client: SupabaseClient, api: { url: string; anonKey: string }, bookingId: string, creditNote?: string): Promise<string | null> {
  const { data } = await client.auth.getSession();
  const token = data.session?.access_token;
  if (!token) return invoiceDownloadMessages.signedOut;
  let response: Response;
  try {
    response = await fetch(`${api.url}/functions/v1/booking-invoice?${new URLSearchParams(creditNote ? { bookingId, creditNote } : { bookingId })}`, {
      headers: { Authorization: `Bearer ${token}`, apikey: api.anonKey },
    });
  } catch {
    return invoiceDownloadMessages.offline;
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    return body?.error ?? invoiceDownloadMessages.failed;
  }
  const url = URL.createObjectURL(await response.blob());
  Object.assign(document.createElement('a'), { href: url, download: invoiceFileNameOf(response.headers.get('content-disposition')) }).click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return null;
}
