import { describe, expect, it } from 'vitest';
import { formatPrice } from '../marketplace/artist-cards.ts';
import { formatDuration, priceLine, travelText } from './pricing.ts';

// Intl writes a narrow no-break space between the euro sign and the amount.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('package prices and durations', () => {
  it('writes prices in euros the Dutch way', () => {
    expect(plain(formatPrice(35_000))).toBe('€ 350');
    expect(plain(formatPrice(123_450))).toBe('€ 1.234,50');
    expect(plain(formatPrice(0))).toBe('€ 0');
  });

  it('shows the one from price of the database, never a number of its own', () => {
    expect(plain(priceLine([{ price_cents: 60_000 }, { price_cents: 35_000 }], 35_000))).toBe('Vanaf € 350');
    expect(plain(priceLine([{ price_cents: 60_000 }], 60_000))).toBe('€ 600');
    expect(plain(priceLine([{ price_cents: 1 }, { price_cents: 210_000 }], 1))).toBe('Vanaf € 0,01');
    expect(priceLine([], null)).toBe('Prijs op aanvraag');
  });

  it('says how long a performance lasts', () => {
    expect(formatDuration(45)).toBe('45 minuten');
    expect(formatDuration(120)).toBe('2 uur');
    expect(formatDuration(90)).toBe('1,5 uur');
    expect(formatDuration(135)).toBe('2 uur en 15 minuten');
  });

  it('says how far the act travels', () => {
    expect(travelText('Leeuwarden', 150)).toBe('Reist tot 150 km vanaf Leeuwarden');
    expect(travelText('Leiden', 0)).toBe('Treedt op in en rond Leiden');
    expect(travelText('Venlo', null)).toBe('Gevestigd in Venlo');
    expect(travelText('', 50)).toBeNull();
  });
});
