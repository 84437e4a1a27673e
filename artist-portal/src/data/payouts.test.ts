import { describe, expect, it } from 'vitest';
import { payoutState, payoutTotals, statementMonths, type PayoutGig } from './payouts.ts';

const gig = (payout: Partial<NonNullable<PayoutGig['payout']>> | null, extra: Partial<PayoutGig> = {}): PayoutGig => ({
  id: crypto.randomUUID(),
  status: payout ? 'completed' : 'confirmed',
  starts_at: '2026-11-20T19:00:00Z',
  event_type: 'Bruiloft',
  price_cents: 100_000,
  artist: null,
  customer: null,
  package: null,
  payout: payout ? { status: 'checkin', amount_cents: 100_000, paid_at: null, mollie_route_id: null, mollie_transfer_id: null, ...payout } : null,
  checkin: null,
  case: null,
  ...extra,
});

describe('what a payout is doing, in the artist’s words', () => {
  it('names every state of a payout', () => {
    expect(payoutState(gig(null)).label).toBe('wacht op optreden');
    expect(payoutState(gig({ status: 'checkin' }, { checkin: { closes_at: '2026-11-24T21:00:00Z', answer: null, released_at: null } })).label).toBe(
      'controleperiode tot dinsdag 24 november 2026 om 22:00',
    );
    expect(payoutState(gig({ status: 'due' })).label).toBe('onderweg');
    expect(payoutState(gig({ status: 'failed' })).label).toBe('onderweg');
    expect(payoutState(gig({ status: 'paid', paid_at: '2026-11-30T23:30:00Z' })).label).toBe('uitbetaald op 1 december 2026');
    expect(payoutState(gig({ status: 'awaiting_connection' })).label).toBe('wacht op koppeling');
    expect(payoutState(gig({ status: 'held' }, { case: { reason: 'late', status: 'open' } })).label).toBe('vastgehouden: de klant meldt dat je te laat was');
    expect(payoutState(gig({ status: 'held' })).label).toBe('vastgehouden: Podium onderzoekt de betaling');
    expect(payoutState(gig({ status: 'refunded', amount_cents: 0 })).label).toBe('terugbetaald aan de klant');
  });

  it('adds up what was paid, what is still coming and what is held', () => {
    const gigs = [
      gig({ status: 'paid', paid_at: '2026-11-02T10:00:00Z', amount_cents: 50_000 }),
      gig({ status: 'due', amount_cents: 70_000 }),
      gig(null, { price_cents: 30_000 }),
      gig({ status: 'held', amount_cents: 20_000 }),
      gig({ status: 'refunded', amount_cents: 0 }),
    ];
    expect(payoutTotals(gigs)).toEqual({ paidCents: 50_000, comingCents: 100_000, heldCents: 20_000 });
  });

  it('offers a statement for each month with a payout, in Amsterdam time, newest first', () => {
    const months = statementMonths([
      gig({ status: 'paid', paid_at: '2026-10-31T23:30:00Z', amount_cents: 10_000 }),
      gig({ status: 'paid', paid_at: '2026-11-15T10:00:00Z', amount_cents: 5_000 }),
      gig({ status: 'paid', paid_at: '2026-09-10T10:00:00Z', amount_cents: 7_000 }),
      gig({ status: 'due', amount_cents: 99_000 }),
    ]);
    expect(months).toEqual([
      { month: '2026-11', label: 'november 2026', totalCents: 15_000 },
      { month: '2026-09', label: 'september 2026', totalCents: 7_000 },
    ]);
  });
});
