// SPEC 2.12: the cookie banner, 1 s after load while no choice is stored: 'Alles accepteren',
// 'Alleen noodzakelijk', and the settings dialog (loaded on first use).
import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { scheduleCookieBanner } from '@podium/shared/consent';
import { messages } from '@podium/shared/messages';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { consentStore } from '../platform/consent.ts';
import { closeCookieSettings, cookieSettingsOpen, openCookieSettings } from '../platform/cookie-settings.ts';

const CookieSettingsDialog = lazy(() => import('./CookieSettingsDialog.tsx'));

export function CookieBanner() {
  const consent = useSyncExternalStore(consentStore.subscribe, consentStore.getSnapshot);
  const [shown, setShown] = useState(false);
  const settingsOpen = useSyncExternalStore(cookieSettingsOpen.subscribe, cookieSettingsOpen.getSnapshot, cookieSettingsOpen.getServerSnapshot);
  useEffect(() => scheduleCookieBanner(consentStore, () => setShown(true)), []);

  return (
    <>
      {shown && !consent && (
        <Box
          role="region"
          aria-label="Cookie-instellingen"
          data-testid="cookie-banner"
          position="fixed"
          insetX={{ base: '3', md: '6' }}
          bottom={{ base: '20', lg: '6' }}
          zIndex="banner"
          maxW="3xl"
          mx="auto"
          bg="white"
          rounded="2xl"
          borderWidth="1px"
          boxShadow="0 24px 60px -24px rgba(37, 29, 42, 0.5)"
          p={{ base: '4', md: '5' }}
        >
          <Flex direction={{ base: 'column', md: 'row' }} gap="4" align={{ md: 'center' }}>
            <Stack gap="1" flex="1">
              <Text fontWeight="800">Wij gebruiken cookies</Text>
              <Text fontSize="sm" color="fg.muted">
                Noodzakelijke cookies houden de site werkend. Met jouw toestemming meten we ook het gebruik (analytics) en tonen we relevante advertenties (marketing). Lees meer in ons{' '}
                <Link to="/privacy" style={{ textDecoration: 'underline' }}>
                  privacybeleid
                </Link>
                .
              </Text>
            </Stack>
            <Flex gap="2" direction={{ base: 'column', sm: 'row' }} flexShrink={0}>
              <Button variant="ghost" size="sm" onClick={openCookieSettings} onPointerEnter={() => void import('./CookieSettingsDialog.tsx')}>
                Instellingen
              </Button>
              <Button variant="outline" size="sm" rounded="full" onClick={consentStore.acceptNecessaryOnly}>
                {messages.labels.necessaryCookiesOnly}
              </Button>
              <Button colorPalette="brand" size="sm" rounded="full" onClick={consentStore.acceptAll}>
                {messages.labels.acceptAllCookies}
              </Button>
            </Flex>
          </Flex>
        </Box>
      )}
      {settingsOpen && (
        <Suspense fallback={null}>
          <CookieSettingsDialog onClose={closeCookieSettings} />
        </Suspense>
      )}
    </>
  );
}
