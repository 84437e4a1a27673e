// 'Koppel je Mollie-account' (in the onboarding's payout step, the profile's payout tab and on
// 'Uitbetalingen'): Podium pays an act's gigs out to the act's own Mollie organization (Mollie
// Connect). The button leaves for Mollie's consent page (the payments sandbox locally) with a
// state kept in this tab; back here, through the mollie-connect function's callback and the
// portal's /dashboard/artist/mollie, the answer is accepted only with that state and its code goes
// to the mollie-connect function, which exchanges it with the app secret and stores the
// connection. Shown then: the organization and Mollie's onboarding status, with the link to finish
// it at Mollie, 'Status vernieuwen' (Mollie is asked again) and a way to connect another account.
import { Box, Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { mollieConnectMessages, onboardingStatusLabels, startMollieConnect, takeMollieReturn, type MollieConnection, type OnboardingStatus } from '@podium/shared/mollie-connect';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { mollieConnectApp } from '../env.ts';
import { AlertText } from '../portal/LoadState.tsx';
import { callConnect, connectionKey, fetchConnection, finishConnect } from '../data/payouts.ts';

type Notice = { tone: 'success' | 'error'; text: string } | null;

const statusColors: Record<OnboardingStatus, string> = { 'needs-data': 'orange.700', 'in-review': 'blue.700', completed: 'green.700' };

export function MollieConnect({ actId }: { actId: string }) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const connection = useQuery({ queryKey: connectionKey(actId), queryFn: () => fetchConnection(actId) });
  const [notice, setNotice] = useState<Notice>(null);
  const [leaving, setLeaving] = useState(false);
  const show = (next: MollieConnection, text: string) => {
    queryClient.setQueryData(connectionKey(actId), next);
    // The balance and the payouts waiting for a connection may change with it.
    void queryClient.invalidateQueries({ queryKey: ['mollie-balance', actId] });
    setNotice({ tone: 'success', text });
  };

  const exchange = useMutation({
    mutationFn: finishConnect,
    // A code is single use: never sent twice, whatever went wrong.
    retry: false,
    onSuccess: (connected) => show(connected, mollieConnectMessages.connected(connected.organizationName)),
    onError: (error) => setNotice({ tone: 'error', text: error.message }),
  });
  const refresh = useMutation({
    mutationFn: () => callConnect({ action: 'status' }),
    onSuccess: (fresh) => show(fresh, mollieConnectMessages.refreshed),
    onError: (error) => setNotice({ tone: 'error', text: error.message }),
  });

  // Back from Mollie: the kept answer is taken once (a reload must not spend the code twice).
  const taken = useRef(false);
  const { mutate } = exchange;
  useEffect(() => {
    if (taken.current) return;
    taken.current = true;
    const verdict = takeMollieReturn(window.sessionStorage);
    if (verdict.kind !== 'none') mutate(verdict);
  }, [mutate]);

  const start = () => {
    if (!mollieConnectApp.clientId) return;
    setNotice(null);
    setLeaving(true);
    window.location.assign(
      startMollieConnect(window.sessionStorage, {
        authorizeUrl: mollieConnectApp.authorizeUrl,
        clientId: mollieConnectApp.clientId,
        redirectUri: mollieConnectApp.redirectUri,
        from: `${window.location.pathname}${window.location.search}`,
      }),
    );
  };
  const connectButton = (label: string, primary: boolean) =>
    mollieConnectApp.clientId ? (
      <Button colorPalette={primary ? 'brand' : undefined} variant={primary ? 'solid' : 'outline'} rounded="full" size="sm" loading={leaving} onClick={start}>
        {label}
      </Button>
    ) : (
      <Text fontSize="sm">Mollie koppelen is op deze omgeving niet ingesteld.</Text>
    );

  const linked = connection.data ?? null;
  return (
    <Stack as="section" aria-labelledby={headingId} gap="3" borderWidth="1px" rounded="xl" p={{ base: '4', md: '5' }} bg="white" data-testid="mollie-connect">
      <Text as="h2" id={headingId} fontWeight="800" fontSize="lg">
        Uitbetalen via Mollie
      </Text>
      {exchange.isPending ? (
        <Text role="status">Je Mollie-account wordt gekoppeld...</Text>
      ) : connection.isPending ? (
        <Box h="10" bg="ink.100" rounded="lg" aria-busy="true" />
      ) : connection.isError ? (
        <AlertText>Je Mollie-koppeling kon niet worden geladen.</AlertText>
      ) : linked ? (
        <Stack gap="3">
          <Stack gap="1">
            <Text fontSize="sm" color="fg.muted">
              Gekoppeld Mollie-account
            </Text>
            <Text fontWeight="700">
              {linked.organizationName || linked.organizationId}{' '}
              <Text as="span" fontWeight="400" fontSize="sm" color="fg.muted">
                ({linked.organizationId})
              </Text>
            </Text>
            <Text fontWeight="700" color={statusColors[linked.onboardingStatus]} data-testid="mollie-status">
              {linked.onboardingStatus === 'needs-data' && linked.onboardingUrl ? (
                <Link href={linked.onboardingUrl} target="_blank" rel="noopener noreferrer" color="brand.700" textDecoration="underline">
                  {onboardingStatusLabels['needs-data']}
                </Link>
              ) : (
                `${linked.onboardingStatus === 'completed' ? '✓ ' : ''}${onboardingStatusLabels[linked.onboardingStatus]}`
              )}
            </Text>
            {linked.onboardingStatus !== 'completed' && (
              <Text fontSize="sm" color="fg.muted">
                Zodra Mollie je gegevens heeft goedgekeurd, betalen we je optredens uit op je Mollie-account. Tot dan wachten je uitbetalingen op de koppeling. Klaar bij Mollie? Klik op ‘Status
                vernieuwen’.
              </Text>
            )}
          </Stack>
          <HStack gap="2" wrap="wrap">
            <Button variant="outline" rounded="full" size="sm" loading={refresh.isPending} onClick={() => refresh.mutate()}>
              Status vernieuwen
            </Button>
            {connectButton('Ander Mollie-account koppelen', false)}
          </HStack>
        </Stack>
      ) : (
        <Stack gap="3" align="flex-start">
          <Text color="fg.muted" fontSize="sm">
            Podium betaalt je gage na elk optreden uit via Mollie, op een Mollie-account op jouw naam. Heb je er nog geen, dan maak je er tijdens het koppelen een aan. Mollie controleert je gegevens;
            daarna staat je gage na elk optreden op je Mollie-saldo.
          </Text>
          {connectButton('Koppel je Mollie-account', true)}
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
