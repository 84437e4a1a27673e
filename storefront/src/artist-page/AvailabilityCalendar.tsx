// The availability calendar: a month at a time, busy days (blocked by the artist, or an accepted
// or confirmed booking) struck through, past days dimmed; a free day can be picked as the date
// of the booking request. Only dates are known here, never whose booking it is.
//
// A month chooser jumps to any month within reach; the days are a grid with one Tab stop (the
// WAI-ARIA date picker grid): arrow keys, Home/End and PageUp/PageDown move between days, across
// months too, and Enter or Space picks a free one. Busy days and today can be moved to and are
// announced as not available (aria-disabled), but not picked. A day is a choice, never a submit:
// inside the booking form it leaves the other fields alone.
import { Box, chakra, Flex, Heading, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { artistBusyDatesQuery } from '../data/artist-page.ts';
import { publicQueryOptions } from '../data/public-query.ts';
import { ChevronLeftIcon, ChevronRightIcon } from '@podium/shared/ui/icons';
import {
  addMonths,
  buildMonth,
  calendarLimits,
  clampMonth,
  compareMonths,
  isCalendarKey,
  isFocusable,
  longDateLabel,
  monthChoices,
  monthKey,
  monthLabel,
  monthOf,
  monthRange,
  moveFocus,
  tabStopDate,
  weekdayLabels,
  type CalendarDay,
  type CalendarMonth,
} from './calendar.ts';

/** How far ahead a visitor can page: a year and a half covers wedding planning. */
export const calendarMonthsAhead = 18;

// Runs before paint in the browser; the prerender has no focus to keep.
const useBrowserLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

export function AvailabilityCalendar({
  slug,
  month: askedMonth,
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
  const limits = calendarLimits(today, calendarMonthsAhead);
  const month = clampMonth(askedMonth, limits);
  const { from, to } = monthRange(month);
  const busy = useQuery({ ...publicQueryOptions(artistBusyDatesQuery(slug, from, to)), placeholderData: keepPreviousData });
  const busySet = useMemo(() => new Set(busy.isPlaceholderData ? [] : (busy.data ?? [])), [busy.data, busy.isPlaceholderData]);
  const weeks = buildMonth(month, busySet, today);
  const canGoBack = compareMonths(month, monthOf(limits.first)) > 0;
  const canGoOn = compareMonths(month, monthOf(limits.last)) < 0;
  const loading = busy.isPending || busy.isPlaceholderData;

  // The day the keyboard is on (or was last on), and whether the focus should follow it after this render.
  const [focused, setFocused] = useState<string | null>(null);
  const tabStop = tabStopDate(weeks, limits, focused, selectedDate);
  const grid = useRef<HTMLTableElement>(null);
  const followFocus = useRef(false);
  const focusedElement = useRef<HTMLElement | null>(null);

  useBrowserLayoutEffect(() => {
    const target = tabStop ? grid.current?.querySelector<HTMLElement>(`[data-date="${tabStop}"]`) : null;
    if (followFocus.current) {
      followFocus.current = false;
      target?.focus();
      return;
    }
    // The focused day was drawn anew (its availability came in, so a button became a busy cell or
    // the other way round): the focus stays on that day instead of falling back to the page.
    const last = focusedElement.current;
    const active = document.activeElement;
    if (last && (!last.isConnected || !last.hasAttribute('data-date')) && (active === null || active === document.body || active === last)) target?.focus();
  });

  // A date chosen elsewhere (the address, the date field beside the calendar) opens its month.
  const shownFor = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (shownFor.current === selectedDate) return;
    shownFor.current = selectedDate;
    if (selectedDate && isFocusable(selectedDate, limits) && compareMonths(monthOf(selectedDate), month) !== 0) onMonthChange(monthOf(selectedDate));
  });

  const showMonth = (next: CalendarMonth) => onMonthChange(clampMonth(next, limits));

  const onGridKeyDown = (event: React.KeyboardEvent) => {
    // Enter or Space on a day that cannot be picked does nothing (Space would scroll the page).
    if ((event.key === 'Enter' || event.key === ' ') && (event.target as HTMLElement).getAttribute('aria-disabled') === 'true') event.preventDefault();
    if (!isCalendarKey(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
    const from = (event.target as HTMLElement).closest<HTMLElement>('[data-date]')?.dataset.date;
    if (!from) return;
    event.preventDefault();
    const next = moveFocus(from, event.key, limits, event.shiftKey);
    followFocus.current = true;
    setFocused(next);
    if (compareMonths(monthOf(next), month) !== 0) onMonthChange(monthOf(next));
  };

  return (
    <Stack gap="4">
      <Heading as="h3" srOnly aria-live="polite">
        {monthLabel(month)}
      </Heading>
      <Flex align="center" justify="space-between" gap="2">
        <MonthChooser today={today} month={month} onChange={showMonth} />
        <HStack gap="1" flexShrink={0}>
          <IconButton type="button" aria-label="Vorige maand" variant="outline" size="sm" rounded="full" disabled={!canGoBack} onClick={() => showMonth(addMonths(month, -1))}>
            <ChevronLeftIcon size={18} />
          </IconButton>
          <IconButton type="button" aria-label="Volgende maand" variant="outline" size="sm" rounded="full" disabled={!canGoOn} onClick={() => showMonth(addMonths(month, 1))}>
            <ChevronRightIcon size={18} />
          </IconButton>
        </HStack>
      </Flex>
      {busy.isLoadingError ? (
        <Stack align="start" gap="2" p="4" bg="red.50" rounded="xl">
          <Text fontSize="sm">De beschikbaarheid kon niet worden geladen.</Text>
          <chakra.button type="button" fontSize="sm" fontWeight="700" color="brand.700" textDecoration="underline" onClick={() => void busy.refetch()}>
            Opnieuw proberen
          </chakra.button>
        </Stack>
      ) : (
        <Box
          as="table"
          ref={grid}
          role="grid"
          w="full"
          css={{ borderCollapse: 'separate', borderSpacing: '4px' }}
          aria-busy={loading}
          data-testid="availability-calendar"
          onKeyDown={onGridKeyDown}
          onFocus={(event: React.FocusEvent<HTMLElement>) => {
            const date = event.target.dataset.date;
            if (!date) return;
            focusedElement.current = event.target;
            setFocused(date);
          }}
          onBlur={(event: React.FocusEvent<HTMLElement>) => {
            // Leaving the grid forgets the focused element; a day removed while focused is remembered (see above).
            if (event.relatedTarget && !grid.current?.contains(event.relatedTarget)) focusedElement.current = null;
          }}
        >
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
                {week.map((day, column) =>
                  day ? (
                    <DayCell
                      key={day.date}
                      day={day}
                      loading={loading}
                      selected={day.date === selectedDate}
                      focusable={isFocusable(day.date, limits)}
                      tabStop={day.date === tabStop}
                      onSelect={onSelectDate}
                    />
                  ) : (
                    <Box as="td" key={`empty-${row}-${column}`} p="0" />
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </Box>
      )}
      <HStack gap="4" flexWrap="wrap" fontSize="xs" color="fg.muted">
        <Legend swatch={<Box w="3.5" h="3.5" rounded="sm" bg="white" borderWidth="1px" borderColor="green.400" />} label="Beschikbaar" />
        <Legend
          swatch={
            <Box
              w="3.5"
              h="3.5"
              rounded="sm"
              bg="ink.100"
              backgroundImage="linear-gradient(135deg, transparent 45%, var(--chakra-colors-ink-400) 45%, var(--chakra-colors-ink-400) 55%, transparent 55%)"
            />
          }
          label="Niet beschikbaar"
        />
        <Legend swatch={<Box w="3.5" h="3.5" rounded="sm" bg="brand.600" />} label="Jouw datum" />
      </HStack>
    </Stack>
  );
}

/** The month shown, as a native select of the months within reach ('juli 2027'): a jump instead of many taps. */
function MonthChooser({ today, month, onChange }: { today: string; month: CalendarMonth; onChange: (month: CalendarMonth) => void }) {
  const choices = monthChoices(today, calendarMonthsAhead);
  return (
    <Box
      asChild
      h="9"
      minW="0"
      maxW="60"
      ps="3"
      pe="2"
      rounded="full"
      borderWidth="1px"
      bg="white"
      fontSize="md"
      fontWeight="800"
      cursor="pointer"
      _hover={{ bg: 'brand.50' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.600', outlineOffset: '1px' }}
    >
      <select
        aria-label="Maand kiezen"
        value={monthKey(month)}
        onChange={(event) => {
          const choice = choices.find((option) => option.value === event.target.value);
          if (choice) onChange(choice.month);
        }}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </Box>
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
  focusable,
  tabStop,
  onSelect,
}: {
  day: CalendarDay;
  loading: boolean;
  selected: boolean;
  /** Within the keyboard's reach (today and later); only free days can be picked. */
  focusable: boolean;
  /** The grid's one Tab stop. */
  tabStop: boolean;
  onSelect: (date: string) => void;
}) {
  const label = longDateLabel(day.date);
  const common = { h: { base: '10', md: '11' }, w: 'full', rounded: 'lg', fontSize: 'sm', display: 'flex', alignItems: 'center', justifyContent: 'center', mx: 'auto' } as const;
  const focusRing = { outline: '2px solid', outlineColor: 'brand.600', outlineOffset: '1px' } as const;
  if (day.status !== 'free') {
    // Not a button: announced with its state, reachable with the arrow keys, never picked.
    const state = day.status === 'busy' ? 'niet beschikbaar' : day.isToday ? 'vandaag' : 'voorbij';
    return (
      <Box
        as="td"
        p="0"
        textAlign="center"
        rounded="lg"
        aria-label={`${label}, ${state}`}
        aria-disabled="true"
        aria-current={day.isToday ? 'date' : undefined}
        aria-selected={selected || undefined}
        {...(focusable ? { 'data-date': day.date, tabIndex: tabStop ? 0 : -1 } : {})}
        _focusVisible={focusRing}
      >
        {day.status === 'busy' ? (
          <Box {...common} bg="ink.100" color="ink.600" textDecoration="line-through" data-status="busy" title="Niet beschikbaar">
            {day.day}
          </Box>
        ) : (
          <Box {...common} color="ink.600" fontWeight={day.isToday ? '800' : undefined}>
            {day.day}
          </Box>
        )}
      </Box>
    );
  }
  return (
    <Box as="td" p="0" textAlign="center">
      <chakra.button
        type="button"
        {...common}
        fontWeight="600"
        bg={selected ? 'brand.600' : 'white'}
        color={selected ? 'white' : 'ink.900'}
        borderWidth="1px"
        borderColor={selected ? 'brand.600' : loading ? 'ink.100' : 'green.400'}
        _hover={{ bg: selected ? 'brand.700' : 'brand.50' }}
        _focusVisible={focusRing}
        aria-label={`${label}, ${loading ? 'beschikbaarheid laden' : 'beschikbaar'}`}
        aria-pressed={selected}
        data-status="free"
        data-date={day.date}
        tabIndex={tabStop ? 0 : -1}
        onClick={() => onSelect(day.date)}
      >
        {day.day}
      </chakra.button>
    </Box>
  );
}
