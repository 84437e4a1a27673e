import { describe, expect, it } from 'vitest';
import { REVIEW_MAX_LENGTH, reviewProblems } from './review-rules.ts';

describe('a booking review before it is sent', () => {
  it.each([
    [{ rating: 5, body: '' }, {}],
    [{ rating: 1, body: 'Te laat begonnen.' }, {}],
    [{ rating: null, body: 'Top!' }, { rating: 'Kies een beoordeling van 1 tot 5 sterren.' }],
    [{ rating: 0, body: '' }, { rating: 'Kies een beoordeling van 1 tot 5 sterren.' }],
    [{ rating: 6, body: '' }, { rating: 'Kies een beoordeling van 1 tot 5 sterren.' }],
    [{ rating: 2.5, body: '' }, { rating: 'Kies een beoordeling van 1 tot 5 sterren.' }],
    [{ rating: 4, body: 'x'.repeat(REVIEW_MAX_LENGTH) }, {}],
    [{ rating: 4, body: 'x'.repeat(REVIEW_MAX_LENGTH + 1) }, { body: 'Je review mag hoogstens 4000 tekens lang zijn.' }],
  ])('%j → %j', (draft, problems) => {
    expect(reviewProblems(draft)).toEqual(problems);
  });
});
