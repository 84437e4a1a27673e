// The links every Podium footer carries (SPEC 2.9), the storefront's and the artist portal's.
export const legalLinks = [
  { label: 'Privacybeleid', to: '/privacy' },
  { label: 'Algemene voorwaarden', to: '/terms' },
  { label: 'Contact', to: '/contact' },
  { label: 'Over ons', to: '/over-ons' },
] as const;

/** A phone number as a tel: link (digits and the leading +). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`;
