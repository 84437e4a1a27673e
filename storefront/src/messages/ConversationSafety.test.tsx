// 'Melden' and 'Blokkeren' as a person in a thread meets them: the artist sees both, the customer
// only 'Melden'; blocking asks first; a report needs a reason from the list and sends it with the
// words typed; the blocked thread shows who can do what. The calls themselves are tested against
// the stack in src/data/messages.integration.test.ts; here they are recorded.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { BlockedNote, SafetyActions } from './ConversationSafety.tsx';

const calls = vi.hoisted(() => ({ blocked: [] as boolean[], reports: [] as unknown[] }));
vi.mock('../data/private-query.ts', () => ({ loadPrivateClient: async () => ({}) }));
vi.mock('../data/messages.ts', () => ({
  conversationBlockQuery: (conversationId: string) => ({ queryKey: ['chat', 'blocked', conversationId] }),
  setConversationBlocked: async (_client: unknown, _conversationId: string, blocked: boolean) => {
    calls.blocked.push(blocked);
  },
  reportConversation: async (_client: unknown, report: unknown) => {
    calls.reports.push(report);
  },
}));

const renderInApp = (ui: ReactElement) => renderWithApp(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);

beforeEach(() => {
  calls.blocked = [];
  calls.reports = [];
});

describe('the safety actions of a thread', () => {
  it("offers the customer only 'Melden'", () => {
    renderInApp(<SafetyActions conversationId="c1" myRole="customer" otherName="De Dijkbrekers" blocked={false} />);
    expect(screen.getByRole('button', { name: 'Melden' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Blokkeren' })).toBeNull();
  });

  it('blocks only after the artist confirms', async () => {
    const user = userEvent.setup();
    renderInApp(<SafetyActions conversationId="c1" myRole="artist" otherName="Kees Klant" blocked={false} />);
    await user.click(screen.getByRole('button', { name: 'Blokkeren' }));
    expect(await screen.findByText('Kees Klant blokkeren?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Annuleren' }));
    expect(calls.blocked).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Blokkeren' }));
    const dialog = await screen.findByTestId('block-dialog');
    await user.click(dialog.querySelector('button[type="submit"]')!);
    await waitFor(() => expect(calls.blocked).toEqual([true]));
  });

  it('asks for a reason before a report goes, then sends it with the words typed', async () => {
    const user = userEvent.setup();
    renderInApp(<SafetyActions conversationId="c1" myRole="artist" otherName="Kees Klant" blocked={false} />);
    await user.click(screen.getByRole('button', { name: 'Melden' }));
    await user.click(await screen.findByRole('button', { name: 'Melding versturen' }));
    expect(await screen.findByText('Kies een reden voor je melding.')).toBeInTheDocument();
    expect(calls.reports).toEqual([]);
    await user.selectOptions(screen.getByLabelText('Reden'), 'Spam of reclame');
    await user.type(screen.getByLabelText('Toelichting (niet verplicht)'), 'Stuurt iedereen reclame.');
    await user.click(screen.getByRole('button', { name: 'Melding versturen' }));
    await waitFor(() => expect(calls.reports).toEqual([{ conversationId: 'c1', reason: 'spam', details: 'Stuurt iedereen reclame.' }]));
  });
});

describe('a blocked thread', () => {
  it('tells the artist they can let the customer back in, and the customer that they cannot write', async () => {
    const user = userEvent.setup();
    const { unmount } = renderInApp(<BlockedNote conversationId="c1" myRole="artist" otherName="Kees Klant" />);
    expect(screen.getByText('Je hebt Kees Klant geblokkeerd. Jullie kunnen elkaar geen berichten meer sturen.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Deblokkeren' }));
    await waitFor(() => expect(calls.blocked).toEqual([false]));
    unmount();
    renderInApp(<BlockedNote conversationId="c1" myRole="customer" otherName="De Dijkbrekers" />);
    expect(screen.getByText('Je kunt De Dijkbrekers geen berichten meer sturen.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deblokkeren' })).toBeNull();
  });
});
