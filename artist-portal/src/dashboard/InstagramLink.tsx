// Instagram in the listing editor: 'Instagram koppelen' leaves for Instagram's consent
// page (the local stack's sandbox in development) with a state kept in this tab; back here, via
// the storefront's /auth/instagram/callback, the answer is accepted only with that state and its
// code goes to the instagram-link edge function, which proves the account with the app secret and
// puts the handle on the public page. 'Ontkoppelen' takes it off again (unlink_artist_instagram).
import { Box, Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { instagramMessages, instagramProfileUrl, startInstagramLink, takeInstagramReturn } from '@podium/shared/instagram-link';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { instagramApp } from '../env.ts';
import { fetchHandle, finishLink, handleKey, unlinkInstagram } from '../data/instagram.ts';
import { AlertText } from '../portal/LoadState.tsx';

type Notice = { tone: 'success' | 'error'; text: string } | null;

export function InstagramLink({ actId }: { actId: string }) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const handle = useQuery({ queryKey: handleKey(actId), queryFn: () => fetchHandle(actId) });
  const [notice, setNotice] = useState<Notice>(null);
  const [leaving, setLeaving] = useState(false);

  const link = useMutation({
    mutationFn: finishLink,
    // A code is single use: never sent twice, whatever went wrong.
    retry: false,
    onSuccess: (linked) => {
      queryClient.setQueryData(handleKey(actId), linked);
      setNotice({ tone: 'success', text: instagramMessages.linked(linked) });
    },
    onError: (error) => setNotice({ tone: 'error', text: error.message }),
  });
  const unlink = useMutation({
    mutationFn: unlinkInstagram,
    onSuccess: () => {
      queryClient.setQueryData(handleKey(actId), null);
      setNotice({ tone: 'success', text: instagramMessages.unlinked });
    },
    onError: (error) => setNotice({ tone: 'error', text: `Ontkoppelen is niet gelukt: ${error.message}` }),
  });

  // Back from Instagram: the kept answer is taken once (a reload must not spend the code twice).
  const taken = useRef(false);
  const { mutate } = link;
  useEffect(() => {
    if (taken.current) return;
    taken.current = true;
    const verdict = takeInstagramReturn(window.sessionStorage);
    if (verdict.kind !== 'none') mutate(verdict);
  }, [mutate]);

  const start = () => {
    if (!instagramApp.clientId) return;
    setNotice(null);
    setLeaving(true);
    window.location.assign(startInstagramLink(window.sessionStorage, { authorizeUrl: instagramApp.authorizeUrl, clientId: instagramApp.clientId, origin: window.location.origin }));
  };

  const linked = handle.data ?? null;
  return (
    <Stack as="section" aria-labelledby={headingId} gap="3" borderTopWidth="1px" pt="5" mt="2" data-testid="instagram-link">
      <Text as="h2" id={headingId} fontWeight="800" fontSize="lg">
        Instagram
      </Text>
      {link.isPending ? (
        <Text role="status">Je Instagram-account wordt gekoppeld...</Text>
      ) : handle.isPending ? (
        <Box h="10" bg="ink.100" rounded="lg" aria-busy="true" />
      ) : handle.isError ? (
        <AlertText>Je Instagram-koppeling kon niet worden geladen.</AlertText>
      ) : linked ? (
        <HStack gap="3" wrap="wrap" justify="space-between">
          <Text>
            <Link href={instagramProfileUrl(linked)} target="_blank" rel="noopener noreferrer" fontWeight="700" color="brand.700">
              @{linked}
            </Link>{' '}
            gekoppeld
          </Text>
          <Button variant="outline" rounded="full" size="sm" loading={unlink.isPending} onClick={() => unlink.mutate()}>
            Ontkoppelen
          </Button>
        </HStack>
      ) : (
        <Stack gap="3" align="flex-start">
          <Text color="fg.muted" fontSize="sm">
            Koppel je Instagram-account, dan zien klanten je gebruikersnaam op je pagina en vinden ze je foto’s en video’s. Je logt in bij Instagram; Podium krijgt alleen je gebruikersnaam.
          </Text>
          {instagramApp.clientId ? (
            <Button colorPalette="brand" rounded="full" size="sm" loading={leaving} onClick={start}>
              Instagram koppelen
            </Button>
          ) : (
            <Text fontSize="sm">Instagram koppelen is op deze omgeving niet ingesteld.</Text>
          )}
        </Stack>
      )}
      <Box aria-live="polite">
        {notice &&
          (notice.tone === 'error' ? (
            <AlertText>{notice.text}</AlertText>
          ) : (
            <Text role="status" color="green.700" fontWeight="600">
              {notice.text}
            </Text>
          ))}
      </Box>
    </Stack>
  );
}
