// Where the seeded artists live and the events take place: Dutch and Flemish cities with their
// province and coordinates (rounded city centres), so distance search has something to chew on.

export interface City {
  name: string;
  /** The name in the places table (GeoNames), where it differs. */
  placeName?: string;
  province: string;
  country: 'NL' | 'BE';
  lat: number;
  lng: number;
}

export const cities: readonly City[] = [
  { name: 'Amsterdam', province: 'Noord-Holland', country: 'NL', lat: 52.3676, lng: 4.9041 },
  { name: 'Rotterdam', province: 'Zuid-Holland', country: 'NL', lat: 51.9244, lng: 4.4777 },
  { name: 'Den Haag', province: 'Zuid-Holland', country: 'NL', lat: 52.0705, lng: 4.3007 },
  { name: 'Utrecht', province: 'Utrecht', country: 'NL', lat: 52.0907, lng: 5.1214 },
  { name: 'Eindhoven', province: 'Noord-Brabant', country: 'NL', lat: 51.4416, lng: 5.4697 },
  { name: 'Groningen', province: 'Groningen', country: 'NL', lat: 53.2194, lng: 6.5665 },
  { name: 'Tilburg', province: 'Noord-Brabant', country: 'NL', lat: 51.5555, lng: 5.0913 },
  { name: 'Breda', province: 'Noord-Brabant', country: 'NL', lat: 51.5719, lng: 4.7683 },
  { name: 'Nijmegen', province: 'Gelderland', country: 'NL', lat: 51.8126, lng: 5.8372 },
  { name: 'Arnhem', province: 'Gelderland', country: 'NL', lat: 51.9851, lng: 5.8987 },
  { name: 'Haarlem', province: 'Noord-Holland', country: 'NL', lat: 52.3874, lng: 4.6462 },
  { name: 'Zwolle', province: 'Overijssel', country: 'NL', lat: 52.5168, lng: 6.083 },
  { name: 'Maastricht', province: 'Limburg', country: 'NL', lat: 50.8514, lng: 5.691 },
  { name: 'Leiden', province: 'Zuid-Holland', country: 'NL', lat: 52.1601, lng: 4.497 },
  { name: "'s-Hertogenbosch", province: 'Noord-Brabant', country: 'NL', lat: 51.6978, lng: 5.3037 },
  { name: 'Amersfoort', province: 'Utrecht', country: 'NL', lat: 52.1561, lng: 5.3878 },
  { name: 'Enschede', province: 'Overijssel', country: 'NL', lat: 52.2215, lng: 6.8937 },
  { name: 'Leeuwarden', province: 'Friesland', country: 'NL', lat: 53.2012, lng: 5.7999 },
  { name: 'Delft', province: 'Zuid-Holland', country: 'NL', lat: 52.0116, lng: 4.3571 },
  { name: 'Deventer', province: 'Overijssel', country: 'NL', lat: 52.2661, lng: 6.1552 },
  { name: 'Alkmaar', province: 'Noord-Holland', country: 'NL', lat: 52.6324, lng: 4.7534 },
  { name: 'Apeldoorn', province: 'Gelderland', country: 'NL', lat: 52.2112, lng: 5.9699 },
  { name: 'Middelburg', province: 'Zeeland', country: 'NL', lat: 51.4988, lng: 3.6109 },
  { name: 'Venlo', province: 'Limburg', country: 'NL', lat: 51.3704, lng: 6.1724 },
  { name: 'Assen', province: 'Drenthe', country: 'NL', lat: 52.9928, lng: 6.5642 },
  { name: 'Gouda', province: 'Zuid-Holland', country: 'NL', lat: 52.0115, lng: 4.7105 },
  { name: 'Almere', placeName: 'Almere Stad', province: 'Flevoland', country: 'NL', lat: 52.3508, lng: 5.2647 },
  { name: 'Volendam', province: 'Noord-Holland', country: 'NL', lat: 52.495, lng: 5.071 },
  { name: 'Antwerpen', province: 'Antwerpen', country: 'BE', lat: 51.2194, lng: 4.4025 },
  { name: 'Gent', province: 'Oost-Vlaanderen', country: 'BE', lat: 51.0543, lng: 3.7174 },
  { name: 'Brugge', province: 'West-Vlaanderen', country: 'BE', lat: 51.2093, lng: 3.2247 },
  { name: 'Leuven', province: 'Vlaams-Brabant', country: 'BE', lat: 50.8798, lng: 4.7005 },
  { name: 'Mechelen', province: 'Antwerpen', country: 'BE', lat: 51.0259, lng: 4.4776 },
  { name: 'Hasselt', province: 'Limburg', country: 'BE', lat: 50.9307, lng: 5.3325 },
  { name: 'Kortrijk', province: 'West-Vlaanderen', country: 'BE', lat: 50.828, lng: 3.2649 },
  { name: 'Oostende', province: 'West-Vlaanderen', country: 'BE', lat: 51.2154, lng: 2.9274 },
  { name: 'Aalst', province: 'Oost-Vlaanderen', country: 'BE', lat: 50.9378, lng: 4.041 },
  { name: 'Genk', province: 'Limburg', country: 'BE', lat: 50.965, lng: 5.5008 },
  { name: 'Sint-Niklaas', province: 'Oost-Vlaanderen', country: 'BE', lat: 51.165, lng: 4.1437 },
  { name: 'Turnhout', province: 'Antwerpen', country: 'BE', lat: 51.3227, lng: 4.9447 },
];

/** Event venues, by kind; the city comes from the booking. */
export const venues: readonly string[] = [
  'Kasteel de Wittenburg',
  'Landgoed Zonheuvel',
  'Feestzaal De Schakel',
  'Boerderij De Hooiberg',
  'Strandpaviljoen Zuid',
  'Hotel Het Wapen',
  'Orangerie Elswout',
  'Kantoor aan de Zuidas',
  'Brouwerij De Molen',
  'Zaal Concordia',
  'Theehuis aan het water',
  'Kasteelhoeve Groot Buggenum',
  'Pakhuis De Zwijger',
  'Parochiezaal Sint-Jan',
  'Tuin van de familie',
  'Sportkantine VV De Zwaluwen',
  'Restaurant De Watermolen',
  'Loods 6',
  'Het Oude Raadhuis',
  'Hof ter Linden',
];
