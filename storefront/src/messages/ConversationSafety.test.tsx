// 'Melden' and 'Blokkeren' as a person in a thread meets them: the artist sees both, the customer
// only 'Melden'; blocking asks first; a report needs a reason from the list and sends it with the
// words typed; the blocked thread shows who can do what. The calls themselves are tested against
// the stack in src/data/messages.integration.test.ts; here a client records them.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { ChatServicesContext, type ChatClient, type ChatServices } from '@podium/shared/chat/chat-services.tsx';
import { BlockedNote, SafetyActions } from '@podium/shared/chat/ConversationSafety.tsx';

const calls = { rpc: [] as { name: string; args: unknown }[] };
// The signed-in client as far as these actions use it: it records each call and answers as the server does when it agrees.
const client = {
  rpc: async (name: string, args: unknown) => {
    calls.rpc.push({ name, args });
    return { data: null, error: null };
  },
} as unknown as ChatClient;
const services: ChatServices = { loadClient: async () => client, me: 'me', storageUrl: 'http://127.0.0.1:54321', messagesPath: '/messages', ownsPath: () => true };

const renderInApp = (ui: ReactElement) =>
  renderWithApp(
    <ChatServicesContext value={services}>
      <QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>
    </ChatServicesContext>,
  );

beforeEach(() => {
  calls.rpc = [];
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
    expect(calls.rpc).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Blokkeren' }));
    const dialog = await screen.findByTestId('block-dialog');
    await user.click(dialog.querySelector('button[type="submit"]')!);
    await waitFor(() => expect(calls.rpc).toEqual([{ name: 'block_conversation', args: { conversation: 'c1' } }]));
  });

  it('asks for a reason before a report goes, then sends it with the words typed', async () => {
    const user = userEvent.setup();
    renderInApp(<SafetyActions conversationId="c1" myRole="artist" otherName="Kees Klant" blocked={false} />);
    await user.click(screen.getByRole('button', { name: 'Melden' }));
    await user.click(await screen.findByRole('button', { name: 'Melding versturen' }));
    expect(await screen.findByText('Kies een reden voor je melding.')).toBeInTheDocument();
    expect(calls.rpc).toEqual([]);
    await user.selectOptions(screen.getByLabelText('Reden'), 'Spam of reclame');
    await user.type(screen.getByLabelText('Toelichting (niet verplicht)'), 'Stuurt iedereen reclame.');
    await user.click(screen.getByRole('button', { name: 'Melding versturen' }));
    await waitFor(() => expect(calls.rpc).toEqual([{ name: 'report_conversation', args: { conversation: 'c1', reason: 'spam', details: 'Stuurt iedereen reclame.' } }]));
  });
});

describe('a blocked thread', () => {
  it('tells the artist they can let the customer back in, and the customer that they cannot write', async () => {
    const user = userEvent.setup();
    const { unmount } = renderInApp(<BlockedNote conversationId="c1" myRole="artist" otherName="Kees Klant" />);
    expect(screen.getByText('Je hebt Kees Klant geblokkeerd. Jullie kunnen elkaar geen berichten meer sturen.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Deblokkeren' }));
    await waitFor(() => expect(calls.rpc).toEqual([{ name: 'unblock_conversation', args: { conversation: 'c1' } }]));
    unmount();
    renderInApp(<BlockedNote conversationId="c1" myRole="customer" otherName="De Dijkbrekers" />);
    expect(screen.getByText('Je kunt De Dijkbrekers geen berichten meer sturen.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deblokkeren' })).toBeNull();
  });
});
