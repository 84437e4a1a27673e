// The booking rules the terms page states, as app_config holds them (the database applies them:
// 20261122003200_booking_refunds.sql and 20261122000100_foundation.sql). policy.integration.test.ts
// fails when the two drift apart.
export const bookingPolicy = {
  platformFeePercent: 5,
  requestAnswerHours: 168,
  paymentWindowHours: 72,
  refundFullDaysBefore: 30,
  refundPartialDaysBefore: 7,
  refundPartialPercent: 50,
} as const;

/** app_config key per rule, for the drift test. */
export const bookingPolicyConfig: Record<keyof typeof bookingPolicy, { key: string; toValue: (value: number) => number }> = {
  platformFeePercent: { key: 'platform_fee_bps', toValue: (bps) => bps / 100 },
  requestAnswerHours: { key: 'booking_request_ttl_hours', toValue: (hours) => hours },
  paymentWindowHours: { key: 'booking_payment_window_hours', toValue: (hours) => hours },
  refundFullDaysBefore: { key: 'refund_full_days_before', toValue: (days) => days },
  refundPartialDaysBefore: { key: 'refund_partial_days_before', toValue: (days) => days },
  refundPartialPercent: { key: 'refund_partial_percent', toValue: (percent) => percent },
};
