// Podium's colours as plain values, the one place they are defined: the storefront's and the
// artist portal's Chakra system (theme-system.ts) and the back office's MUI theme both read them.
// No Chakra here, so the back office takes the colours without the design system.

/** Terracotta: warm and confident, the colour of stage lights on brick. */
export const brand = {
  50: '#fff5ef',
  100: '#ffe6d7',
  200: '#fcc8a8',
  300: '#f7a274',
  400: '#ef7a45',
  500: '#e05d26',
  600: '#c2471a',
  700: '#9f3817',
  800: '#7f2f19',
  900: '#672917',
  950: '#3a1209',
} as const;

/** Deep aubergine-ink for text and the dark surfaces: trustworthy without being cold. */
export const ink = {
  50: '#f7f5f8',
  100: '#eeeaf0',
  200: '#dcd3e0',
  300: '#bfb0c6',
  400: '#9b86a5',
  500: '#7d6788',
  600: '#65526f',
  700: '#53435b',
  800: '#3a2f40',
  900: '#251d2a',
  950: '#150f19',
} as const;

/** The cream page background and its deeper steps, a card's white, and the warm hairline between things. */
export const surface = {
  page: '#fffaf6',
  subtle: '#fbf3ec',
  muted: '#f5ebe2',
  panel: '#ffffff',
  border: '#eadfd6',
} as const;

/**
 * The error red (Chakra's red.700, which the storefront's fg.error names): on the cream
 * background it reads at 4.5:1 and more. theme-colors.test.ts keeps it equal to Chakra's.
 */
export const errorRed = '#991919';
