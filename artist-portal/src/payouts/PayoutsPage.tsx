// 'Uitbetalingen' (/dashboard/artist/uitbetalingen): where an artist's money is. The Mollie
// connection (payouts go to the act's own Mollie organization), the organization's balance as
// Mollie reports it (available and pending), each paid gig with its amount and what its payout is
// doing (wacht op optreden, controleperiode tot …, onderweg, uitbetaald op …, vastgehouden: …,
// wacht op koppeling), and the monthly statement (uitbetalingsspecificatie) as a PDF.
import { Badge, Box, Button, Container, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { dutchCents, dutchDateTime } from '@podium/shared/dutch';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadError } from '@podium/shared/ui/LoadState';
import { AlertText, Loading } from '../portal/LoadState.tsx';
import { ownActQuery, useUserId } from '../data/artist.ts';
import { MollieConnect } from './MollieConnect.tsx';
import {
  balanceKey,
  customerName,
  downloadStatement,
  fetchBalance,
  fetchPayoutGigs,
  gigAmountCents,
  payoutGigsKey,
  payoutState,
  payoutTonePalettes,
  payoutTotals,
  statementMonths,
  type PayoutGig,
} from '../data/payouts.ts';

export function PayoutsPage() {
  const act = useQuery(ownActQuery(useUserId()));
  const gigs = useQuery({ queryKey: payoutGigsKey, queryFn: () => fetchPayoutGigs() });
  useEffect(() => {
    document.title = 'Uitbetalingen · Podium Artiestenportaal';
  }, []);
  const actId = act.data?.id ?? null;
  return (
    <Container maxW="5xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" fontSize={{ base: '3xl', md: '4xl' }} fontWeight="800">
            Uitbetalingen
          </Heading>
          <Text color="fg.muted">
            Na elk optreden heeft de klant een paar dagen om te laten weten hoe het ging. Daarna betalen we je gage uit op je Mollie-account. De servicekosten betaalt de klant aan Podium.
          </Text>
        </Stack>

        {actId ? (
          <Grid templateColumns={{ base: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' }} gap="4" alignItems="stretch">
            <MollieConnect actId={actId} />
            <BalancePanel actId={actId} />
          </Grid>
        ) : act.isPending ? (
          <Loading height="10rem" />
        ) : act.isError ? (
          <LoadError subject="Je act" plural={false} onRetry={() => void act.refetch()} />
        ) : (
          <Text>Je hebt nog geen act.</Text>
        )}

        {gigs.isPending ? (
          <Loading height="16rem" />
        ) : gigs.isError ? (
          <LoadError subject="Je uitbetalingen" plural={true} onRetry={() => void gigs.refetch()} />
        ) : (
          <>
            <Totals gigs={gigs.data} />
            <GigList gigs={gigs.data} />
            <Statements gigs={gigs.data} />
          </>
        )}
      </Stack>
    </Container>
  );
}

function Panel({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="3" bg="white" borderWidth="1px" rounded="xl" p={{ base: '4', md: '5' }} data-testid={testId} aria-label={title}>
      <Heading as="h2" fontSize="lg" fontWeight="800">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

/** The organization's primary balance, read from Mollie (not from Podium's own records). */
function BalancePanel({ actId }: { actId: string }) {
  const balance = useQuery({ queryKey: balanceKey(actId), queryFn: () => fetchBalance(), retry: 1 });
  return (
    <Panel title="Saldo bij Mollie" testId="mollie-balance">
      {balance.isPending ? (
        <Box h="16" bg="ink.100" rounded="lg" aria-busy="true" />
      ) : balance.isError ? (
        <Stack gap="2" align="flex-start">
          <AlertText>{balance.error.message}</AlertText>
          <Button size="sm" variant="outline" rounded="full" onClick={() => void balance.refetch()}>
            Opnieuw proberen
          </Button>
        </Stack>
      ) : balance.data === null ? (
        <Text color="fg.muted">Koppel je Mollie-account, dan zie je hier wat er op je Mollie-saldo staat.</Text>
      ) : (
        <>
          <Stack as="dl" gap="2">
            <HStack justify="space-between">
              <Text as="dt" color="fg.muted">
                Beschikbaar
              </Text>
              <Text as="dd" fontWeight="800" fontSize="xl">
                {dutchCents(balance.data.availableCents)}
              </Text>
            </HStack>
            <HStack justify="space-between">
              <Text as="dt" color="fg.muted">
                In afwachting
              </Text>
              <Text as="dd" fontWeight="700">
                {dutchCents(balance.data.pendingCents)}
              </Text>
            </HStack>
          </Stack>
          <HStack justify="space-between" gap="2" wrap="wrap">
            <Text fontSize="sm" color="fg.muted">
              Zoals Mollie het nu meldt. Mollie maakt je saldo over naar je bankrekening volgens je instellingen bij Mollie.
            </Text>
            <Button size="xs" variant="outline" rounded="full" loading={balance.isFetching} onClick={() => void balance.refetch()}>
              Vernieuwen
            </Button>
          </HStack>
        </>
      )}
    </Panel>
  );
}

function Totals({ gigs }: { gigs: readonly PayoutGig[] }) {
  const totals = payoutTotals(gigs);
  return (
    <Grid templateColumns={{ base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' }} gap="3" data-testid="payout-totals">
      <Figure label="Uitbetaald" cents={totals.paidCents} />
      <Figure label="Nog te ontvangen" cents={totals.comingCents} />
      {totals.heldCents > 0 && <Figure label="Vastgehouden" cents={totals.heldCents} />}
    </Grid>
  );
}

function Figure({ label, cents }: { label: string; cents: number }) {
  return (
    <Stack gap="0.5" bg="white" borderWidth="1px" rounded="2xl" p="4">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize={{ base: 'xl', md: '2xl' }} fontWeight="800" whiteSpace="nowrap">
        {dutchCents(cents)}
      </Text>
    </Stack>
  );
}

function GigList({ gigs }: { gigs: readonly PayoutGig[] }) {
  return (
    <Panel title="Per optreden" testId="payout-gigs">
      {gigs.length === 0 ? (
        <Text color="fg.muted">Nog geen betaalde boekingen. Zodra een klant een boeking betaalt, zie je hier wanneer je gage wordt uitbetaald.</Text>
      ) : (
        <Stack as="ul" gap="2">
          {gigs.map((gig) => {
            const state = payoutState(gig);
            return (
              <Box as="li" key={gig.id} listStyleType="none" bg="ink.50" rounded="lg" px="3" py="2.5" data-testid="payout-gig">
                <Grid templateColumns={{ base: 'minmax(0, 1fr) auto', md: 'minmax(0, 1fr) 10rem 16rem' }} gap={{ base: '1', md: '3' }} alignItems="center">
                  <Stack gap="0" minW="0">
                    <Text fontWeight="700" asChild>
                      <Link to={`/dashboard/artist/boekingen?booking=${gig.id}`}>{dutchDateTime(gig.starts_at)}</Link>
                    </Text>
                    <Text fontSize="sm" color="fg.muted" lineClamp={1}>
                      {[customerName(gig), gig.event_type, gig.package?.name].filter(Boolean).join(' · ')}
                    </Text>
                  </Stack>
                  <Text fontWeight="800" textAlign="end">
                    {dutchCents(gigAmountCents(gig))}
                  </Text>
                  <Box gridColumn={{ base: '1 / -1', md: 'auto' }} textAlign={{ md: 'end' }}>
                    <Badge size="md" colorPalette={payoutTonePalettes[state.tone]} whiteSpace="normal" textAlign="start">
                      {state.label}
                    </Badge>
                  </Box>
                </Grid>
              </Box>
            );
          })}
        </Stack>
      )}
    </Panel>
  );
}

function Statements({ gigs }: { gigs: readonly PayoutGig[] }) {
  const months = statementMonths(gigs);
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const download = async (month: string) => {
    setBusy(month);
    setProblem(null);
    setProblem(await downloadStatement(month));
    setBusy(null);
  };
  return (
    <Panel title="Uitbetalingsspecificaties" testId="payout-statements">
      {months.length === 0 ? (
        <Text color="fg.muted">Na je eerste uitbetaling staat hier per maand een specificatie (pdf) voor je administratie.</Text>
      ) : (
        <Stack as="ul" gap="2">
          {months.map((item) => (
            <HStack as="li" key={item.month} justify="space-between" gap="3" wrap="wrap">
              <Text>
                <Text as="span" fontWeight="700">
                  {item.label}
                </Text>{' '}
                <Text as="span" color="fg.muted">
                  · {dutchCents(item.totalCents)} uitbetaald
                </Text>
              </Text>
              <Button
                size="sm"
                variant="outline"
                rounded="full"
                loading={busy === item.month}
                onClick={() => void download(item.month)}
                aria-label={`Uitbetalingsspecificatie ${item.label} downloaden`}
              >
                Specificatie downloaden
              </Button>
            </HStack>
          ))}
        </Stack>
      )}
      {problem && <AlertText>{problem}</AlertText>}
    </Panel>
  );
}
