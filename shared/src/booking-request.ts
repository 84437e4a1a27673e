// The booking request form's rules, shared by the storefront's form and checked
// against request_booking (supabase/migrations/20261125001000_booking_request_form.sql), which
// refuses the same input with the same Dutch messages. The form checks first, so a person sees
// the message at once; the database decides.

export const bookingRequestLimits = {
  minGuests: 1,
  maxGuests: 10_000,
  messageMaxChars: 2000,
  eventTypeMaxChars: 100,
  addressMaxChars: 300,
  maxHours: 24,
} as const;

/** The kinds of party the form offers; 'Anders' lets a person type their own. */
export const eventTypes = ['Bruiloft', 'Bedrijfsfeest', 'Verjaardag', 'Jubileum', 'Personeelsfeest', 'Festival', 'Gala', 'Privéfeest'] as const;

/** Start times offered, every half hour from 10:00 to 23:30. */
export const startTimes: readonly string[] = Array.from({ length: 28 }, (_, index) => {
  const minutes = 10 * 60 + index * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});

/** Lengths offered when the act has no package with its own length: 1 to 8 hours. */
export const durationChoices: readonly number[] = [60, 90, 120, 180, 240, 300, 360, 480];

export interface BookingRequestDraft {
  packageId: string | null;
  date: string | null;
  startTime: string;
  durationMinutes: number;
  eventType: string;
  placeId: number | null;
  placeName: string;
  address: string;
  guests: string;
  message: string;
}

export type BookingRequestField = 'packageId' | 'date' | 'startTime' | 'eventType' | 'placeId' | 'address' | 'guests' | 'message';

export const bookingRequestMessages = {
  package: 'Kies een pakket.',
  date: 'Kies een datum voor je feest.',
  pastDate: 'Kies een datum in de toekomst.',
  busyDate: 'De artiest is niet beschikbaar op deze datum. Kies een andere datum.',
  startTime: 'Kies een begintijd.',
  eventType: 'Kies wat voor feest het is.',
  eventTypeTooLong: 'Het soort feest is te lang: maximaal 100 tekens.',
  place: 'Kies een plaats uit de lijst.',
  address: 'Vul het adres van de locatie in.',
  addressTooLong: 'Het adres is te lang: maximaal 300 tekens.',
  guests: 'Vul een aantal gasten in tussen 1 en 10.000.',
  messageTooLong: 'Je bericht is te lang: maximaal 2.000 tekens.',
} as const;

/** The first problem per field, in form order; an empty object when the request can be sent. */
export function bookingRequestProblems(
  draft: BookingRequestDraft,
  context: { hasPackages: boolean; packageIds: readonly string[]; busy: ReadonlySet<string>; today: string },
): Partial<Record<BookingRequestField, string>> {
  const problems: Partial<Record<BookingRequestField, string>> = {};
  if (context.hasPackages && !context.packageIds.includes(draft.packageId ?? '')) problems.packageId = bookingRequestMessages.package;
  if (!draft.date) problems.date = bookingRequestMessages.date;
  else if (draft.date <= context.today) problems.date = bookingRequestMessages.pastDate;
  else if (context.busy.has(draft.date)) problems.date = bookingRequestMessages.busyDate;
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(draft.startTime)) problems.startTime = bookingRequestMessages.startTime;
  const eventType = draft.eventType.trim();
  if (!eventType) problems.eventType = bookingRequestMessages.eventType;
  else if (eventType.length > bookingRequestLimits.eventTypeMaxChars) problems.eventType = bookingRequestMessages.eventTypeTooLong;
  if (draft.placeId === null) problems.placeId = bookingRequestMessages.place;
  const address = draft.address.trim();
  if (!address) problems.address = bookingRequestMessages.address;
  else if (address.length > bookingRequestLimits.addressMaxChars) problems.address = bookingRequestMessages.addressTooLong;
  const guests = guestCount(draft.guests);
  if (guests === null) problems.guests = bookingRequestMessages.guests;
  if (draft.message.length > bookingRequestLimits.messageMaxChars) problems.message = bookingRequestMessages.messageTooLong;
  return problems;
}

/** '120' → 120; anything that is not a whole number from 1 to 10.000 → null. */
export function guestCount(value: string): number | null {
  const trimmed = value.trim().replace(/\./g, '');
  if (!/^\d{1,6}$/.test(trimmed)) return null;
  const count = Number(trimmed);
  return count >= bookingRequestLimits.minGuests && count <= bookingRequestLimits.maxGuests ? count : null;
}

