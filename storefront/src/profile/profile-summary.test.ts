import { describe, expect, it } from 'vitest';
import { avatarInitials, bookingSummary, fullName } from './profile-summary.ts';

const now = new Date('2026-06-01T12:00:00Z');
const at = (day: string, status: string) => ({ status, starts_at: `${day}T18:00:00Z`, ends_at: `${day}T22:00:00Z`, id: `${status}-${day}` });

describe('bookingSummary', () => {
  it('counts upcoming and completed bookings as the bookings tabs do', () => {
    const summary = bookingSummary(
      [
        at('2026-07-01', 'pending'),
        at('2026-07-02', 'accepted'),
        at('2026-08-01', 'confirmed'),
        at('2026-05-01', 'confirmed'),
        at('2026-04-01', 'completed'),
        at('2026-07-03', 'cancelled'),
        at('2026-07-04', 'declined'),
      ],
      now,
    );
    expect(summary.upcoming).toBe(3);
    expect(summary.completed).toBe(2);
  });

  it('takes the soonest confirmed gig as the next one, before any earlier request', () => {
    const summary = bookingSummary([at('2026-09-01', 'confirmed'), at('2026-06-10', 'pending'), at('2026-08-01', 'confirmed')], now);
    expect(summary.next?.id).toBe('confirmed-2026-08-01');
  });

  it('falls back to the soonest request without a confirmed gig, and to nothing without bookings', () => {
    expect(bookingSummary([at('2026-09-01', 'accepted'), at('2026-06-10', 'pending')], now).next?.id).toBe('pending-2026-06-10');
    expect(bookingSummary([], now)).toEqual({ upcoming: 0, completed: 0, next: null });
  });

  it('never offers a gig that is already under way as the next one', () => {
    const running = { status: 'confirmed', starts_at: '2026-06-01T10:00:00Z', ends_at: '2026-06-01T14:00:00Z' };
    const summary = bookingSummary([running], now);
    expect(summary.upcoming).toBe(1);
    expect(summary.next).toBeNull();
  });
});

describe('avatarInitials and fullName', () => {
  it('uses the names, then the e-mail, then a question mark', () => {
    expect(avatarInitials('jan', 'Jansen')).toBe('JJ');
    expect(avatarInitials(' ', '', 'kim@example.nl')).toBe('K');
    expect(avatarInitials('', '', null)).toBe('?');
  });
  it('joins the filled-in names', () => {
    expect(fullName(' Jan ', 'Jansen')).toBe('Jan Jansen');
    expect(fullName('', '  ')).toBeNull();
  });
});
