import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeDataProvider, renderScreen } from '../test/render.tsx';
import { ApprovalList } from './ApprovalList.tsx';
import { changedPart } from './ChangesDiff.tsx';

const pending = [
  {
    id: 'a1',
    name: 'De Feestneuzen',
    owner_name: 'Piet Jansen',
    owner_email: 'piet@example.nl',
    city: 'Utrecht',
    categories: ['live-muziek', 'huwelijk'],
    base_price_cents: 150000,
    bio: 'Feestband uit Utrecht.',
    genre: 'pop',
    created_at: '2026-11-01T10:00:00Z',
  },
  {
    id: 'a3',
    name: 'De Dijkbrekers',
    review_kind: 'changes',
    pending_changes: { name: 'De Nieuwe Dijkbrekers', bio: 'Nieuwe tekst.' },
    owner_name: 'Anna Artiest',
    owner_email: 'anna@example.nl',
    city: 'Delft',
    categories: ['bands'],
    base_price_cents: 200000,
    bio: 'Oude tekst.',
    genre: 'rock',
    created_at: '2026-10-01T10:00:00Z',
  },
  {
    id: 'a2',
    name: 'DJ Zon',
    owner_name: 'Zoë Zon',
    owner_email: 'zoe@example.nl',
    city: 'Gent',
    categories: ['dj'],
    base_price_cents: 60000,
    bio: '',
    genre: 'house',
    created_at: '2026-11-02T10:00:00Z',
  },
];

