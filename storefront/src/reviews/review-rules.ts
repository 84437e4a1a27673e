// What a booking review must hold before it is sent: a rating of 1 to 5 stars and at most 4000
// characters of text (the reviews table's own checks), with the Dutch message for each.
export const REVIEW_MAX_LENGTH = 4000;

export interface ReviewDraft {
  rating: number | null;
  body: string;
}

export type ReviewField = 'rating' | 'body';

export function reviewProblems(draft: ReviewDraft): Partial<Record<ReviewField, string>> {
  const problems: Partial<Record<ReviewField, string>> = {};
  if (draft.rating === null || !Number.isInteger(draft.rating) || draft.rating < 1 || draft.rating > 5) {
    problems.rating = 'Kies een beoordeling van 1 tot 5 sterren.';
  }
  if (draft.body.trim().length > REVIEW_MAX_LENGTH) {
    problems.body = `Je review mag hoogstens ${REVIEW_MAX_LENGTH} tekens lang zijn.`;
  }
  return problems;
}

/** The Dutch name of a rating, for the star buttons and for screen readers. */
export const ratingLabels: Record<number, string> = {
  1: 'Slecht',
  2: 'Matig',
  3: 'Goed',
  4: 'Heel goed',
  5: 'Uitstekend',
};
