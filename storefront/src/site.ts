// Site facts (SPEC 1: contact details in the footer and the floating contact button; the review
// widget in the footer), in one place with environment overrides (env.ts).
import { env } from './env.ts';

export const site = {
  name: 'Podium',
  tagline: 'Live artiesten voor jouw feest',
  phone: env.contactPhone ?? '+31 20 123 45 67',
  email: env.contactEmail ?? 'info@podium.nl',
  address: ['Keizersgracht 123', '1015 CJ Amsterdam'],
  kvk: '12345678',
  reviewWidget: { id: env.reviewWidgetId, locale: 'nl-NL' },
} as const;

export const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`;
