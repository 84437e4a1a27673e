import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RecordContextProvider } from 'react-admin';
import { fakeDataProvider, renderScreen } from '../test/render.tsx';
import { BookingActions } from './BookingActions.tsx';
import { BookingList } from './BookingList.tsx';
import { BookingDetailsPanel } from './BookingShow.tsx';

const booking = {
  id: '7adadf7e-1234-4321-8888-0123456789ab',
  reference: '7ADADF7E',
  status: 'confirmed',
  starts_at: '2027-02-20T19:00:00Z',
  created_at: '2026-11-20T10:00:00Z',
  customer_id: 'c1',
  customer_name: 'Eva de Vries',
  customer_email: 'eva@example.nl',
  artist_id: 'ar1',
  artist_name: 'Jazz Duo Utrecht',
  price_cents: 150000,
  platform_fee_cents: 7500,
  bands_applied_cents: 0,
  total_cents: 157500,
};

describe('the bookings grid', () => {
  it('shows who booked whom, the status in Dutch and the total', async () => {
    renderScreen(<BookingList />, { resource: 'bookings', dataProvider: fakeDataProvider({ bookings: [booking] }) });
    const row = (await screen.findByText('eva@example.nl')).closest('tr')!;
    expect(within(row).getByText('Eva de Vries')).toBeInTheDocument();
    expect(within(row).getByText('Jazz Duo Utrecht')).toBeInTheDocument();
    expect(within(row).getByText('Bevestigd')).toBeInTheDocument();
    expect(within(row).getByText('€ 1.575,00')).toBeInTheDocument();
  });

  it('sends what support types in the one search box to the data provider', async () => {
    const dataProvider = fakeDataProvider({ bookings: [booking] });
    renderScreen(<BookingList />, { resource: 'bookings', dataProvider });
    await userEvent.type(await screen.findByPlaceholderText('Boekingsnummer, klant, e-mail, artiest, datum of status'), 'eva@example.nl');
    await vi.waitFor(() => expect(dataProvider.getList).toHaveBeenLastCalledWith('bookings', expect.objectContaining({ filter: { q: 'eva@example.nl' } })));
  });
});

describe('a booking page', () => {
  it('shows the timeline, the payments and the conversation', async () => {
    const dataProvider = fakeDataProvider(
      { bookings: [booking] },
      {
        bookingDetails: async () => ({
          events: [
            { id: 1, booking_id: booking.id, from_status: null, to_status: 'pending', actor: 'customer', actor_id: 'c1', reason: null, created_at: '2026-11-20T10:00:00Z' },
            { id: 2, booking_id: booking.id, from_status: 'pending', to_status: 'accepted', actor: 'artist', actor_id: 'x', reason: null, created_at: '2026-11-20T12:00:00Z' },
          ],
          payments: [
            {
              id: 'p1',
              booking_id: booking.id,
              provider: 'mollie',
              provider_payment_id: 'tr_abc',
              amount_cents: 157500,
              currency: 'EUR',
              status: 'paid',
              method: 'ideal',
              checkout_url: null,
              refunded_cents: 0,
              paid_at: '2026-11-21T09:00:00Z',
              created_at: '2026-11-21T08:59:00Z',
              updated_at: '2026-11-21T09:00:00Z',
            },
          ],
          messages: [{ id: 'm1', sender_id: 'c1', sender_name: 'Eva d.', message_text: 'Kunnen jullie om 20:00 beginnen?', created_at: '2026-11-20T11:00:00Z', is_read: true }],
        }),
      },
    );
    renderScreen(
      <RecordContextProvider value={booking}>
        <BookingDetailsPanel />
      </RecordContextProvider>,
      { resource: 'bookings', dataProvider },
    );
    const timeline = await screen.findByRole('list', { name: 'Tijdlijn' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Aangevraagd door klant'), expect.stringContaining('Geaccepteerd (was Aangevraagd) door artiest')]);
    expect(screen.getByText('tr_abc (ideal)')).toBeInTheDocument();
    expect(screen.getByText('Kunnen jullie om 20:00 beginnen?')).toBeInTheDocument();
    expect(screen.getByText(/Eva d\. \(klant\)/)).toBeInTheDocument();
    // Paid, so cancelling means a refund.
    expect(screen.getByRole('button', { name: 'Annuleren met terugbetaling' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Markeren als afgerond' })).toBeEnabled();
  });

  it('cancels through the transition with a reason, and says a refund follows', async () => {
    const dataProvider = fakeDataProvider({});
    const onDone = vi.fn();
    renderScreen(
      <RecordContextProvider value={booking}>
        <BookingActions paidCents={157500} onDone={onDone} />
      </RecordContextProvider>,
      { resource: 'bookings', dataProvider },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Annuleren met terugbetaling' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/De klant heeft € 1.575,00 betaald/)).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Boeking annuleren' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(/Reden/), 'Artiest ziek');
    await userEvent.click(confirm);
    expect(dataProvider.transitionBooking).toHaveBeenCalledWith(booking.id, 'cancelled', 'Artiest ziek');
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
  });

  it('offers only the moves the booking allows', () => {
    renderScreen(
      <RecordContextProvider value={{ ...booking, status: 'pending' }}>
        <BookingActions paidCents={0} onDone={vi.fn()} />
      </RecordContextProvider>,
      { resource: 'bookings', dataProvider: fakeDataProvider({}) },
    );
    expect(screen.getByRole('button', { name: 'Annuleren' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Markeren als afgerond' })).toBeDisabled();
  });
});
