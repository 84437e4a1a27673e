// What the back office tells an admin as it happens (SPEC 4.6's booking notifications): a new
// booking request, a payment, a cancellation, an act asking for approval. Read from the realtime
// changes of bookings and artists; a change only tells when the status is new to this screen (a
// booking confirmed an hour ago whose notes change now says nothing), or, for a row not seen
// before, when the moment of that status is recent. What admins do themselves is not told again.
import { dutchDateOfMoment } from '@podium/shared/dutch';
import type { RealtimeChange } from '@podium/shared/realtime';

/** How recent a status's moment must be for a row first heard of to be news. */
export const freshWithinMs = 5 * 60_000;

export interface Notice {
  message: string;
  /** Where the notice's link goes in the back office. */
  to: string;
}

/** The statuses this screen last heard per row ('bookings:<id>' / 'artists:<id>'). */
export type KnownStatuses = Map<string, string>;

const recent = (moment: unknown, now: number) => typeof moment === 'string' && now - Date.parse(moment) <= freshWithinMs;

export function changeNotice(change: RealtimeChange, known: KnownStatuses, now = Date.now()): Notice | null {
  const { record } = change;
  const id = typeof record.id === 'string' ? record.id : null;
  if (!id || change.eventType === 'DELETE') return null;
  const field = change.table === 'artists' ? 'approval_status' : 'status';
  const status = typeof record[field] === 'string' ? (record[field] as string) : null;
  if (!status) return null;
  const key = `${change.table}:${id}`;
  const before = known.get(key);
  known.set(key, status);
  if (before === status) return null;
  const isNews = (moment: unknown) => change.eventType === 'INSERT' || before !== undefined || recent(moment, now);

  if (change.table === 'artists') {
    if (status === 'pending' && isNews(record.submitted_at)) {
      return { message: `Nieuwe aanmelding ter goedkeuring: ${String(record.name ?? 'een act')}`, to: '/approvals' };
    }
    return null;
  }
  const day = typeof record.starts_at === 'string' ? dutchDateOfMoment(record.starts_at) : null;
  const on = day ? ` voor ${day}` : '';
  const to = `/bookings/${id}/show`;
  if (status === 'pending' && isNews(record.created_at)) return { message: `Nieuwe boekingsaanvraag${on}`, to };
  if (status === 'confirmed' && isNews(record.confirmed_at)) return { message: `Boeking betaald${on}`, to };
  // An admin's own cancellation is told by the screen they did it on.
  if (status === 'cancelled' && record.cancelled_by !== 'admin' && isNews(record.cancelled_at)) return { message: `Boeking geannuleerd${on}`, to };
  return null;
}
