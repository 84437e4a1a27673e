// 'Berichten' in the portal (/dashboard/artist/berichten): the storefront's conversations and
// threads (shared/src/chat), so an artist answers customers without leaving the portal.
import { Text } from '@chakra-ui/react';
import { ChatServicesContext, type ChatServices } from '@podium/shared/chat/chat-services.tsx';
import { MessagesView } from '@podium/shared/chat/MessagesView.tsx';
import { useEffect, useMemo } from 'react';
import { env } from '../env.ts';
import { portalMessagesPath, portalOwns } from '../portal/links.ts';
import { useUserId } from '../data/artist.ts';
import { portalClient } from '../app/client.ts';

export function MessagesPage() {
  const me = useUserId() ?? '';
  const services = useMemo<ChatServices>(() => ({ loadClient: portalClient, me, storageUrl: env.supabaseUrl, messagesPath: portalMessagesPath, ownsPath: portalOwns }), [me]);
  useEffect(() => {
    document.title = 'Berichten · Podium Artiestenportaal';
  }, []);
  return (
    <ChatServicesContext value={services}>
      <MessagesView phoneThreadHeight="calc(100dvh - 7.5rem)" empty={<Text color="fg.muted">Stuurt een klant je een bericht of een aanvraag, dan lees en beantwoord je het hier.</Text>} />
    </ChatServicesContext>
  );
}
