// How the artist page words its packages: the price (formatPrice, from the database's cents)
// and how long the performance lasts.
import { formatPrice } from '../marketplace/artist-cards.ts';
import type { ArtistPackage } from '../data/artist-page.ts';

export { dutchDuration as formatDuration } from '@podium/shared/dutch';

/** The lowest price a customer can book for: the cheapest package, else the artist's base price. */
export function startingPrice(packages: readonly Pick<ArtistPackage, 'price_cents'>[], basePriceCents: number): number {
  const prices = packages.map((pkg) => pkg.price_cents).filter((cents) => cents > 0);
  return prices.length ? Math.min(...prices) : basePriceCents;
}

/** 'Vanaf € 650' when there is a choice, '€ 650' for a single price. */
export function priceLine(packages: readonly Pick<ArtistPackage, 'price_cents'>[], basePriceCents: number): string {
  const price = formatPrice(startingPrice(packages, basePriceCents));
  return new Set(packages.map((pkg) => pkg.price_cents)).size > 1 ? `Vanaf ${price}` : price;
}

/** 'Reist tot 150 km vanaf Leeuwarden', 'Treedt op in en rond Leeuwarden'. */
export function travelText(city: string, radiusKm: number | null): string | null {
  if (!city) return null;
  if (radiusKm == null) return `Gevestigd in ${city}`;
  if (radiusKm === 0) return `Treedt op in en rond ${city}`;
  return `Reist tot ${radiusKm} km vanaf ${city}`;
}
