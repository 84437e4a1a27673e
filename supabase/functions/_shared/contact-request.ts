// The contact form (/contact) and the sound & light quote form (/sound-light): their fields, the
// Dutch messages and the rules. Pure (no Deno, no npm), so the storefront checks a form with the
// very rules the contact-request edge function enforces again on the server.
import { amsterdamToday } from './dutch.ts';

export type ContactRequestKind = 'contact' | 'quote';

/** What a quote request can ask for (/sound-light), stored in contact_requests.services. */
export const soundLightServices = [
  { value: 'geluid', label: 'Geluidsinstallatie' },
  { value: 'licht', label: 'Lichtshow en sfeerverlichting' },
  { value: 'dj-booth', label: 'DJ-booth of podium' },
  { value: 'microfoons', label: 'Microfoons voor speeches' },
  { value: 'techniek', label: 'Technicus op de avond' },
  { value: 'effecten', label: 'Rook, confetti of vonkfonteinen' },
] as const;
export type SoundLightService = (typeof soundLightServices)[number]['value'];

export interface ContactRequestForm {
  kind: ContactRequestKind;
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  /** Quote only: 'YYYY-MM-DD'. */
  eventDate: string;
  eventLocation: string;
  /** Quote only, as typed. */
  guests: string;
  services: string[];
}

export type ContactRequestField = 'name' | 'email' | 'phone' | 'subject' | 'message' | 'eventDate' | 'eventLocation' | 'guests' | 'services';

export interface ContactRequest {
  kind: ContactRequestKind;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  eventDate: string | null;
  eventLocation: string | null;
  guestCount: number | null;
  services: SoundLightService[];
}

export const contactRequestMessages = {
  name: 'Vul je naam in.',
  nameTooLong: 'Je naam mag maximaal 200 tekens zijn.',
  email: 'Vul een geldig e-mailadres in.',
  phone: 'Vul een geldig telefoonnummer in, bijvoorbeeld 06 12345678.',
  phoneRequired: 'Vul je telefoonnummer in, dan kunnen we je bellen over de offerte.',
  subjectTooLong: 'Het onderwerp mag maximaal 200 tekens zijn.',
  message: 'Schrijf je vraag of bericht (minimaal 10 tekens).',
  messageTooLong: 'Je bericht mag maximaal 5000 tekens zijn.',
  eventDate: 'Kies de datum van je evenement.',
  eventDatePast: 'Kies een datum vanaf vandaag.',
  eventDateFar: 'Kies een datum binnen drie jaar.',
  eventLocation: 'Vul de plaats of locatie van je evenement in.',
  guests: 'Vul het aantal gasten in (1 tot 10.000).',
  services: 'Kies minstens één onderdeel dat je nodig hebt.',
  invalidBody: 'Het formulier kon niet worden gelezen. Vernieuw de pagina en probeer het opnieuw.',
  rateLimited: 'Je hebt het afgelopen uur al een paar berichten gestuurd. Probeer het later opnieuw of bel ons.',
  failed: 'Je bericht kon niet worden verstuurd. Probeer het opnieuw of mail ons.',
} as const;

export const contactRequestLimits = { name: 200, email: 320, phone: 30, subject: 200, message: 5000, location: 200, maxGuests: 10_000, maxYearsAhead: 3 } as const;

const emailPattern = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const phonePattern = /^\+?[\d\s\-().]{8,30}$/;
const datePattern = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A field as text, trimmed, as PostgreSQL can store it: NUL characters dropped and a lone half of
 * a surrogate pair replaced by U+FFFD (either made the insert fail: the form answered 500).
 */
const text = (value: unknown) =>
  typeof value === 'string'
    ? value
        .replaceAll('\0', '')
        .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
        .trim()
    : '';

function isRealDate(value: string) {
  if (!datePattern.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A form as the browser holds it or a JSON body as the function receives it: every field checked, messages per field. */
export function validateContactRequest(
  raw: Partial<Record<keyof ContactRequestForm, unknown>>,
  today: string = amsterdamToday(),
): { ok: true; request: ContactRequest } | { ok: false; errors: Partial<Record<ContactRequestField, string>> } {
  const m = contactRequestMessages;
  const kind: ContactRequestKind = raw.kind === 'quote' ? 'quote' : 'contact';
  const quote = kind === 'quote';
  const errors: Partial<Record<ContactRequestField, string>> = {};

  const name = text(raw.name);
  if (!name) errors.name = m.name;
  else if (name.length > contactRequestLimits.name) errors.name = m.nameTooLong;

  const email = text(raw.email).toLowerCase();
  if (!emailPattern.test(email) || email.length > contactRequestLimits.email) errors.email = m.email;

  const phone = text(raw.phone);
  if (phone && !phonePattern.test(phone)) errors.phone = m.phone;
  else if (!phone && quote) errors.phone = m.phoneRequired;

  const subject = text(raw.subject);
  if (subject.length > contactRequestLimits.subject) errors.subject = m.subjectTooLong;

  const message = text(raw.message);
  if (message.length > contactRequestLimits.message) errors.message = m.messageTooLong;
  else if (!quote && message.length < 10) errors.message = m.message;

  let eventDate: string | null = null;
  let eventLocation: string | null = null;
  let guestCount: number | null = null;
  let services: SoundLightService[] = [];
  if (quote) {
    const date = text(raw.eventDate);
    if (!isRealDate(date)) errors.eventDate = m.eventDate;
    else if (date < today) errors.eventDate = m.eventDatePast;
    else if (date > `${Number(today.slice(0, 4)) + contactRequestLimits.maxYearsAhead}${today.slice(4)}`) errors.eventDate = m.eventDateFar;
    else eventDate = date;

    const location = text(raw.eventLocation);
    if (!location || location.length > contactRequestLimits.location) errors.eventLocation = m.eventLocation;
    else eventLocation = location;

    const guests = typeof raw.guests === 'number' ? String(raw.guests) : text(raw.guests);
    const count = /^\d{1,6}$/.test(guests) ? Number(guests) : NaN;
    if (!(count >= 1 && count <= contactRequestLimits.maxGuests)) errors.guests = m.guests;
    else guestCount = count;

    const known = new Set<string>(soundLightServices.map((service) => service.value));
    const chosen = Array.isArray(raw.services) ? raw.services.filter((value): value is SoundLightService => typeof value === 'string' && known.has(value)) : [];
    if (chosen.length === 0) errors.services = m.services;
    else services = [...new Set(chosen)];
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, request: { kind, name, email, phone: phone || null, subject, message, eventDate, eventLocation, guestCount, services } };
}

/** The order the forms show their fields in: the first failing one gets focus and leads the server's answer. */
export const contactRequestFieldOrder: readonly ContactRequestField[] = ['eventDate', 'eventLocation', 'guests', 'services', 'name', 'email', 'phone', 'subject', 'message'];