/** The UTC offset of Europe/Amsterdam at a wall-clock moment there, as '+01:00' or '+02:00'. */
function amsterdamOffset(date: string, time: string): string {
  // The offset an hour either side of a change is what matters; asking at the naive UTC
  // instant and then at the corrected one settles it.
  const naive = Date.parse(`${date}T${time}:00Z`);
  const offsetAt = (instant: number) => {
    const name = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Amsterdam', timeZoneName: 'longOffset' }).formatToParts(new Date(instant)).find((part) => part.type === 'timeZoneName')?.value;
    const match = /GMT([+-]\d{2}):?(\d{2})?/.exec(name ?? '');
    return match ? Number(match[1]) * 60 + Math.sign(Number(match[1])) * Number(match[2] ?? 0) : 0;
  };
  const first = offsetAt(naive);
  const minutes = offsetAt(naive - first * 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The gig's start and end as ISO instants, from a date and a start time in the Netherlands. */
export function bookingWindow(date: string, startTime: string, durationMinutes: number): { startsAt: string; endsAt: string } {
  const starts = new Date(`${date}T${startTime}:00${amsterdamOffset(date, startTime)}`);
  return { startsAt: starts.toISOString(), endsAt: new Date(starts.getTime() + durationMinutes * 60_000).toISOString() };
}

/** '20:00 – 00:00' for a start time and a length. */
export function timeRangeLabel(startTime: string, durationMinutes: number): string {
  const [hours, minutes] = startTime.split(':').map(Number) as [number, number];
  const end = (hours * 60 + minutes + durationMinutes) % (24 * 60);
  return `${startTime} – ${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`;
}

export const emptyBookingDraft = (packageId: string | null, date: string | null, durationMinutes: number): BookingRequestDraft => ({
  packageId,
  date,
  startTime: '20:00',
  durationMinutes,
  eventType: '',
  placeId: null,
  placeName: '',
  address: '',
  guests: '',
  message: '',
});

/** The part of localStorage the draft needs (no DOM types: the server's tests import this too). */
interface DraftStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const draftKey = (slug: string) => `podium_booking_draft:${slug}`;
const draftLifetimeMs = 7 * 24 * 3_600_000;

/** The filled-in form survives a login, a signup confirmed in another tab or a reload, for a week. */
export function storeBookingDraft(storage: Pick<DraftStorage, 'setItem'>, slug: string, draft: BookingRequestDraft, now = Date.now()): void {
  try {
    storage.setItem(draftKey(slug), JSON.stringify({ savedAt: now, draft }));
  } catch {
    // A full or blocked storage only costs the convenience.
  }
}

export function readBookingDraft(storage: Pick<DraftStorage, 'getItem'>, slug: string, now = Date.now()): BookingRequestDraft | null {
  try {
    const stored = JSON.parse(storage.getItem(draftKey(slug)) ?? 'null') as { savedAt?: number; draft?: Partial<BookingRequestDraft> } | null;
    if (!stored?.draft || typeof stored.savedAt !== 'number' || now - stored.savedAt > draftLifetimeMs) return null;
    const base = emptyBookingDraft(null, null, 240);
    const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
    const draft = stored.draft;
    return {
      packageId: typeof draft.packageId === 'string' ? draft.packageId : null,
      date: typeof draft.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(draft.date) ? draft.date : null,
      startTime: startTimes.includes(text(draft.startTime, '')) ? text(draft.startTime, base.startTime) : base.startTime,
      durationMinutes: durationChoices.includes(Number(draft.durationMinutes)) ? Number(draft.durationMinutes) : base.durationMinutes,
      eventType: text(draft.eventType, ''),
      placeId: typeof draft.placeId === 'number' ? draft.placeId : null,
      placeName: text(draft.placeName, ''),
      address: text(draft.address, ''),
      guests: text(draft.guests, ''),
      message: text(draft.message, ''),
    };
  } catch {
    return null;
  }
}

export function forgetBookingDraft(storage: Pick<DraftStorage, 'removeItem'>, slug: string): void {
  try {
    storage.removeItem(draftKey(slug));
  } catch {
    // nothing to forget
  }
}
