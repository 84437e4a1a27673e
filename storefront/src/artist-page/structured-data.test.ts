import { describe, expect, it } from 'vitest';
import type { ArtistProfile } from '../data/artist-page.ts';
import { artistBreadcrumbJsonLd, artistDescription, artistJsonLd } from './structured-data.ts';

const artist: ArtistProfile = {
  id: 'a1',
  slug: 'dj-mees',
  name: 'DJ Mees',
  genre: 'House',
  city: 'Leeuwarden',
  categories: ['djs', 'huwelijk'],
  bio: 'DJ Mees is een DJ uit Leeuwarden.',
  base_price_cents: 35_000,
  from_price_cents: 35_000,
  travel_radius_km: 150,
  avatar_path: null,
  cover_path: null,
  website_url: null,
  instagram_handle: 'dj.mees',
  rating_avg: 4.5,
  review_count: 6,
};

describe('structured data for the artist page', () => {
  it('describes a reviewed DJ as a MusicGroup with its rating and offers', () => {
    const data = artistJsonLd(artist, [{ id: 'p1', name: 'Borrel', description: '', price_cents: 35_000, duration_minutes: 120 }], 'https://cdn.example/cover.jpg');
    expect(data).toMatchObject({
      '@type': 'MusicGroup',
      name: 'DJ Mees',
      image: 'https://cdn.example/cover.jpg',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 6, bestRating: 5 },
      makesOffer: [{ '@type': 'Offer', name: 'Borrel', price: '350.00', priceCurrency: 'EUR' }],
    });
    expect(String(data.url)).toMatch(/\/artists\/dj-mees$/);
    expect(data.sameAs).toEqual(['https://www.instagram.com/dj.mees/']);
  });

  it('leaves the rating out before the first review, and calls other acts a PerformingGroup', () => {
    const data = artistJsonLd({ ...artist, categories: ['acts'], review_count: 0, rating_avg: 0 }, [], null);
    expect(data['@type']).toBe('PerformingGroup');
    expect(data).not.toHaveProperty('aggregateRating');
    expect(data).not.toHaveProperty('makesOffer');
    expect(artistJsonLd({ ...artist, instagram_handle: null }, [], null)).not.toHaveProperty('sameAs');
  });

  it('gives the trail Home > Artiesten > the artist', () => {
    const trail = artistBreadcrumbJsonLd(artist) as { itemListElement: { name: string; position: number }[] };
    expect(trail.itemListElement.map((item) => item.name)).toEqual(['Home', 'Artiesten', 'DJ Mees']);
  });

  it('describes the page from the bio, cut at a word near 155 characters', () => {
    expect(artistDescription(artist)).toBe('DJ Mees is een DJ uit Leeuwarden.');
    const long = artistDescription({ ...artist, bio: 'Woord '.repeat(60) });
    expect(long.length).toBeLessThanOrEqual(156);
    expect(long.endsWith('Woord…')).toBe(true);
    expect(artistDescription({ ...artist, bio: '' })).toContain('Boek DJ Mees (House), dj');
  });
});
