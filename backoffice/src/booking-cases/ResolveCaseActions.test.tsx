import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RecordContextProvider } from 'react-admin';
import { fakeDataProvider, renderScreen } from '../test/render.tsx';
import { ResolveCaseActions } from './ResolveCaseActions.tsx';

const openCase = {
  id: '5b2a6f0e-1111-4222-8333-944455556666',
  reference: '5B2A6F0E',
  status: 'open',
  price_cents: 150_000,
  paid_cents: 157_500,
  refunded_cents: 0,
  max_partial_refund_cents: 149_999,
};

function renderActions(resolveCase = vi.fn(async () => undefined)) {
  const dataProvider = fakeDataProvider({}, { resolveCase });
  renderScreen(
    <RecordContextProvider value={openCase}>
      <ResolveCaseActions />
    </RecordContextProvider>,
    { resource: 'booking-cases', dataProvider },
  );
  return resolveCase;
}

describe('resolving a case', () => {
  it('asks for a confirmation with what each side gets before paying the act in full', async () => {
    const resolveCase = renderActions();
    await userEvent.click(screen.getByRole('button', { name: 'Artiest volledig uitbetalen' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('De artiest krijgt € 1.500,00 uitbetaald; de klant krijgt niets terug.');
    expect(resolveCase).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bevestigen' }));
    expect(resolveCase).toHaveBeenCalledWith(openCase.id, 'pay_artist', 0, '');
  });

  it('checks a partial refund before sending it, then sends it in cents with the note', async () => {
    const resolveCase = renderActions();
    await userEvent.click(screen.getByRole('button', { name: 'Deels terugbetalen' }));
    const dialog = screen.getByRole('dialog');
    const amount = within(dialog).getByRole('textbox', { name: 'Bedrag terug naar de klant (€)' });
    await userEvent.type(amount, '1500');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bevestigen' }));
    expect(dialog).toHaveTextContent(/Kies een terugbetaling tussen € 0,01 en €\s1\.499,99\./);
    expect(resolveCase).not.toHaveBeenCalled();
    await userEvent.clear(amount);
    await userEvent.type(amount, '250,50');
    expect(dialog).toHaveTextContent(/De klant krijgt €\s250,50 terug; de artiest krijgt €\s1\.249,50 uitbetaald\./);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Toelichting (komt in de auditlog)' }), 'Half uur te laat');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bevestigen' }));
    expect(resolveCase).toHaveBeenCalledWith(openCase.id, 'partial_refund', 25_050, 'Half uur te laat');
  });

  it("shows the database's Dutch refusal and keeps the dialog open", async () => {
    const resolveCase = vi.fn(async () => {
      throw new Error('Kies een terugbetaling tussen € 0,01 en € 899,99.');
    });
    renderActions(resolveCase);
    await userEvent.click(screen.getByRole('button', { name: 'Deels terugbetalen' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Bedrag terug naar de klant (€)' }), '1000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bevestigen' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Kies een terugbetaling tussen € 0,01 en € 899,99.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('says a full refund gives back everything still paid', async () => {
    const resolveCase = renderActions();
    await userEvent.click(screen.getByRole('button', { name: 'Volledig terugbetalen' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent(/De klant krijgt €\s1\.575,00 terug \(alles wat nog betaald is\); de artiest krijgt niets\./);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bevestigen' }));
    expect(resolveCase).toHaveBeenCalledWith(openCase.id, 'full_refund', 0, '');
  });
});
