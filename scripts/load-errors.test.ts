// Every screen of the storefront and the artist portal (and the shared screens both use) whose data can fail to load says so with
// the one shared LoadError (@podium/shared/ui/LoadState), and each of those sentences is listed
// here as a person reads it: the subject and its verb agree ('De boeking kon…', 'Je boekingen
// konden…'), never 'Je gesprekken konden konden…' from a subject that carried its own verb. A new
// screen with a failure state adds its sentence below, where a reviewer reads it.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadFailedSentence } from '../shared/src/dutch.ts';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

function screens(folder: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name)) files.push(full);
    }
  };
  walk(path.join(root, folder, 'src'));
  return files;
}

const usage = /<LoadError\b([\s\S]*?)\/>/g;
const subjectOf = /subject=(?:"([^"]*)"|\{`([^`]*)`\})/;
const pluralOf = /plural=\{(true|false)\}/;

/** '<file>: <sentence>' for every LoadError the apps render (a template's `${name}` kept as written). */
function sentences(): string[] {
  const found: string[] = [];
  for (const file of [...screens('storefront'), ...screens('artist-portal'), ...screens('shared')]) {
    const text = readFileSync(file, 'utf8');
    for (const [, attributes] of text.matchAll(usage)) {
      const subject = subjectOf.exec(attributes!);
      const plural = pluralOf.exec(attributes!);
      const where = path.relative(root, file);
      if (!subject || !plural) throw new Error(`${where}: a LoadError without subject="…" and plural={…}: ${attributes}`);
      found.push(`${where}: ${loadFailedSentence(subject[1] ?? subject[2]!, plural[1] === 'true')}`);
    }
  }
  return found.sort();
}

describe('what a screen says when its data could not be loaded', () => {
  it('is one sentence per failure state, as a person reads it', () => {
    expect(sentences()).toEqual([
      'artist-portal/src/bookings/BookingsPage.tsx: De boeking kon niet worden geladen',
      'artist-portal/src/bookings/BookingsPage.tsx: Je boekingen konden niet worden geladen',
      'artist-portal/src/dashboard/ListingPage.tsx: Je profiel kon niet worden geladen',
      'artist-portal/src/dashboard/OverviewPage.tsx: Je overzicht kon niet worden geladen',
      'artist-portal/src/onboarding/OnboardingPage.tsx: Je aanmelding kon niet worden geladen',
      'artist-portal/src/payouts/PayoutsPage.tsx: Je act kon niet worden geladen',
      'artist-portal/src/payouts/PayoutsPage.tsx: Je uitbetalingen konden niet worden geladen',
      'artist-portal/src/reviews/ReviewsPage.tsx: Je reviews konden niet worden geladen',
      'shared/src/chat/MessageThread.tsx: Dit gesprek kon niet worden geladen',
      'shared/src/chat/MessagesView.tsx: Je gesprekken konden niet worden geladen',
      'storefront/src/booking-request/BookingRequestPage.tsx: De gegevens van deze artiest konden niet worden geladen',
      'storefront/src/booking-request/BookingRequestPage.tsx: De prijzen konden niet worden geladen',
      'storefront/src/bookings/BookingsPage.tsx: De boeking kon niet worden geladen',
      'storefront/src/bookings/BookingsPage.tsx: Je boekingen konden niet worden geladen',
      'storefront/src/checkout/CheckoutPage.tsx: De boeking kon niet worden geladen',
      'storefront/src/checkout/CheckoutSuccessPage.tsx: Je betaling kon niet worden geladen',
      'storefront/src/pages/LandingPage.tsx: De artiesten konden niet worden geladen',
      'storefront/src/pages/news/NewsArticlePage.tsx: Dit artikel en zijn gegevens konden niet worden geladen',
      'storefront/src/pages/news/NewsListPage.tsx: De nieuwsberichten konden niet worden geladen',
      'storefront/src/profile/CompleteProfilePage.tsx: Je gegevens konden niet worden geladen',
      'storefront/src/profile/ProfileEditPage.tsx: Je gegevens konden niet worden geladen',
      'storefront/src/profile/ProfilePage.tsx: Je boekingen konden niet worden geladen',
      'storefront/src/profile/ProfilePage.tsx: Je gegevens konden niet worden geladen',
      'storefront/src/referral/BandsDashboardPage.tsx: De regels konden niet worden geladen',
      'storefront/src/referral/BandsDashboardPage.tsx: Je tegoed kon niet worden geladen',
      'storefront/src/referral/InvitedPeople.tsx: De mensen die je uitnodigde konden niet worden geladen',
      "storefront/src/referral/Leaderboards.tsx: De ranglijst '${title}' kon niet worden geladen",
      'storefront/src/referral/TransactionList.tsx: Je transacties konden niet worden geladen',
      'storefront/src/reviews/MyReviewsPage.tsx: Je reviews konden niet worden geladen',
      'storefront/src/reviews/ReviewArtistPage.tsx: Je boekingen konden niet worden geladen',
      'storefront/src/reviews/ReviewBookingPage.tsx: De boeking kon niet worden geladen',
      'storefront/src/reviews/ReviewBookingPage.tsx: Je boekingen konden niet worden geladen',
    ]);
  });

  it('comes from the one shared LoadError: no app defines its own', () => {
    const own = [...screens('storefront'), ...screens('artist-portal')].filter((file) => /function LoadError\b/.test(readFileSync(file, 'utf8')));
    expect(own.map((file) => path.relative(root, file))).toEqual([]);
  });
});
