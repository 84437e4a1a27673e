import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { artistCategories, categoryLabels, isArtistCategory } from './categories.ts';
import { heroCategories } from './constants.ts';

describe('artist categories', () => {
  it('name every hero category of SPEC 9 and every kind of act, once', () => {
    expect(artistCategories).toEqual(expect.arrayContaining([...heroCategories]));
    expect(new Set(artistCategories).size).toBe(artistCategories.length);
    for (const category of artistCategories) expect(categoryLabels[category]).toBeTruthy();
  });

  it('are the values the public artist cards function accepts', () => {
    const source = readFileSync(new URL('../../supabase/functions/public-artist-cards/cards.ts', import.meta.url), 'utf8');
    for (const category of artistCategories) expect(source).toContain(`'${category}'`);
  });

  it('are the values the database lets an act choose', () => {
    const migration = readFileSync(new URL('../../supabase/migrations/20261128000110_act_content_review.sql', import.meta.url), 'utf8');
    const list = /select array\[([^\]]*)\]/.exec(migration)?.[1] ?? '';
    expect([...list.matchAll(/'([^']+)'/g)].map((match) => match[1]).sort()).toEqual([...artistCategories].sort());
  });

  it('tell a known category from anything else', () => {
    expect(isArtistCategory('djs')).toBe(true);
    expect(isArtistCategory('dj')).toBe(false);
  });
});