describe('the approvals queue', () => {
  it('lists the artists awaiting approval with their owner and price', async () => {
    renderScreen(<ApprovalList />, { resource: 'approvals', dataProvider: fakeDataProvider({ approvals: pending }) });
    const row = (await screen.findByText('De Feestneuzen')).closest('tr')!;
    expect(within(row).getByText('piet@example.nl')).toBeInTheDocument();
    expect(within(row).getByText('€ 1.500,00')).toBeInTheDocument();
    // Categories read as their Dutch names, never as the codes the database holds.
    expect(within(row).getByText('Live muziek, Bruiloft')).toBeInTheDocument();
    expect(screen.getByText('DJ Zon')).toBeInTheDocument();
  });

  it('shows the full profile and approves from it', async () => {
    const dataProvider = fakeDataProvider({ approvals: pending });
    renderScreen(<ApprovalList />, { resource: 'approvals', dataProvider });
    await userEvent.click(await screen.findByText('De Feestneuzen'));
    const preview = await screen.findByTestId('artist-preview');
    expect(within(preview).getByText('Feestband uit Utrecht.')).toBeInTheDocument();
    await userEvent.click(within(preview).getByRole('button', { name: 'Goedkeuren' }));
    expect(dataProvider.reviewArtists).toHaveBeenCalledWith(['a1'], 'approved', undefined);
    expect(await screen.findByText('Artiest goedgekeurd; de artiest krijgt een e-mail.')).toBeInTheDocument();
  });

  it("shows an approved act's changes beside what is online, and rejects only the changes", async () => {
    const dataProvider = fakeDataProvider({ approvals: pending });
    renderScreen(<ApprovalList />, { resource: 'approvals', dataProvider });
    const row = (await screen.findByText('De Dijkbrekers')).closest('tr')!;
    expect(within(row).getByText('Wijziging')).toBeInTheDocument();
    await userEvent.click(within(row).getByText('De Dijkbrekers'));
    const diff = await screen.findByTestId('changes-diff');
    const cells = (field: string) => within(within(diff).getByRole('rowheader', { name: field }).closest('tr')!).getAllByRole('cell');
    const [nameNow, nameProposed] = cells('Naam');
    expect(nameNow).toHaveTextContent(/^De Dijkbrekers$/);
    expect(nameProposed).toHaveTextContent(/^De Nieuwe Dijkbrekers$/);
    // What is new is marked.
    expect(nameProposed!.querySelector('ins')).toHaveTextContent('Nieuwe');
    const [bioNow, bioProposed] = cells('Beschrijving');
    expect(bioNow).toHaveTextContent(/^Oude tekst\.$/);
    expect(bioProposed).toHaveTextContent(/^Nieuwe tekst\.$/);
    const preview = screen.getByTestId('artist-preview');
    await userEvent.click(within(preview).getByRole('button', { name: 'Afwijzen' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Wijziging afwijzen')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Reden van afwijzing'), 'Geen telefoonnummer in de tekst');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Afwijzen' }));
    expect(dataProvider.reviewArtists).toHaveBeenCalledWith(['a3'], 'rejected', 'Geen telefoonnummer in de tekst');
    expect(await screen.findByText('Wijziging afgewezen; de artiest krijgt een e-mail.')).toBeInTheDocument();
  });

  it('shows changed genres, package texts and captions, and new packages, beside what is online', async () => {
    const changed = {
      ...pending[1]!,
      pending_changes: { genre: 'soul', packages: { k1: { name: 'Feestavond XL', description: 'Drie sets' } }, captions: { m1: 'Op Pinkpop' } },
    };
    const dataProvider = fakeDataProvider({
      approvals: [changed],
      artist_packages: [
        { id: 'k1', name: 'Feestavond', description: 'Drie sets', price_cents: 150000, duration_minutes: 180, pending_review: false },
        { id: 'k2', name: 'Receptie', description: 'Akoestisch, twee uur', price_cents: 50000, duration_minutes: 120, pending_review: true },
      ],
      artist_media: [{ id: 'm1', kind: 'image', storage_path: 'a3/foto.jpg', caption: 'Live', pending_review: false }],
    });
    renderScreen(<ApprovalList />, { resource: 'approvals', dataProvider });
    await userEvent.click(await screen.findByText('De Dijkbrekers'));
    const diff = await screen.findByTestId('changes-diff');
    const cells = (field: string) => within(within(diff).getByRole('rowheader', { name: field }).closest('tr')!).getAllByRole('cell');
    expect(cells('Genres').map((cell) => cell.textContent)).toEqual(['rock', 'soul']);
    expect(cells('Pakket Feestavond: naam').map((cell) => cell.textContent)).toEqual(['Feestavond', 'Feestavond XL']);
    // An unchanged description is not listed.
    expect(within(diff).queryByRole('rowheader', { name: 'Pakket Feestavond: beschrijving' })).toBeNull();
    expect(cells('Bijschrift van een foto').map((cell) => cell.textContent)).toEqual(['Live', 'Op Pinkpop']);
    expect(within(diff).getByTestId('new-package')).toHaveTextContent('ReceptieAkoestisch, twee uur');
  });

  it('rejects only with a reason', async () => {
    const dataProvider = fakeDataProvider({ approvals: pending });
    renderScreen(<ApprovalList />, { resource: 'approvals', dataProvider });
    const row = (await screen.findByText('DJ Zon')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Afwijzen' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Afwijzen' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Reden van afwijzing'), 'Geen foto’s');
    await userEvent.click(confirm);
    expect(dataProvider.reviewArtists).toHaveBeenCalledWith(['a2'], 'rejected', 'Geen foto’s');
  });

  it('approves the selected artists in bulk', async () => {
    const dataProvider = fakeDataProvider({ approvals: pending });
    renderScreen(<ApprovalList />, { resource: 'approvals', dataProvider });
    for (const name of ['De Feestneuzen', 'DJ Zon']) {
      await userEvent.click(within((await screen.findByText(name)).closest('tr')!).getByRole('checkbox'));
    }
    await userEvent.click(screen.getByRole('button', { name: 'Selectie goedkeuren' }));
    expect(dataProvider.reviewArtists).toHaveBeenCalledWith(['a1', 'a2'], 'approved', undefined);
    expect(await screen.findByText('2 artiesten goedgekeurd; de artiesten krijgen een e-mail.')).toBeInTheDocument();
  });

  it('tells the admin when a mail could not be sent', async () => {
    const dataProvider = fakeDataProvider({ approvals: pending }, { reviewArtists: async (ids) => ({ reviewed: ids.map(String), mailed: 0, failed: [{ artistId: 'a1', error: 'x' }] }) });
    renderScreen(<ApprovalList />, { resource: 'approvals', dataProvider });
    const row = (await screen.findByText('De Feestneuzen')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Goedkeuren' }));
    expect(await screen.findByText('Artiest goedgekeurd, maar 1 e-mail(s) konden niet worden verstuurd.')).toBeInTheDocument();
  });
});

describe('what changed in a text', () => {
  it.each([
    ['Oude tekst.', 'Oude tekst. Met blazers.', { start: 11, end: 24 }],
    ['Wij spelen pop.', 'Wij spelen soul.', { start: 11, end: 15 }],
    ['Hetzelfde', 'Hetzelfde', { start: 9, end: 9 }],
    ['', 'Nieuw', { start: 0, end: 5 }],
    ['aaa', 'aa', { start: 2, end: 2 }],
  ])('%j → %j marks %o of the new text', (before, after, part) => {
    expect(changedPart(before, after)).toEqual(part);
  });
});
