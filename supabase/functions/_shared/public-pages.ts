// The storefront's public pages for crawlers: what sitemap.xml lists besides the news articles
// and the artists, and what robots.txt keeps crawlers out of. Pure; the storefront's tests check
// these lists against its own routes (storefront/src/pages/public-pages.test.ts).

/** Static pages of SPEC 2.1 under the main layout, home first. */
export const staticPaths = ['/', '/artiesten', '/news', '/sound-light', '/over-ons', '/contact', '/privacy', '/terms'] as const;

/** The eight landing pages of SPEC 2.1 ({product} is the band). */
export const landingPaths = [
  '/band-huren',
  '/dj-boeken',
  '/coverband-boeken',
  '/bruiloft-entertainment',
  '/bedrijfsfeest-entertainment',
  '/duo-boeken',
  '/artiest-boeken',
  '/live-muziek-boeken',
] as const;

/** Accounts, payments, back office and the artist portal: nothing there for a search engine. */
export const privatePrefixes = [
  '/admin',
  '/dashboard',
  '/artist-onboarding',
  '/bookings',
  '/booking/',
  '/checkout',
  '/messages',
  '/profile',
  '/complete-profile',
  '/favorites',
  '/referral-bands/',
  '/ref/',
  '/review',
  '/reviews/',
  '/auth/',
  '/verify-email',
  '/confirm-account',
  '/login',
  '/test-booking-flow',
  '/safari-debug-test',
] as const;
