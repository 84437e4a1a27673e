// schema.org for the public artist page: the act (a MusicGroup for bands, duos and DJs, a
// PerformingGroup for other acts) with its packages as offers and, once reviewed, its
// AggregateRating, and its linked Instagram as sameAs; and the breadcrumb trail Home > Artiesten > {name}.
import { categoryLabel } from '@podium/shared/categories';
import { instagramProfileUrl } from '@podium/shared/instagram-link';
import { absoluteUrl, breadcrumbJsonLd } from '../seo/PageMeta.tsx';
import { artistPath, primaryCategory } from '../marketplace/artist-cards.ts';
import type { ArtistPackage, ArtistProfile } from '../data/artist-page.ts';

const musicCategories = new Set(['bands', 'coverbands', 'djs', 'duos', 'live-muziek']);

export function artistJsonLd(artist: ArtistProfile, packages: readonly ArtistPackage[], image: string | null): Record<string, unknown> {
  const category = primaryCategory(artist);
  const url = absoluteUrl(artistPath(artist.slug));
  return {
    '@context': 'https://schema.org',
    '@type': category && musicCategories.has(category) ? 'MusicGroup' : 'PerformingGroup',
    '@id': `${url}#artist`,
    name: artist.name,
    url,
    ...(artist.bio ? { description: artist.bio } : {}),
    ...(image ? { image } : {}),
    ...(artist.genre ? { genre: artist.genre } : {}),
    ...(artist.city ? { location: { '@type': 'Place', name: artist.city, address: { '@type': 'PostalAddress', addressLocality: artist.city, addressCountry: 'NL' } } } : {}),
    ...(artist.instagram_handle ? { sameAs: [instagramProfileUrl(artist.instagram_handle)] } : {}),
    ...(artist.categories.length ? { keywords: artist.categories.map(categoryLabel).join(', ') } : {}),
    ...(artist.review_count > 0 ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: artist.rating_avg, reviewCount: artist.review_count, bestRating: 5, worstRating: 1 } } : {}),
    ...(packages.length
      ? {
          makesOffer: packages.map((pkg) => ({
            '@type': 'Offer',
            name: pkg.name,
            price: (pkg.price_cents / 100).toFixed(2),
            priceCurrency: 'EUR',
            url,
          })),
        }
      : {}),
  };
}

export function artistBreadcrumbs(artist: Pick<ArtistProfile, 'name' | 'slug'>) {
  return [
    { name: 'Home', path: '/' },
    { name: 'Artiesten', path: '/artists' },
    { name: artist.name, path: artistPath(artist.slug) },
  ];
}

export const artistBreadcrumbJsonLd = (artist: Pick<ArtistProfile, 'name' | 'slug'>) => breadcrumbJsonLd(artistBreadcrumbs(artist));

/** The meta description: the bio's first sentences up to about 155 characters, else a summary. */
export function artistDescription(artist: Pick<ArtistProfile, 'name' | 'bio' | 'genre' | 'city' | 'categories'>): string {
  const bio = artist.bio.replace(/\s+/g, ' ').trim();
  if (bio) {
    if (bio.length <= 155) return bio;
    const cut = bio.slice(0, 154);
    return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 100)).replace(/[,;:.\s]+$/, '')}…`;
  }
  const category = primaryCategory(artist);
  const kind = category ? categoryLabel(category).toLowerCase() : 'artiest';
  return `Boek ${artist.name}${artist.genre ? ` (${artist.genre})` : ''}, ${kind}${artist.city ? ` uit ${artist.city}` : ''}, via Podium: bekijk pakketten, prijzen, beschikbaarheid en reviews.`;
}
