// The booking and BANDS rules the terms page states, as app_config holds them (the database
// applies them: 20261122003200_booking_refunds.sql, 20261122000100_foundation.sql and
// 20261126001000_referral_rules.sql, 20261202000200_package_min_price.sql, 20261202000300_referral_min_booking.sql). policy.integration.test.ts fails when the two drift apart.
export const bookingPolicy = {
  platformFeePercent: 5,
  requestAnswerHours: 168,
  paymentWindowHours: 72,
  refundFullDaysBefore: 30,
  refundPartialDaysBefore: 7,
  refundPartialPercent: 50,
  welcomeCreditCents: 500,
  welcomeCreditValidDays: 90,
  referralCodeWindowDays: 14,
  referralBonusCents: 1000,
  referralBonusMonthlyCap: 10,
  referralMinBookingCents: 25000,
  packageMinPriceCents: 5000,
} as const;

/** app_config key per rule, for the drift test. */
export const bookingPolicyConfig: Record<keyof typeof bookingPolicy, { key: string; toValue: (value: number) => number }> = {
  platformFeePercent: { key: 'platform_fee_bps', toValue: (bps) => bps / 100 },
  requestAnswerHours: { key: 'booking_request_ttl_hours', toValue: (hours) => hours },
  paymentWindowHours: { key: 'booking_payment_window_hours', toValue: (hours) => hours },
  refundFullDaysBefore: { key: 'refund_full_days_before', toValue: (days) => days },
  refundPartialDaysBefore: { key: 'refund_partial_days_before', toValue: (days) => days },
  refundPartialPercent: { key: 'refund_partial_percent', toValue: (percent) => percent },
  welcomeCreditCents: { key: 'welcome_bonus_cents', toValue: (cents) => cents },
  welcomeCreditValidDays: { key: 'welcome_credit_valid_days', toValue: (days) => days },
  referralCodeWindowDays: { key: 'referral_code_window_days', toValue: (days) => days },
  referralBonusCents: { key: 'referral_bonus_cents', toValue: (cents) => cents },
  referralBonusMonthlyCap: { key: 'referral_bonus_monthly_cap', toValue: (count) => count },
  referralMinBookingCents: { key: 'referral_min_booking_cents', toValue: (cents) => cents },
  packageMinPriceCents: { key: 'package_min_price_cents', toValue: (cents) => cents },
};
