import { describe, expect, it } from 'vitest';
import { withProposal, type OwnAct, type OwnMedia, type OwnPackage } from './listing.ts';

const act: OwnAct = {
  id: 'a1',
  name: 'De Dijkbrekers',
  slug: 'de-dijkbrekers',
  genre: 'Rock',
  categories: ['bands'],
  bio: 'Oud.',
  place_id: 1,
  city: 'Delft',
  travel_radius_km: 50,
  cover_path: 'a1/cover.jpg',
  website_url: null,
  approval_status: 'approved',
  rejection_reason: null,
  submitted_at: null,
  rating_avg: 0,
  review_count: 0,
};
const packages: OwnPackage[] = [
  { id: 'k1', name: 'Feestavond', description: 'Drie sets', price_cents: 150000, duration_minutes: 180, sort_order: 0, pending_review: false },
  { id: 'k2', name: 'Receptie', description: '', price_cents: 50000, duration_minutes: 120, sort_order: 1, pending_review: true },
];
const media: OwnMedia[] = [{ id: 'm1', kind: 'image', storage_path: 'a1/foto.jpg', external_url: null, caption: 'Live', sort_order: 0, pending_review: false }];

describe("an approved act's proposal", () => {
  it('shows the owner what they wrote and counts what waits: fields, packages (new or changed) and captions', () => {
    const changes = { genre: 'Soul', packages: { k1: { name: 'Feestavond XL', description: 'Vier sets' } }, captions: { m1: 'Op Pinkpop' } };
    const proposal = withProposal(act, { changes, rejection_reason: null }, media, packages);
    expect(proposal.act.genre).toBe('Soul');
    expect(proposal.packages[0]).toMatchObject({ name: 'Feestavond XL', description: 'Vier sets', text_pending: true });
    expect(proposal.media[0]).toMatchObject({ caption: 'Op Pinkpop', caption_pending: true });
    expect(proposal.review).toMatchObject({ fields: ['genre'], newMedia: 0, packages: 2, captions: 1, rejectionReason: null, live: { genre: 'Rock' } });
  });

  it('has nothing to say when nothing waits, and tells why the last change was refused', () => {
    const reviewed = packages.map((pkg) => ({ ...pkg, pending_review: false }));
    expect(withProposal(act, null, media, reviewed).review).toBeNull();
    expect(withProposal(act, { changes: {}, rejection_reason: 'Geen telefoonnummers.' }, media, reviewed).review).toMatchObject({ rejectionReason: 'Geen telefoonnummers.', packages: 0 });
  });
});
