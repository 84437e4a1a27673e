// 'Berichten' (/messages, SPEC 2.1): the shared chat screens with the storefront's client and links.
import { Text } from '@chakra-ui/react';
import { ChatServicesContext } from '@podium/shared/chat/chat-services.tsx';
import { MessagesView } from '@podium/shared/chat/MessagesView.tsx';
import { Link } from 'react-router';
import { PageMeta } from '../seo/PageMeta.tsx';
import { useStorefrontChat } from './chat-services.ts';

export default function MessagesPage() {
  const services = useStorefrontChat();
  return (
    <ChatServicesContext value={services}>
      <PageMeta title="Berichten" description="Je gesprekken met artiesten en klanten op Podium." path="/messages" noindex />
      <MessagesView
        phoneThreadHeight="calc(100dvh - 9.5rem)"
        empty={
          <>
            <Text color="fg.muted">Stuur een artiest een bericht vanaf zijn pagina, bijvoorbeeld om je datum en wensen te bespreken.</Text>
            <Link to="/artiesten">
              <Text as="span" color="brand.700" fontWeight="600" textDecoration="underline">
                Artiesten bekijken
              </Text>
            </Link>
          </>
        }
      />
    </ChatServicesContext>
  );
}
