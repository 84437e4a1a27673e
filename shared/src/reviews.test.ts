import { describe, expect, it } from 'vitest';
import { REVIEW_MAX_LENGTH, REVIEW_MIN_LENGTH, reviewEditable, reviewMessages, reviewProblems, type ReviewDraft } from './reviews.ts';

const valid: ReviewDraft = { rating: 5, music_rating: 5, professionalism_rating: 4, communication_rating: 3, body: 'Wat een feest was het!' };
const stars = reviewMessages.ratingMissing;

describe('a booking review before it is sent', () => {
  it.each<[string, Partial<ReviewDraft>, Partial<Record<string, string>>]>([
    ['a complete review', {}, {}],
    ['one star everywhere, the shortest text', { rating: 1, music_rating: 1, professionalism_rating: 1, communication_rating: 1, body: 'x'.repeat(REVIEW_MIN_LENGTH) }, {}],
    ['the longest text', { body: 'x'.repeat(REVIEW_MAX_LENGTH) }, {}],
    ['spaces around the text do not count', { body: `   ${'x'.repeat(REVIEW_MIN_LENGTH - 1)}   ` }, { body: reviewMessages.bodyTooShort }],
    ['no overall stars', { rating: null }, { rating: stars }],
    ['0 stars', { rating: 0 }, { rating: stars }],
    ['6 stars', { rating: 6 }, { rating: stars }],
    ['half a star', { rating: 2.5 }, { rating: stars }],
    ['no music stars', { music_rating: null }, { music_rating: stars }],
    ['professionalism out of range', { professionalism_rating: 7 }, { professionalism_rating: stars }],
    ['communication below 1', { communication_rating: -1 }, { communication_rating: stars }],
    ['an empty text', { body: '' }, { body: reviewMessages.bodyTooShort }],
    ['only spaces', { body: '     \n   ' }, { body: reviewMessages.bodyTooShort }],
    ['one character too many', { body: 'x'.repeat(REVIEW_MAX_LENGTH + 1) }, { body: reviewMessages.bodyTooLong }],
    [
      'nothing filled in',
      { rating: null, music_rating: null, professionalism_rating: null, communication_rating: null, body: '' },
      { rating: stars, music_rating: stars, professionalism_rating: stars, communication_rating: stars, body: reviewMessages.bodyTooShort },
    ],
  ])('%s', (_, change, problems) => {
    expect(reviewProblems({ ...valid, ...change })).toEqual(problems);
  });

  it('says the limits in its messages', () => {
    expect(reviewMessages.bodyTooShort).toBe('Schrijf minstens 10 tekens over het optreden.');
    expect(reviewMessages.bodyTooLong).toBe('Je review mag hoogstens 4000 tekens lang zijn.');
  });
});

describe('until when a review may be changed', () => {
  const until = '2026-12-10T12:00:00.000Z';
  it.each<[string, string | null | undefined, string, boolean]>([
    ['a day before the end', until, '2026-12-09T12:00:00.000Z', true],
    ['at the very moment', until, until, true],
    ['a millisecond later', until, '2026-12-10T12:00:00.001Z', false],
    ['without a moment', null, '2026-12-01T00:00:00.000Z', false],
    ['with nonsense', 'gisteren', '2026-12-01T00:00:00.000Z', false],
  ])('%s', (_, editableUntil, now, expected) => {
    expect(reviewEditable(editableUntil, Date.parse(now))).toBe(expected);
  });
});
