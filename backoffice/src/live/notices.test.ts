import { describe, expect, it } from 'vitest';
import { changeNotice, freshWithinMs, type KnownStatuses } from './notices.ts';

const now = Date.parse('2026-12-07T20:00:00Z');
const minutesAgo = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
const booking = (fields: Record<string, unknown>) => ({ id: 'b1', starts_at: '2027-06-12T16:00:00Z', created_at: minutesAgo(60), ...fields });

describe('what the back office tells an admin as it happens', () => {
  it('a new request, its payment and its cancellation, each once, with the gig’s day and a link to the booking', () => {
    const known: KnownStatuses = new Map();
    expect(changeNotice({ table: 'bookings', eventType: 'INSERT', record: booking({ status: 'pending', created_at: minutesAgo(0) }) }, known, now)).toEqual({
      message: 'Nieuwe boekingsaanvraag voor 12 juni 2027',
      to: '/bookings/b1/show',
    });
    expect(changeNotice({ table: 'bookings', eventType: 'UPDATE', record: booking({ status: 'accepted' }) }, known, now)).toBeNull();
    expect(changeNotice({ table: 'bookings', eventType: 'UPDATE', record: booking({ status: 'confirmed', confirmed_at: minutesAgo(0) }) }, known, now)).toEqual({
      message: 'Boeking betaald voor 12 juni 2027',
      to: '/bookings/b1/show',
    });
    // Another column of the paid booking changes: nothing new to tell.
    expect(changeNotice({ table: 'bookings', eventType: 'UPDATE', record: booking({ status: 'confirmed', notes: 'Parkeren achter' }) }, known, now)).toBeNull();
    expect(changeNotice({ table: 'bookings', eventType: 'UPDATE', record: booking({ status: 'cancelled', cancelled_by: 'customer', cancelled_at: minutesAgo(0) }) }, known, now)).toEqual({
      message: 'Boeking geannuleerd voor 12 juni 2027',
      to: '/bookings/b1/show',
    });
  });

  it('an admin’s own cancellation is not told again (the screen they did it on says so)', () => {
    const known: KnownStatuses = new Map([['bookings:b1', 'confirmed']]);
    expect(changeNotice({ table: 'bookings', eventType: 'UPDATE', record: booking({ status: 'cancelled', cancelled_by: 'admin', cancelled_at: minutesAgo(0) }) }, known, now)).toBeNull();
  });

  it('a row first heard of tells only when its status is recent', () => {
    expect(changeNotice({ table: 'bookings', eventType: 'UPDATE', record: booking({ status: 'confirmed', confirmed_at: minutesAgo(1) }) }, new Map(), now)?.message).toBe(
      'Boeking betaald voor 12 juni 2027',
    );
    const stale = minutesAgo(freshWithinMs / 60_000 + 1);
    expect(changeNotice({ table: 'bookings', eventType: 'UPDATE', record: booking({ status: 'confirmed', confirmed_at: stale }) }, new Map(), now)).toBeNull();
    expect(changeNotice({ table: 'bookings', eventType: 'UPDATE', record: booking({ status: 'pending' }) }, new Map(), now)).toBeNull();
  });

  it('an act asking for approval, by name, linked to the queue', () => {
    const known: KnownStatuses = new Map();
    const act = { id: 'a1', name: 'De Feestband', submitted_at: minutesAgo(0) };
    expect(changeNotice({ table: 'artists', eventType: 'UPDATE', record: { ...act, approval_status: 'draft' } }, known, now)).toBeNull();
    expect(changeNotice({ table: 'artists', eventType: 'UPDATE', record: { ...act, approval_status: 'pending' } }, known, now)).toEqual({
      message: 'Nieuwe aanmelding ter goedkeuring: De Feestband',
      to: '/approvals',
    });
    expect(changeNotice({ table: 'artists', eventType: 'UPDATE', record: { ...act, approval_status: 'approved' } }, known, now)).toBeNull();
  });

  it('says nothing of a removed row or one without a status', () => {
    expect(changeNotice({ table: 'bookings', eventType: 'DELETE', record: { id: 'b1' } }, new Map(), now)).toBeNull();
    expect(changeNotice({ table: 'bookings', eventType: 'UPDATE', record: { id: 'b1' } }, new Map(), now)).toBeNull();
  });
});
