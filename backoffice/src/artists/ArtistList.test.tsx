import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeDataProvider, renderScreen } from '../test/render.tsx';
import { ArtistList } from './ArtistList.tsx';

const artists = [
  {
    id: 'a1',
    name: 'De Feestneuzen',
    city: 'Utrecht',
    categories: ['bands', 'huwelijk'],
    approval_status: 'approved',
    priority: 20,
    rating_avg: 4.5,
    owner_email: 'piet@example.nl',
    created_at: '2026-11-01T10:00:00Z',
    deleted_at: null,
  },
  {
    id: 'a2',
    name: 'Oude Act',
    city: 'Gent',
    categories: ['acts'],
    approval_status: 'approved',
    priority: 0,
    rating_avg: 0,
    owner_email: 'oud@example.nl',
    created_at: '2026-10-01T10:00:00Z',
    deleted_at: '2026-11-10T10:00:00Z',
  },
];

describe('the artists grid', () => {
  it('shows status and categories in Dutch and filters out deleted artists by default', async () => {
    const dataProvider = fakeDataProvider({ artists });
    renderScreen(<ArtistList />, { resource: 'artists', dataProvider });
    const row = (await screen.findByText('De Feestneuzen')).closest('tr')!;
    expect(within(row).getByText('Goedgekeurd')).toBeInTheDocument();
    expect(within(row).getByText('Bands, Bruiloft')).toBeInTheDocument();
    expect(dataProvider.getList).toHaveBeenCalledWith('artists', expect.objectContaining({ filter: { is_deleted: false } }));
  });

  it('soft-deletes after a confirmation, and restores', async () => {
    const dataProvider = fakeDataProvider({ artists });
    renderScreen(<ArtistList />, { resource: 'artists', dataProvider });
    const row = (await screen.findByText('De Feestneuzen')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Verwijderen' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Verwijderen' }));
    await vi.waitFor(() => expect(dataProvider.update).toHaveBeenCalledWith('artists', expect.objectContaining({ id: 'a1', data: { deleted_at: expect.any(String) } })));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const deleted = screen.getByText('Oude Act').closest('tr')!;
    expect(within(deleted).getByText('Verwijderd')).toBeInTheDocument();
    await userEvent.click(within(deleted).getByRole('button', { name: 'Terugzetten' }));
    await vi.waitFor(() => expect(dataProvider.update).toHaveBeenCalledWith('artists', expect.objectContaining({ id: 'a2', data: { deleted_at: null } })));
  });
});
