// The check-in after a paid gig ('Is het optreden doorgegaan?'): when a booking's end has passed,
// the customer has a window (app_config checkin_window_hours) to confirm it went well or report a
// problem. 'Ja', or the window closing without a report, releases the artist's payout; a report
// holds it until Podium resolves the case. Reviews wait for the release. The database decides
// (public.answer_checkin, private.gig_released); these are the states and words the apps show.

/** A booking's check-in as public.booking_checkins has it (null: the booking has none). */
export interface Checkin {
  closes_at: string;
  answer: 'ok' | 'problem' | null;
  released_at: string | null;
}

/**
 * open: the customer can still answer; reported: a problem was reported and waits for Podium;
 * closing: the window closed without an answer and the release job has not run yet (minutes);
 * released: the gig counts as played (answered 'Ja', window closed, case resolved, or no check-in).
 */
export type CheckinState = 'open' | 'reported' | 'closing' | 'released';

export function checkinState(checkin: Checkin | null | undefined, now: number = Date.now()): CheckinState {
  if (!checkin || checkin.released_at) return 'released';
  if (checkin.answer === 'problem') return 'reported';
  if (checkin.answer === 'ok') return 'released';
  return Date.parse(checkin.closes_at) > now ? 'open' : 'closing';
}

/** PostgREST embeds a one-to-one table as an object, and as an array when it cannot tell. */
export const oneCheckin = (value: Checkin | Checkin[] | null | undefined): Checkin | null => (Array.isArray(value) ? (value[0] ?? null) : (value ?? null));

/** What can go wrong at a gig: public.booking_cases.reason, in the order the form offers them. */
export const caseReasons = ['no_show', 'late', 'shorter', 'different', 'other'] as const;
export type CaseReason = (typeof caseReasons)[number];

export const caseReasonLabels: Record<CaseReason, string> = {
  no_show: 'De artiest is niet komen opdagen',
  late: 'De artiest was te laat',
  shorter: 'Het optreden was korter dan afgesproken',
  different: 'Het optreden was anders dan afgesproken',
  other: 'Iets anders',
};

export const CASE_DETAILS_MIN = 10;
export const CASE_DETAILS_MAX = 2000;
export const CASE_PHOTOS_MAX = 5;

/** The form's own checks, worded as the database words them (answer_checkin). */
export function caseProblems(reason: string | null, details: string, photoCount: number): { reason?: string; details?: string; photos?: string } {
  const problems: { reason?: string; details?: string; photos?: string } = {};
  if (!reason || !(caseReasons as readonly string[]).includes(reason)) problems.reason = 'Kies wat er misging.';
  const length = details.trim().length;
  if (length < CASE_DETAILS_MIN) problems.details = `Beschrijf in minstens ${CASE_DETAILS_MIN} tekens wat er misging.`;
  else if (length > CASE_DETAILS_MAX) problems.details = `Je beschrijving is te lang (maximaal ${CASE_DETAILS_MAX} tekens).`;
  if (photoCount > CASE_PHOTOS_MAX) problems.photos = `Je kunt maximaal ${CASE_PHOTOS_MAX} foto's meesturen.`;
  return problems;
}
