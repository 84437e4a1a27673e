// The landing pages of SPEC 2.1; their texts live with the page (landing-texts.ts).

/** {product} in SPEC's '/{product}-huren' is the band. */
export const landingProduct = 'band';

export const landingPaths = [
  `/${landingProduct}-huren`,
  '/dj-boeken',
  '/coverband-boeken',
  '/bruiloft-entertainment',
  '/bedrijfsfeest-entertainment',
  '/duo-boeken',
  '/artiest-boeken',
  '/live-muziek-boeken',
] as const;
