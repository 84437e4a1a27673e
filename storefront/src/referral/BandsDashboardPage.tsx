// 'BANDS Dashboard' (/referral-bands/dashboard, SPEC 1, 2.1): the user's invitation
// (code, link, share, QR), their balance in euros and BANDS, how the programme works with the
// amounts app_config holds, their ledger a page at a time and the people they invited; a second
// tab holds both leaderboards. The tab and the page of transactions live in the address.
import { Box, Button, HStack, Link as ChakraLink, SimpleGrid, Stack, Tabs, Text } from '@chakra-ui/react';
import { tabsRecipe } from '@podium/shared/theme-recipes';
import type { Profile } from '@podium/shared/session';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useSessionState } from '../app/app-context.tsx';
import { LoadError, SkeletonBlock } from '@podium/shared/ui/LoadState';
import { PageFrame } from '../content/PageFrame.tsx';
import { SectionCard } from '../content/SectionCard.tsx';
import { privateQueryOptions } from '../data/private-query.ts';
import { myProfileQuery } from '../data/profile.ts';
import { referralRulesQuery, type ReferralRules } from '../data/referral.ts';
import { CoinsIcon, StarIcon } from '@podium/shared/ui/icons';
import { TrophyIcon } from './referral-icons.tsx';
import { breadcrumbJsonLd, PageMeta } from '../seo/PageMeta.tsx';
import { bandsCount, bandsEuros, dashboardSearch, dashboardView, howItWorksSteps, type DashboardTab, type DashboardView } from './bands-display.ts';
import { InvitedPeople } from './InvitedPeople.tsx';
import { InvitePanel } from './InvitePanel.tsx';
import { Leaderboards } from './Leaderboards.tsx';
import { TransactionList } from './TransactionList.tsx';

const path = '/referral-bands/dashboard';
const trail = [
  { name: 'Home', path: '/' },
  { name: 'BANDS Dashboard', path },
];
const hrefOf = (view: DashboardView) => `${path}${dashboardSearch(view)}`;

export default function BandsDashboardPage() {
  const [params, setParams] = useSearchParams();
  const view = dashboardView(params);
  const session = useSessionState();
  const sessionProfile = session.status === 'ready' ? session.profile : undefined;
  // The session's profile shows at once; the page's own read brings the balance as it is now.
  const profile = useQuery({ ...privateQueryOptions(myProfileQuery()), placeholderData: sessionProfile });
  const rules = useQuery(privateQueryOptions(referralRulesQuery()));

  return (
    <>
      <PageMeta title="BANDS Dashboard" description="Je uitnodigingslink, je BANDS-tegoed, je transacties en de leaderboards." path={path} noindex jsonLd={[breadcrumbJsonLd(trail)]} />
      <PageFrame
        trail={trail}
        title="BANDS Dashboard"
        intro="Nodig vrienden uit voor Podium, verdien BANDS en gebruik ze als korting op je volgende boeking."
        action={
          <Button asChild variant="outline" rounded="full">
            <Link to="/referral-bands/leaderboard">
              <TrophyIcon size={18} />
              BANDS Leaderboard
            </Link>
          </Button>
        }
      >
        <Tabs.Root
          recipe={tabsRecipe}
          value={view.tab}
          onValueChange={(details) => setParams(new URLSearchParams(dashboardSearch({ ...view, tab: details.value as DashboardTab })), { preventScrollReset: true })}
          lazyMount
          variant="line"
          colorPalette="brand"
        >
          <Tabs.List aria-label="BANDS Dashboard">
            <Tabs.Trigger value="overzicht">Overzicht</Tabs.Trigger>
            <Tabs.Trigger value="leaderboard">
              <TrophyIcon size={16} />
              Leaderboard
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="overzicht" pt={{ base: '5', md: '6' }} pb="0">
            <Stack gap={{ base: '4', md: '5' }}>
              <InvitePanel profile={profile.data ?? undefined} rules={rules.data} />
              <SimpleGrid templateColumns={{ base: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 2fr)' }} gap={{ base: '4', md: '5' }}>
                <BalanceCard profile={profile.data ?? undefined} failed={profile.isError} onRetry={() => void profile.refetch()} />
                <HowItWorks rules={rules.data} failed={rules.isError} onRetry={() => void rules.refetch()} />
              </SimpleGrid>
              <TransactionList page={view.page} href={(page) => hrefOf({ ...view, page })} />
              <InvitedPeople bonus={rules.data?.referralBonusCents ? bandsEuros(rules.data.referralBonusCents) : null} />
            </Stack>
          </Tabs.Content>
          <Tabs.Content value="leaderboard" pt={{ base: '5', md: '6' }} pb="0">
            <Leaderboards />
          </Tabs.Content>
        </Tabs.Root>
      </PageFrame>
    </>
  );
}

function BalanceCard({ profile, failed, onRetry }: { profile: Profile | undefined; failed: boolean; onRetry: () => void }) {
  return (
    <SectionCard title="Je BANDS-tegoed" icon={<CoinsIcon size={20} />} labelledBy="bands-balance">
      {profile ? (
        <Stack gap="1">
          <Text fontSize="4xl" fontWeight="800" lineHeight="1" letterSpacing="-0.02em" data-testid="bands-balance">
            {bandsEuros(profile.bands_balance_cents)}
          </Text>
          <Text color="fg.muted" fontSize="sm" data-testid="bands-count">
            {bandsCount(profile.bands_balance_cents)} · 1 BAND = € 1
          </Text>
        </Stack>
      ) : failed ? (
        <LoadError subject="Je tegoed" plural={false} onRetry={onRetry} />
      ) : (
        <SkeletonBlock h="4rem" />
      )}
      <Text color="fg.muted">Je BANDS gebruik je als korting bij het afrekenen van een boeking. Ze zijn niet in te wisselen voor geld.</Text>
      <Button asChild colorPalette="brand" rounded="full" alignSelf="flex-start">
        <Link to="/artists">Vind een artiest</Link>
      </Button>
    </SectionCard>
  );
}

function HowItWorks({ rules, failed, onRetry }: { rules: ReferralRules | undefined; failed: boolean; onRetry: () => void }) {
  return (
    <SectionCard title="Zo werkt het" icon={<StarIcon size={20} />} labelledBy="bands-how">
      {rules ? (
        <Box as="ol" listStyleType="none" m="0" p="0" display="grid" gap="3.5" data-testid="how-it-works">
          {howItWorksSteps(rules).map((step, index) => (
            <HStack as="li" key={step.title} gap="3" align="flex-start">
              <Box minW="7" h="7" rounded="full" bg="brand.700" color="white" display="grid" placeItems="center" fontWeight="800" fontSize="sm" flexShrink="0" aria-hidden="true">
                {index + 1}
              </Box>
              <Stack gap="0.5">
                <Text fontWeight="700">{step.title}</Text>
                <Text color="fg.muted" fontSize="sm">
                  {step.text}
                </Text>
              </Stack>
            </HStack>
          ))}
        </Box>
      ) : failed ? (
        <LoadError subject="De regels" plural={true} onRetry={onRetry} />
      ) : (
        <SkeletonBlock h="10rem" />
      )}
      {/* A page load of its own (a new tab), so the browser opens the terms at that section. */}
      <ChakraLink href="/terms#vrienden-uitnodigen" target="_blank" rel="noopener" color="brand.700" fontWeight="600" mt="auto">
        Alle regels in de voorwaarden: Vrienden uitnodigen (BANDS)
        <Box as="span" srOnly>
          {' '}
          (opent in een nieuw tabblad)
        </Box>
      </ChakraLink>
    </SectionCard>
  );
}
