// How many BANDS the checkout offers to spend on a booking: all of the balance, up to what is
// left to pay, keeping at least MIN_ONLINE_PAYMENT_CENTS for Mollie (a payment of nothing cannot
// confirm a booking). Nothing when BANDS were already used for it (apply_bands_to_booking allows once).
export const MIN_ONLINE_PAYMENT_CENTS = 100;

export function bandsToOffer(balanceCents: number, booking: { total_cents: number; bands_applied_cents: number }): number {
  if (booking.bands_applied_cents > 0 || balanceCents <= 0) return 0;
  return Math.max(0, Math.min(balanceCents, booking.total_cents - MIN_ONLINE_PAYMENT_CENTS));
}
