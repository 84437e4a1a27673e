// Both BANDS leaderboards (SPEC 1, 6, 9): 'Meeste BANDS' and 'Meeste aanmeldingen', the top 10
// by default, the signed-in user's own row highlighted, and their own position below a separator
// when they are outside the top ('Nog niet gerangschikt' when they are not on a board). Others
// appear by display name and photo only. Shown on the leaderboard page and in the dashboard's tab.
import { Badge, Box, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { leaderboardDefaultSize } from '@podium/shared/constants';
import { dutchInteger } from '@podium/shared/dutch';
import { splitLeaderboard, type BalanceRow, type LeaderboardRow, type ReferrersRow } from '@podium/shared/referral';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError, SkeletonBlock } from '@podium/shared/ui/LoadState';
import { SectionCard } from '../content/SectionCard.tsx';
import { privateQueryOptions, type PrivateQuery } from '../data/private-query.ts';
import { balanceLeaderboardQuery, referrersLeaderboardQuery } from '../data/referral.ts';
import { CoinsIcon } from '@podium/shared/ui/icons';
import { UsersIcon } from './referral-icons.tsx';
import { UserAvatar } from '../layout/UserAvatar.tsx';
import { bandsEuros, displayNameInitials } from './bands-display.ts';

export function Leaderboards() {
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: '4', md: '5' }} data-testid="leaderboards">
      <Board<BalanceRow>
        id="leaderboard-balance"
        title="Meeste BANDS"
        intro="Wie het hoogste BANDS-tegoed heeft."
        icon={<CoinsIcon size={20} />}
        query={balanceLeaderboardQuery()}
        value={(row) => bandsEuros(row.bands_balance_cents)}
        unranked="Verdien je eerste BANDS om op dit bord te komen: nodig vrienden uit via je BANDS Dashboard."
      />
      <Board<ReferrersRow>
        id="leaderboard-referrers"
        title="Meeste aanmeldingen"
        intro="Wie de meeste vrienden via een eigen link liet aanmelden."
        icon={<UsersIcon size={20} />}
        query={referrersLeaderboardQuery()}
        value={(row) => `${dutchInteger(row.referral_count)} ${row.referral_count === 1 ? 'aanmelding' : 'aanmeldingen'}`}
        unranked="Je staat op dit bord zodra je een uitnodigingscode hebt: die maak je op je BANDS Dashboard."
      />
    </SimpleGrid>
  );
}

interface BoardProps<Row extends LeaderboardRow> {
  id: string;
  title: string;
  intro: string;
  icon: ReactNode;
  query: PrivateQuery<Row[]>;
  value: (row: Row) => string;
  /** What a user who is not on this board can do about it. */
  unranked: string;
}

function Board<Row extends LeaderboardRow>({ id, title, intro, icon, query, value, unranked }: BoardProps<Row>) {
  const board = useQuery(privateQueryOptions(query));
  const { top, own, gap } = splitLeaderboard(board.data ?? [], leaderboardDefaultSize);
  return (
    <SectionCard title={title} icon={icon} labelledBy={id} testId={id}>
      <Text color="fg.muted" mt="-2">
        {intro}
      </Text>
      {board.isPending ? (
        <Stack gap="2" aria-busy="true">
          {Array.from({ length: 5 }, (_, index) => (
            <SkeletonBlock key={index} h="3.25rem" />
          ))}
        </Stack>
      ) : board.isError ? (
        <LoadError subject={`De ranglijst '${title}'`} plural={false} onRetry={() => void board.refetch()} />
      ) : (
        <>
          {top.length === 0 ? (
            <Text color="fg.muted">Er staat nog niemand op dit bord. Wie als eerste begint, staat bovenaan.</Text>
          ) : (
            <Box as="ol" listStyleType="none" m="0" p="0" display="grid" gap="1" aria-label={`${title}: top ${top.length}`}>
              {top.map((row, index) => (
                <BoardRow key={`${row.rank ?? 'x'}-${index}`} row={row} value={value(row)} />
              ))}
            </Box>
          )}
          {own && (
            <Stack gap="2" data-testid="own-position">
              <HStack gap="3" color="fg.muted" fontSize="sm" aria-hidden="true">
                <Box flex="1" borderTopWidth="1px" borderStyle="dashed" borderColor="ink.200" />
                <Text>{gap ? '⋯ Jouw positie' : 'Jouw positie'}</Text>
                <Box flex="1" borderTopWidth="1px" borderStyle="dashed" borderColor="ink.200" />
              </HStack>
              <Box as="ul" listStyleType="none" m="0" p="0" aria-label="Jouw positie">
                <BoardRow row={own} value={own.rank === null ? 'Nog niet gerangschikt' : value(own)} />
              </Box>
              {own.rank === null && (
                <Text fontSize="sm" color="fg.muted">
                  {unranked}
                </Text>
              )}
            </Stack>
          )}
        </>
      )}
    </SectionCard>
  );
}

const podium: Record<number, { bg: string; color: string }> = {
  1: { bg: 'brand.700', color: 'white' },
  2: { bg: 'ink.700', color: 'white' },
  3: { bg: 'brand.200', color: 'brand.950' },
};

function BoardRow({ row, value }: { row: LeaderboardRow; value: string }) {
  const mine = row.is_current_user;
  const medal = row.rank !== null ? podium[row.rank] : undefined;
  return (
    <HStack
      as="li"
      minW="0"
      gap="3"
      px="3"
      py="2"
      rounded="xl"
      bg={mine ? 'brand.50' : undefined}
      borderWidth="1px"
      borderColor={mine ? 'brand.300' : 'transparent'}
      data-testid="leaderboard-row"
      data-current-user={mine ? 'true' : undefined}
    >
      <Box
        minW="8"
        h="8"
        px="1.5"
        rounded="full"
        display="grid"
        placeItems="center"
        fontWeight="800"
        fontSize="sm"
        bg={medal?.bg ?? 'ink.50'}
        color={medal?.color ?? 'ink.800'}
        flexShrink="0"
        data-testid="leaderboard-rank"
      >
        {row.rank === null ? (
          <>
            <span aria-hidden="true">–</span>
            <Box as="span" srOnly>
              Geen plaats
            </Box>
          </>
        ) : (
          <>
            <Box as="span" srOnly>
              Plaats{' '}
            </Box>
            {dutchInteger(row.rank)}
          </>
        )}
      </Box>
      <UserAvatar path={row.avatar_path} initials={displayNameInitials(row.display_name)} size={36} />
      <HStack gap="2" flex="1 1 auto" minW="0">
        <Text fontWeight={mine ? '700' : '600'} truncate minW="0" data-testid="leaderboard-name">
          {row.display_name}
        </Text>
        {mine && (
          <Badge colorPalette="brand" variant="solid" rounded="full" flexShrink="0">
            Jij
          </Badge>
        )}
      </HStack>
      {/* On a phone a long score ('12 aanmeldingen') wraps, a whole word at a time, rather than pushing the row off the screen. */}
      <Text
        fontWeight="700"
        whiteSpace={{ base: 'normal', sm: 'nowrap' }}
        textAlign="end"
        flexShrink={{ base: 1, sm: 0 }}
        minW="min-content"
        fontSize={row.rank === null ? 'sm' : { base: 'sm', sm: 'md' }}
        color={row.rank === null ? 'fg.muted' : 'ink.900'}
        data-testid="leaderboard-value"
      >
        {value}
      </Text>
    </HStack>
  );
}
