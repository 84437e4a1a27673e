import { describe, expect, it } from 'vitest';
import { bandsToOffer } from './checkout-total.ts';

describe('BANDS offered at checkout', () => {
  it.each([
    [5_000, { total_cents: 157_500, bands_applied_cents: 0 }, 5_000],
    [200_000, { total_cents: 157_500, bands_applied_cents: 0 }, 157_400],
    [0, { total_cents: 157_500, bands_applied_cents: 0 }, 0],
    [5_000, { total_cents: 152_500, bands_applied_cents: 5_000 }, 0],
    [5_000, { total_cents: 50, bands_applied_cents: 0 }, 0],
  ])('balance %i on %j → %i', (balance, booking, offer) => {
    expect(bandsToOffer(balance, booking)).toBe(offer);
  });
});
