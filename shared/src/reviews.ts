// A booking review: the overall stars plus three aspects, each 1 to 5, and a text of
// 10 to 4000 characters. The database enforces the same rule with the same Dutch messages
// (private.check_review_content, migration 20261126000400_review_details.sql; the database tests
// compare both), and it alone decides who may review what and until when.

export const REVIEW_MIN_LENGTH = 10;
export const REVIEW_MAX_LENGTH = 4000;

/** The aspects a customer rates besides the overall stars, as the reviews table names them. */
export const reviewAspects = ['music_rating', 'professionalism_rating', 'communication_rating'] as const;
export type ReviewAspect = (typeof reviewAspects)[number];

export const reviewAspectLabels: Record<ReviewAspect, string> = {
  music_rating: 'Muziek',
  professionalism_rating: 'Professionaliteit',
  communication_rating: 'Communicatie',
};

export type ReviewRatings = { rating: number | null } & Record<ReviewAspect, number | null>;

export interface ReviewDraft extends ReviewRatings {
  body: string;
}

export type ReviewField = 'rating' | ReviewAspect | 'body';

/** The Dutch refusals, letter for letter what the database raises. */
export const reviewMessages = {
  ratingMissing: 'Geef elk onderdeel 1 tot 5 sterren.',
  bodyTooShort: `Schrijf minstens ${REVIEW_MIN_LENGTH} tekens over het optreden.`,
  bodyTooLong: `Je review mag hoogstens ${REVIEW_MAX_LENGTH} tekens lang zijn.`,
  notYourBooking: 'Je kunt alleen je eigen boekingen beoordelen.',
  notCompleted: 'Je kunt een boeking pas beoordelen als het optreden is afgerond.',
  alreadyReviewed: 'Je hebt deze boeking al beoordeeld. Je kunt je review wel aanpassen.',
} as const;

const isStars = (value: number | null) => value !== null && Number.isInteger(value) && value >= 1 && value <= 5;

/** What is wrong with a draft, per field (empty when it may be sent); the text is judged trimmed. */
export function reviewProblems(draft: ReviewDraft): Partial<Record<ReviewField, string>> {
  const problems: Partial<Record<ReviewField, string>> = {};
  for (const field of ['rating', ...reviewAspects] as const) {
    if (!isStars(draft[field])) problems[field] = reviewMessages.ratingMissing;
  }
  const length = draft.body.trim().length;
  if (length < REVIEW_MIN_LENGTH) problems.body = reviewMessages.bodyTooShort;
  else if (length > REVIEW_MAX_LENGTH) problems.body = reviewMessages.bodyTooLong;
  return problems;
}

/** Whether the reviewer may still change a review (the database checks the same moment). */
export function reviewEditable(editableUntil: string | null | undefined, now: number = Date.now()): boolean {
  if (!editableUntil) return false;
  const until = Date.parse(editableUntil);
  return Number.isFinite(until) && now <= until;
}

/** The Dutch name of a number of stars, for the star buttons and for screen readers. */
export const ratingLabels: Record<number, string> = {
  1: 'Slecht',
  2: 'Matig',
  3: 'Goed',
  4: 'Heel goed',
  5: 'Uitstekend',
};
