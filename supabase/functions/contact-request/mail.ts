// The team's e-mail about a contact or quote request: plain text and a simple HTML version with
// everything the visitor typed escaped.
import type { ContactRequest } from '../_shared/contact-request.ts';
import { soundLightServices } from '../_shared/contact-request.ts';
import { dutchLongDate } from '../_shared/dutch.ts';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** 'zaterdag 12 december 2026' for the 'YYYY-MM-DD' the visitor chose. */
const dutchDate = (isoDate: string) => {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return dutchLongDate(year, month, day);
};

export function teamMail(request: ContactRequest, id: string, site: string) {
  const serviceLabel = (value: string) => soundLightServices.find((service) => service.value === value)?.label ?? value;
  const rows: [string, string][] = [
    ['Naam', request.name],
    ['E-mail', request.email],
    ['Telefoon', request.phone ?? '–'],
  ];
  if (request.kind === 'quote') {
    rows.push(
      ['Datum evenement', dutchDate(request.eventDate!)],
      ['Locatie', request.eventLocation!],
      ['Aantal gasten', String(request.guestCount)],
      ['Nodig', request.services.map(serviceLabel).join(', ')],
    );
  } else if (request.subject) {
    rows.push(['Onderwerp', request.subject]);
  }
  const subject =
    request.kind === 'quote' ? `Offerteaanvraag sound & light: ${dutchDate(request.eventDate!)} in ${request.eventLocation}` : `Contactformulier: ${request.subject || `bericht van ${request.name}`}`;
  const intro = request.kind === 'quote' ? 'Er is een nieuwe offerteaanvraag voor sound & light binnengekomen.' : 'Er is een nieuw bericht via het contactformulier binnengekomen.';
  const message = request.message || '(geen toelichting)';
  const text = [
    intro,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    request.kind === 'quote' ? 'Toelichting:' : 'Bericht:',
    message,
    '',
    `Referentie: ${id}`,
    `Beantwoord deze mail om ${request.name} direct te antwoorden.`,
    site,
  ].join('\n');
  const html = `<p>${escapeHtml(intro)}</p>
<table cellpadding="4" style="border-collapse:collapse">${rows.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>
<p><strong>${request.kind === 'quote' ? 'Toelichting' : 'Bericht'}:</strong></p>
<p style="white-space:pre-wrap">${escapeHtml(message)}</p>
<p style="color:#666">Referentie: ${escapeHtml(id)}<br>Beantwoord deze mail om ${escapeHtml(request.name)} direct te antwoorden.</p>`;
  return { subject, text, html };
}
