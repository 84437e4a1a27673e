// The invoice's 'Locatie' line: the address, followed by the booking's place only when the
// address does not already name it. Pure, no stack needed.
import { describe, expect, it } from 'vitest';
import { invoicePlace } from '../functions/_shared/invoice.ts';

describe('invoicePlace', () => {
  it.each([
    // The address already holds the city: once, not 'Utrecht, Utrecht'.
    ['Oudegracht 12, Utrecht', 'Utrecht', 'Oudegracht 12, Utrecht'],
    ['Oudegracht 12, 3511 AB Utrecht', 'Utrecht', 'Oudegracht 12, 3511 AB Utrecht'],
    ['Oudegracht 12 Utrecht', 'Utrecht', 'Oudegracht 12 Utrecht'],
    ['Oudegracht 12, utrecht ', 'Utrecht', 'Oudegracht 12, utrecht'],
    ['Stationsplein 1, Den  Haag', 'Den Haag', 'Stationsplein 1, Den  Haag'],
    ['Markt 3, Sint-Oedenrode', 'Sint-Oedenrode', 'Markt 3, Sint-Oedenrode'],
    ['Dorpsstraat 1, Zoeterwoude-Dorp', 'Zoeterwoude-dorp', 'Dorpsstraat 1, Zoeterwoude-Dorp'],
    ['Rue Neuve 4, Liège', 'Liege', 'Rue Neuve 4, Liège'],
    // Without the city: the place is added.
    ['Oudegracht 12', 'Utrecht', 'Oudegracht 12, Utrecht'],
    ['Oudegracht 12, 3511 AB', 'Utrecht', 'Oudegracht 12, 3511 AB, Utrecht'],
    // A street named after the city is not the city.
    ['Utrechtseweg 5', 'Utrecht', 'Utrechtseweg 5, Utrecht'],
    ['Utrechtsestraat 5, Amsterdam', 'Utrecht', 'Utrechtsestraat 5, Amsterdam, Utrecht'],
    // A different city in the address: both stay, the booking's place last.
    ['Stationsplein 1, Amersfoort', 'Utrecht', 'Stationsplein 1, Amersfoort, Utrecht'],
    ['Markt 1, Bergen op Zoom', 'Bergen', 'Markt 1, Bergen op Zoom, Bergen'],
    // One of the two missing.
    ['Oudegracht 12, Utrecht', null, 'Oudegracht 12, Utrecht'],
    ['Oudegracht 12', '  ', 'Oudegracht 12'],
    ['', 'Utrecht', 'Utrecht'],
    ['  ', null, ''],
  ])('%j in %j reads %j', (address, place, expected) => {
    expect(invoicePlace(address, place)).toBe(expected);
  });
});
