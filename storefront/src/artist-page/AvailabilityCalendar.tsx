// The availability calendar: a month at a time, busy days (blocked by the artist, or an accepted
// or confirmed booking) struck through, past days dimmed; a free day can be picked as the date
// of the booking request. Only dates are known here, never whose booking it is.
import { Box, chakra, Flex, Heading, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { artistBusyDatesQuery } from '../data/artist-page.ts';
import { publicQueryOptions } from '../data/public-query.ts';
import { ChevronLeftIcon, ChevronRightIcon } from '../layout/icons.tsx';
import { addMonths, buildMonth, compareMonths, longDateLabel, monthLabel, monthOf, monthRange, weekdayLabels, type CalendarDay, type CalendarMonth } from './calendar.ts';

/** How far ahead a visitor can page: a year and a half covers wedding planning. */
export const calendarMonthsAhead = 18;

export function AvailabilityCalendar({
  slug,
  month,
  onMonthChange,
  today,
  selectedDate,
  onSelectDate,
}: {
  slug: string;
  month: CalendarMonth;
  onMonthChange: (month: CalendarMonth) => void;
  today: string;
  selectedDate: string | null;
  onSelectDate: (date: string) => void;
}) {
  const { from, to } = monthRange(month);
  const busy = useQuery({ ...publicQueryOptions(artistBusyDatesQuery(slug, from, to)), placeholderData: keepPreviousData });
  const busySet = useMemo(() => new Set(busy.isPlaceholderData ? [] : (busy.data ?? [])), [busy.data, busy.isPlaceholderData]);
  const weeks = buildMonth(month, busySet, today);
  const first = monthOf(today);
  const canGoBack = compareMonths(month, first) > 0;
  const canGoOn = compareMonths(month, addMonths(first, calendarMonthsAhead)) < 0;
  const loading = busy.isPending || busy.isPlaceholderData;

  return (
    <Stack gap="4">
      <Flex align="center" justify="space-between">
        <Heading as="h3" fontSize="lg" textTransform="capitalize" aria-live="polite">
          {monthLabel(month)}
        </Heading>
        <HStack gap="1">
          <IconButton aria-label="Vorige maand" variant="outline" size="sm" rounded="full" disabled={!canGoBack} onClick={() => onMonthChange(addMonths(month, -1))}>
            <ChevronLeftIcon size={18} />
          </IconButton>
          <IconButton aria-label="Volgende maand" variant="outline" size="sm" rounded="full" disabled={!canGoOn} onClick={() => onMonthChange(addMonths(month, 1))}>
            <ChevronRightIcon size={18} />
          </IconButton>
        </HStack>
      </Flex>
      {busy.isError ? (
        <Stack align="start" gap="2" p="4" bg="red.50" rounded="xl">
          <Text fontSize="sm">De beschikbaarheid kon niet worden geladen.</Text>
          <Box as="button" fontSize="sm" fontWeight="700" color="brand.700" textDecoration="underline" onClick={() => void busy.refetch()}>
            Opnieuw proberen
          </Box>
        </Stack>
      ) : (
        <Box as="table" w="full" css={{ borderCollapse: 'separate', borderSpacing: '4px' }} aria-busy={loading} data-testid="availability-calendar">
          <Box as="caption" srOnly>
            Beschikbaarheid in {monthLabel(month)}
          </Box>
          <thead>
            <tr>
              {weekdayLabels.map((weekday) => (
                <chakra.th key={weekday.short} scope="col" fontSize="xs" fontWeight="600" color="fg.muted" pb="1">
                  <abbr title={weekday.long} style={{ textDecoration: 'none' }}>
                    {weekday.short}
                  </abbr>
                </chakra.th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week, row) => (
              <tr key={row}>
                {week.map((day, column) => (
                  <Box as="td" key={day?.date ?? `empty-${row}-${column}`} p="0" textAlign="center">
                    {day && <DayCell day={day} loading={loading} selected={day.date === selectedDate} onSelect={onSelectDate} />}
                  </Box>
                ))}
              </tr>
            ))}
          </tbody>
        </Box>
      )}
      <HStack gap="4" flexWrap="wrap" fontSize="xs" color="fg.muted">
        <Legend swatch={<Box w="3.5" h="3.5" rounded="sm" bg="white" borderWidth="1px" borderColor="green.400" />} label="Beschikbaar" />
        <Legend swatch={<Box w="3.5" h="3.5" rounded="sm" bg="ink.100" backgroundImage="linear-gradient(135deg, transparent 45%, var(--chakra-colors-ink-400) 45%, var(--chakra-colors-ink-400) 55%, transparent 55%)" />} label="Niet beschikbaar" />
        <Legend swatch={<Box w="3.5" h="3.5" rounded="sm" bg="brand.600" />} label="Jouw datum" />
      </HStack>
    </Stack>
  );
}

function Legend({ swatch, label }: { swatch: React.ReactNode; label: string }) {
  return (
    <HStack gap="1.5">
      {swatch}
      <Text>{label}</Text>
    </HStack>
  );
}

function DayCell({
  day,
  loading,
  selected,
  onSelect,
}: {
  day: CalendarDay;
  loading: boolean;
  selected: boolean;
  onSelect: (date: string) => void;
}) {
  const label = longDateLabel(day.date);
  const common = { h: { base: '10', md: '11' }, w: 'full', rounded: 'lg', fontSize: 'sm', display: 'flex', alignItems: 'center', justifyContent: 'center', mx: 'auto' } as const;
  if (day.status === 'past') {
    return (
      <Box {...common} color="ink.600" fontWeight={day.isToday ? '800' : undefined} aria-label={`${label}, ${day.isToday ? 'vandaag' : 'voorbij'}`}>
        {day.day}
      </Box>
    );
  }
  if (day.status === 'busy') {
    return (
      <Box {...common} bg="ink.100" color="ink.600" textDecoration="line-through" aria-label={`${label}, niet beschikbaar`} data-status="busy" title="Niet beschikbaar">
        {day.day}
      </Box>
    );
  }
  return (
    <Box
      as="button"
      {...common}
      fontWeight="600"
      bg={selected ? 'brand.600' : 'white'}
      color={selected ? 'white' : 'ink.900'}
      borderWidth="1px"
      borderColor={selected ? 'brand.600' : loading ? 'ink.100' : 'green.400'}
      _hover={{ bg: selected ? 'brand.700' : 'brand.50' }}
      aria-label={`${label}, ${loading ? 'beschikbaarheid laden' : 'beschikbaar'}`}
      aria-pressed={selected}
      data-status="free"
      onClick={() => onSelect(day.date)}
    >
      {day.day}
    </Box>
  );
}
