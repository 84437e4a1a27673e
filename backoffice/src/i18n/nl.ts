// The back office's texts: react-admin's own (ra-nl.ts) and the names of our resources and fields.
import type { TranslationMessages } from 'react-admin';
import { raDutchMessages } from './ra-nl.ts';

export const dutchMessages: TranslationMessages = {
  ...raDutchMessages,
  resources: {
    approvals: {
      name: 'Goedkeuring |||| Goedkeuringen',
      fields: { name: 'Artiest', owner_name: 'Aangemeld door', owner_email: 'E-mail', city: 'Plaats', categories: 'Categorieën', genre: 'Genre', created_at: 'Aangemeld op', base_price_cents: 'Basisprijs', review_kind: 'Soort', review_requested_at: 'Ingediend op' },
    },
    artists: {
      name: 'Artiest |||| Artiesten',
      fields: {
        name: 'Naam', slug: 'Slug', genre: 'Genre', city: 'Plaats', categories: 'Categorieën', bio: 'Beschrijving',
        base_price_cents: 'Basisprijs (centen)', travel_radius_km: 'Reisafstand (km)', website_url: 'Website',
        approval_status: 'Status', rejection_reason: 'Reden van afwijzing', priority: 'Prioriteit', rating_avg: 'Beoordeling',
        review_count: 'Reviews', owner_name: 'Eigenaar', owner_email: 'E-mail eigenaar', deleted_at: 'Verwijderd op',
        is_deleted: 'Verwijderd', created_at: 'Aangemeld op', updated_at: 'Gewijzigd op', category: 'Categorie', q: 'Zoeken',
      },
    },
    bookings: {
      name: 'Boeking |||| Boekingen',
      fields: {
        reference: 'Boekingsnummer', status: 'Status', starts_at: 'Datum optreden', customer_name: 'Klant', customer_email: 'E-mail klant',
        customer_phone: 'Telefoon klant', artist_name: 'Artiest', total_cents: 'Totaal', price_cents: 'Prijs artiest',
        platform_fee_cents: 'Servicekosten', bands_applied_cents: 'BANDS gebruikt', event_type: 'Soort feest', event_location: 'Locatie',
        guest_count: 'Gasten', notes: 'Opmerkingen', created_at: 'Aangevraagd op', status_reason: 'Reden', cancelled_by: 'Geannuleerd door',
        q: 'Zoeken', from: 'Vanaf datum', to: 'Tot datum',
      },
    },
    news: {
      name: 'Nieuwsartikel |||| Nieuws',
      fields: { title: 'Titel', slug: 'Slug', excerpt: 'Samenvatting', body: 'Tekst', cover_path: 'Omslagfoto', status: 'Status', published_at: 'Gepubliceerd op', updated_at: 'Gewijzigd op', q: 'Zoeken' },
    },
    'audit-log': {
      name: 'Auditlog |||| Auditlog',
      fields: { created_at: 'Tijdstip', actor_name: 'Beheerder', action: 'Actie', table_name: 'Tabel', record_id: 'Record', details: 'Wijzigingen', q: 'Zoeken' },
    },
  },
};
