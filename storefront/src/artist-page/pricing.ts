// How the artist page words its packages: the price (formatPrice, from the database's cents)
// and how long the performance lasts.
import { formatPrice } from '../marketplace/artist-cards.ts';
import type { ArtistPackage } from '../data/artist-page.ts';

export { dutchDuration as formatDuration } from '@podium/shared/dutch';

/**
 * 'Vanaf € 650' when there is a choice, '€ 650' for a single price; 'Prijs op aanvraag' without a
 * 'from' price. The number is always the database's one 'from' price (artists.from_price_cents,
 * the cheapest active package), the same the cards and the landing pages show.
 */
export function priceLine(packages: readonly Pick<ArtistPackage, 'price_cents'>[], fromPriceCents: number | null): string {
  if (fromPriceCents === null) return 'Prijs op aanvraag';
  const price = formatPrice(fromPriceCents);
  return new Set(packages.map((pkg) => pkg.price_cents)).size === 1 ? price : `Vanaf ${price}`;
}

/** 'Reist tot 150 km vanaf Leeuwarden', 'Treedt op in en rond Leeuwarden'. */
export function travelText(city: string, radiusKm: number | null): string | null {
  if (!city) return null;
  if (radiusKm == null) return `Gevestigd in ${city}`;
  if (radiusKm === 0) return `Treedt op in en rond ${city}`;
  return `Reist tot ${radiusKm} km vanaf ${city}`;
}
