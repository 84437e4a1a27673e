// The top of the BANDS dashboard: what inviting earns (app_config's amounts), the user's code and
// /ref/{code} link (the code made by generate-referral-code when they had none, SPEC 7.3; its
// failure shown as SPEC 8.6 says), and the ways to pass it on: copy, the device's share sheet
// where there is one (Web Share API), WhatsApp, and a QR code to scan or print.
import { Box, Button, chakra, Flex, Heading, HStack, Input, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import type { Profile } from '@podium/shared/session';
import { referralLink, referralShareText, whatsappShareUrl } from '@podium/shared/referral';
import { toast } from '@podium/shared/toast';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { SkeletonBlock } from '@podium/shared/ui/LoadState';
import { privateQueryOptions } from '../data/private-query.ts';
import { myReferralCodeQuery, type ReferralRules } from '../data/referral.ts';
import { CheckIcon, MessageIcon } from '@podium/shared/ui/icons';
import { CopyIcon, ShareIcon } from './referral-icons.tsx';
import { bandsEuros } from './bands-display.ts';

export function InvitePanel({ profile, rules }: { profile: Profile | undefined; rules: ReferralRules | undefined }) {
  const code = useQuery({ ...privateQueryOptions(myReferralCodeQuery()), ...(profile?.referral_code ? { initialData: profile.referral_code } : {}) });
  const welcome = rules?.welcomeBonusCents ? bandsEuros(rules.welcomeBonusCents) : null;
  const bonus = rules?.referralBonusCents ? bandsEuros(rules.referralBonusCents) : null;
  return (
    <Stack
      as="section"
      aria-labelledby="invite-heading"
      direction={{ base: 'column', md: 'row' }}
      gap={{ base: '6', md: '8' }}
      bg="white"
      borderWidth="1px"
      rounded="2xl"
      p={{ base: '5', md: '7' }}
      boxShadow="0 18px 48px -32px rgba(37, 29, 42, 0.4)"
      data-testid="invite-panel"
    >
      <Stack gap="5" flex="1" minW="0">
        <Stack gap="2">
          <Heading as="h2" id="invite-heading" fontSize={{ base: 'xl', md: '2xl' }} fontWeight="800" letterSpacing="-0.01em">
            {welcome && bonus ? `Geef ${welcome} korting, krijg ${bonus} aan BANDS` : 'Nodig vrienden uit voor Podium'}
          </Heading>
          <Text color="fg.muted">
            {welcome && bonus
              ? `Je vriend krijgt ${welcome} welkomstkorting op een boeking. Jij krijgt ${bonus} aan BANDS zodra het eerste optreden van je vriend heeft plaatsgevonden.`
              : 'Deel je persoonlijke link. Je vriend krijgt welkomstkorting op een boeking, jij krijgt BANDS na het eerste optreden.'}
          </Text>
        </Stack>
        {code.data ? <ShareTools code={code.data} welcome={welcome} /> : code.isError ? <CodeError message={code.error.message} onRetry={() => void code.refetch()} /> : <SkeletonBlock h="8rem" />}
      </Stack>
      {code.data && <QrCode link={referralLink(window.location.origin, code.data)} />}
    </Stack>
  );
}

function CodeError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Stack role="alert" gap="3" align="flex-start" bg="red.50" borderWidth="1px" borderColor="red.200" rounded="xl" p="4">
      <Text fontWeight="600">Je uitnodigingscode kon niet worden aangemaakt.</Text>
      <Text color="fg.muted" fontSize="sm">
        {message}
      </Text>
      <Button colorPalette="brand" rounded="full" size="sm" onClick={onRetry}>
        Opnieuw proberen
      </Button>
    </Stack>
  );
}

const canShare = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

function ShareTools({ code, welcome }: { code: string; welcome: string | null }) {
  const link = referralLink(window.location.origin, code);
  const text = referralShareText(link, welcome);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const [shareable] = useState(canShare);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      toast({ title: 'Link gekopieerd', description: 'Plak hem in een bericht aan je vrienden.' });
      setTimeout(() => setCopied(false), 3000);
    } catch {
      input.current?.select();
      toast({ title: 'Kopiëren lukte niet', description: 'De link is geselecteerd: kopieer hem zelf.', variant: 'destructive' });
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title: 'Podium', text });
    } catch {
      // Closed without sharing (AbortError), or the device refused: nothing to tell.
    }
  };

  return (
    <Stack gap="4">
      <HStack gap="3" align="baseline" flexWrap="wrap">
        <Text color="fg.muted" fontSize="sm">
          Je code
        </Text>
        <Text as="span" fontFamily="mono" fontSize="2xl" fontWeight="800" letterSpacing="0.08em" color="ink.900" data-testid="referral-code">
          {code}
        </Text>
      </HStack>
      <Stack gap="1.5">
        <chakra.label htmlFor={inputId} fontSize="sm" fontWeight="600">
          Je uitnodigingslink
        </chakra.label>
        <Flex gap="2" direction={{ base: 'column', sm: 'row' }}>
          <Input
            ref={input}
            id={inputId}
            value={link}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            rounded="full"
            bg="ink.50"
            fontFamily="mono"
            fontSize="sm"
            flex={{ base: 'none', sm: '1' }}
            minW="0"
            data-testid="referral-link"
          />
          <Button colorPalette="brand" rounded="full" onClick={() => void copy()} flexShrink="0">
            {copied ? <CheckIcon size={18} /> : <CopyIcon size={18} />}
            {copied ? 'Gekopieerd!' : 'Kopieer link'}
          </Button>
        </Flex>
        <Box srOnly aria-live="polite">
          {copied ? 'De link is gekopieerd.' : ''}
        </Box>
      </Stack>
      <HStack gap="2" flexWrap="wrap">
        {shareable && (
          <Button variant="outline" rounded="full" onClick={() => void share()}>
            <ShareIcon size={18} />
            Delen
          </Button>
        )}
        <Button asChild variant="outline" rounded="full">
          <a href={whatsappShareUrl(text)} target="_blank" rel="noopener noreferrer">
            <MessageIcon size={18} />
            Deel via WhatsApp
          </a>
        </Button>
      </HStack>
    </Stack>
  );
}

/** The link as a QR code, made by the qrcode library loaded with it (only on this page). */
function QrCode({ link }: { link: string }) {
  const qr = useQuery({
    queryKey: ['referral-qr', link],
    queryFn: async () => (await import('./qr-code.ts')).referralQrCode(link),
    staleTime: Infinity,
  });
  return (
    <Stack gap="2" align="center" flexShrink="0" alignSelf={{ base: 'center', md: 'flex-start' }} data-testid="referral-qr">
      <Box bg="white" borderWidth="1px" rounded="xl" p="2" w="11rem" h="11rem">
        {qr.data ? <img src={qr.data.svg} alt={`QR-code van je uitnodigingslink ${link}`} width={160} height={160} style={{ width: '100%', height: '100%' }} /> : <SkeletonBlock h="full" />}
      </Box>
      <Text fontSize="xs" color="fg.muted" textAlign="center" maxW="11rem">
        Laat je vriend de code scannen met de camera van de telefoon.
      </Text>
      {qr.data && (
        <ChakraLink href={qr.data.png} download="podium-uitnodiging.png" color="brand.700" fontWeight="600" fontSize="sm">
          Download QR-code
        </ChakraLink>
      )}
      {qr.isError && (
        <Text fontSize="sm" color="red.700">
          De QR-code kon niet worden gemaakt.
        </Text>
      )}
    </Stack>
  );
}
