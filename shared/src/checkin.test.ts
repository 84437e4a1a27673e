import { describe, expect, it } from 'vitest';
import { caseProblems, checkinState, oneCheckin, type Checkin } from './checkin.ts';

const now = Date.parse('2026-12-07T12:00:00Z');
const open: Checkin = { closes_at: '2026-12-08T12:00:00Z', answer: null, released_at: null };

describe('the check-in after a gig', () => {
  it.each<[string, Checkin | null, string]>([
    ['no check-in (a gig from before check-ins)', null, 'released'],
    ['window open, no answer', open, 'open'],
    ['answered Ja', { ...open, answer: 'ok', released_at: '2026-12-07T11:00:00Z' }, 'released'],
    ['a problem reported, not resolved', { ...open, answer: 'problem' }, 'reported'],
    ['a problem reported and resolved', { ...open, answer: 'problem', released_at: '2026-12-07T11:00:00Z' }, 'released'],
    ['window closed, job not run yet', { ...open, closes_at: '2026-12-07T11:59:00Z' }, 'closing'],
    ['window closed and released by the job', { ...open, closes_at: '2026-12-07T11:00:00Z', released_at: '2026-12-07T11:05:00Z' }, 'released'],
    ['window closing this very moment', { ...open, closes_at: '2026-12-07T12:00:00Z' }, 'closing'],
  ])('%s: %s', (_, checkin, state) => {
    expect(checkinState(checkin, now)).toBe(state);
  });

  it('takes the embedded row whether PostgREST gives an object or an array', () => {
    expect(oneCheckin([open])).toBe(open);
    expect(oneCheckin(open)).toBe(open);
    expect(oneCheckin([])).toBeNull();
    expect(oneCheckin(null)).toBeNull();
  });
});

describe('a problem report', () => {
  it.each<[string | null, string, number, object]>([
    ['late', 'De band begon twee uur te laat.', 0, {}],
    [null, 'De band begon twee uur te laat.', 0, { reason: 'Kies wat er misging.' }],
    ['weather', 'De band begon twee uur te laat.', 0, { reason: 'Kies wat er misging.' }],
    ['no_show', '   te kort  ', 0, { details: 'Beschrijf in minstens 10 tekens wat er misging.' }],
    ['other', 'x'.repeat(2001), 0, { details: 'Je beschrijving is te lang (maximaal 2000 tekens).' }],
    ['other', 'x'.repeat(2000), 5, {}],
    ['shorter', 'Maar een half uur gespeeld.', 6, { photos: "Je kunt maximaal 5 foto's meesturen." }],
  ])('%s, %j, %i photos', (reason, details, photos, problems) => {
    expect(caseProblems(reason, details, photos)).toEqual(problems);
  });
});
