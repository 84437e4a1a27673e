// Site facts (SPEC 1: contact details in the footer and the floating contact button; the review
// widget in the footer), in one place with environment overrides (env.ts).
import { company } from '../../supabase/functions/_shared/company.ts';
import { env } from './env.ts';

export const site = {
  name: 'Podium',
  tagline: 'Live artiesten voor jouw feest',
  /** The public origin for canonical links, Open Graph and the sitemap (VITE_SITE_URL in production builds). */
  url: env.siteUrl ?? (typeof window === 'undefined' ? 'http://localhost:3000' : window.location.origin),
  /** Link previews of pages without an image of their own (public/og-image.png, 1200 x 630). */
  defaultShareImage: '/og-image.png',
  phone: env.contactPhone ?? company.phone,
  email: env.contactEmail ?? company.email,
  address: company.address,
  kvk: company.kvk,
  vatNumber: company.vatNumber,
  reviewWidget: { id: env.reviewWidgetId, locale: 'nl-NL' },
} as const;
