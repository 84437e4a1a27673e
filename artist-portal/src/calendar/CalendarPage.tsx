// The artist's calendar (/dashboard/artist/agenda): a month with the gigs and the
// blocked days; one tap blocks or frees a day (toggle_artist_blocked_day), so the act drops out
// of 'free on that date' search and off the booking calendar at once. A gig's day stands out in
// the brand colour and opens that booking's view, as the month's gigs listed under it do. Below: the private iCal
// address for Google, Apple or Outlook (copy, or make a new one, which stops the old), and an
// .ics import that blocks the days of another calendar (block_artist_days).
import { Box, Button, Container, Flex, Grid, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { amsterdamToday, dutchClock, dutchDateTime, dutchLongDate, dutchMonthYear } from '@podium/shared/dutch';
import { BookingStatusBadge } from '@podium/shared/ui/BookingStatusBadge';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { bookingLink } from '../data/bookings.ts';
import { env } from '../env.ts';
import { blockDays, calendarKey, fetchCalendar, isoDay, renewCalendarFeed, shift, toggleBlockedDay, type CalendarData, type Month } from '../data/calendar.ts';
import type { ImportedDays } from './ics-import.ts';
import { AlertText } from '../portal/LoadState.tsx';
import { useUserId } from '../data/artist.ts';

const weekdays = ['ma', 'di', 'wo', 'do', 'vr', 'za', 'zo'];

export function CalendarPage() {
  const today = amsterdamToday();
  const [month, setMonth] = useState<Month>(() => ({ year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) }));
  const queryClient = useQueryClient();
  const userId = useUserId();
  const calendar = useQuery({ queryKey: [...calendarKey, userId, month.year, month.month], queryFn: () => fetchCalendar(queryClient, userId!, month), enabled: userId !== null });
  const [problem, setProblem] = useState<string | null>(null);
  const toggle = useMutation({
    mutationFn: toggleBlockedDay,
    onSuccess: () => setProblem(null),
    onError: (error) => setProblem(error instanceof Error ? error.message : 'Dat lukte niet. Probeer het opnieuw.'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarKey }),
  });
  useEffect(() => {
    document.title = 'Agenda · Podium Artiestenportaal';
  }, []);

  const daysInMonth = new Date(Date.UTC(month.year, month.month, 0)).getUTCDate();
  const lead = (new Date(Date.UTC(month.year, month.month - 1, 1)).getUTCDay() + 6) % 7;
  const data = calendar.data;
  const blockedDay = (day: string) => Boolean(data?.blocked.some((block) => block.starts_on <= day && day <= block.ends_on));
  // The day each gig falls on in the Netherlands, worked out once per month shown.
  const gigsByDay = new Map<string, CalendarData['gigs']>();
  for (const gig of data?.gigs ?? []) {
    const day = amsterdamToday(new Date(gig.starts_at));
    gigsByDay.set(day, [...(gigsByDay.get(day) ?? []), gig]);
  }
  const gigsOn = (day: string) => gigsByDay.get(day) ?? [];
  const current = { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
  const atStart = month.year === current.year && month.month === current.month;

  return (
    <Container maxW="5xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Heading as="h1" fontSize={{ base: '3xl', md: '4xl' }} fontWeight="800">
          Agenda
        </Heading>
        <Text color="fg.muted">Tik op een dag om hem te blokkeren of weer vrij te geven. Op geblokkeerde dagen kunnen klanten je niet boeken. Tik op een optreden om de boeking te bekijken.</Text>
        <Stack gap="3" bg="white" borderWidth="1px" rounded="2xl" p={{ base: '3', md: '5' }}>
          <HStack justify="space-between">
            <Button size="sm" variant="ghost" aria-label="Vorige maand" disabled={atStart} onClick={() => setMonth(shift(month, -1))}>
              ←
            </Button>
            <Heading as="h2" fontSize="xl" fontWeight="800" aria-live="polite">
              {dutchMonthYear(month.year, month.month)}
            </Heading>
            <Button size="sm" variant="ghost" aria-label="Volgende maand" onClick={() => setMonth(shift(month, 1))}>
              →
            </Button>
          </HStack>
          <Grid templateColumns="repeat(7, 1fr)" gap="1" role="group" aria-label={`Agenda ${dutchMonthYear(month.year, month.month)}`} aria-busy={calendar.isPending}>
            {weekdays.map((day) => (
              <Text key={day} textAlign="center" fontSize="xs" fontWeight="700" color="fg.muted" aria-hidden="true">
                {day}
              </Text>
            ))}
            {Array.from({ length: lead }, (_, index) => (
              <Box key={`lead-${index}`} />
            ))}
            {Array.from({ length: daysInMonth }, (_, index) => {
              const day = isoDay(month.year, month.month, index + 1);
              const blocked = blockedDay(day);
              const gigs = gigsOn(day);
              const past = day < today;
              const longDate = dutchLongDate(month.year, month.month, index + 1);
              const cell = {
                h: { base: '14', md: '20' },
                minW: '0',
                p: '1',
                flexDirection: 'column',
                alignItems: 'flex-start',
                justifyContent: 'flex-start',
                rounded: 'lg',
                'data-testid': `day-${day}`,
              } as const;
              if (gigs.length > 0) {
                // A gig's day opens its booking: solid when paid, outlined while the customer still has to pay.
                const first = gigs[0]!;
                const paid = gigs.some((gig) => gig.status !== 'accepted');
                const label = `${longDate}, ${gigs.length === 1 ? 'optreden' : `${gigs.length} optredens`}${paid ? '' : ' (wacht op betaling)'}${blocked ? ', geblokkeerd' : ''}: boeking bekijken`;
                return (
                  <Button
                    key={day}
                    asChild
                    {...cell}
                    variant="solid"
                    bg={paid ? 'brand.600' : 'brand.100'}
                    color={paid ? 'white' : 'brand.800'}
                    borderWidth="2px"
                    borderColor={day === today ? 'ink.900' : 'brand.600'}
                    _hover={{ bg: paid ? 'brand.700' : 'brand.200' }}
                  >
                    <Link to={bookingLink(first.id)} aria-label={label}>
                      <Text as="span" fontSize="sm" fontWeight="800">
                        {index + 1}
                      </Text>
                      <Text as="span" fontSize="2xs" fontWeight="700" maxW="full" overflow="hidden" textOverflow="ellipsis" whiteSpace="nowrap" display={{ base: 'none', md: 'block' }}>
                        {first.event_type || 'Optreden'}
                      </Text>
                      <Box as="span" display={{ base: 'block', md: 'none' }} mt="auto" w="2" h="2" rounded="full" bg={paid ? 'white' : 'brand.600'} aria-hidden="true" />
                    </Link>
                  </Button>
                );
              }
              const label = `${longDate}${blocked ? ', geblokkeerd' : ''}`;
              return (
                <Button
                  key={day}
                  {...cell}
                  aria-pressed={blocked}
                  aria-label={label}
                  disabled={past || toggle.isPending || !data}
                  onClick={() => toggle.mutate(day)}
                  variant="outline"
                  bg={blocked ? 'ink.800' : 'white'}
                  color={blocked ? 'white' : undefined}
                  borderColor={day === today ? 'brand.500' : 'border'}
                  _disabled={{ opacity: past ? 0.45 : 1, cursor: 'not-allowed' }}
                >
                  <Text as="span" fontSize="sm" fontWeight="700">
                    {index + 1}
                  </Text>
                  {blocked && (
                    <Text as="span" fontSize="2xs" display={{ base: 'none', md: 'block' }}>
                      Geblokkeerd
                    </Text>
                  )}
                </Button>
              );
            })}
          </Grid>
          <HStack gap="4" fontSize="sm" color="fg.muted" flexWrap="wrap">
            <HStack gap="1">
              <Box w="3" h="3" rounded="sm" bg="brand.600" />
              <Text>Optreden</Text>
            </HStack>
            <HStack gap="1">
              <Box w="3" h="3" rounded="sm" bg="brand.100" borderWidth="2px" borderColor="brand.600" />
              <Text>Wacht op betaling</Text>
            </HStack>
            <HStack gap="1">
              <Box w="3" h="3" rounded="sm" bg="ink.800" />
              <Text>Geblokkeerd</Text>
            </HStack>
          </HStack>
          {problem && <AlertText>{problem}</AlertText>}
        </Stack>
        {data && <MonthGigs gigs={data.gigs.filter((gig) => amsterdamToday(new Date(gig.starts_at)).startsWith(isoDay(month.year, month.month, 1).slice(0, 8)))} month={month} />}
        {data && <FeedSection token={data.feedToken} />}
        <ImportSection />
      </Stack>
    </Container>
  );
}

/** The month's gigs as a list, each opening its booking: what a small calendar cell cannot say. */
function MonthGigs({ gigs, month }: { gigs: CalendarData['gigs']; month: Month }) {
  const title = `Optredens in ${dutchMonthYear(month.year, month.month)}`;
  return (
    <Stack as="section" gap="3" bg="white" borderWidth="1px" rounded="2xl" p={{ base: '4', md: '5' }} aria-label={title} data-testid="month-gigs">
      <Heading as="h2" fontSize="lg" fontWeight="800">
        {title}
      </Heading>
      {gigs.length === 0 ? (
        <Text color="fg.muted">Geen optredens in deze maand.</Text>
      ) : (
        <Stack as="ul" gap="2">
          {gigs.map((gig) => (
            <li key={gig.id}>
              <Flex asChild justify="space-between" align="center" gap="3" rounded="lg" px="3" py="2" bg="ink.50" _hover={{ bg: 'ink.100' }}>
                <Link to={bookingLink(gig.id)}>
                  <Stack gap="0" minW="0">
                    <Text fontWeight="700">{dutchDateTime(gig.starts_at)}</Text>
                    <Text fontSize="sm" color="fg.muted">
                      {gig.event_type || 'Optreden'} · tot {dutchClock(gig.ends_at)}
                    </Text>
                  </Stack>
                  <BookingStatusBadge status={gig.status} flexShrink={0} />
                </Link>
              </Flex>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function FeedSection({ token }: { token: string | null }) {
  const queryClient = useQueryClient();
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const renew = useMutation({
    mutationFn: renewCalendarFeed,
    onSuccess: () => {
      setConfirming(false);
      setCopied(false);
      return queryClient.invalidateQueries({ queryKey: calendarKey });
    },
  });
  const address = token ? `${env.supabaseUrl}/functions/v1/artist-calendar?token=${token}` : null;
  return (
    <Stack as="section" gap="3" bg="white" borderWidth="1px" rounded="2xl" p={{ base: '4', md: '5' }} aria-labelledby="feed-title">
      <Heading as="h2" id="feed-title" fontSize="lg" fontWeight="800">
        Je optredens in je eigen agenda
      </Heading>
      <Text color="fg.muted">Abonneer je in Google Agenda, Apple Agenda of Outlook op dit adres: je optredens en geblokkeerde dagen verschijnen daar vanzelf. Houd het adres voor jezelf.</Text>
      {address ? (
        <>
          <HStack gap="2" flexWrap={{ base: 'wrap', md: 'nowrap' }}>
            <Input readOnly value={address} aria-label="Adres van je agenda" fontFamily="mono" fontSize="sm" bg="ink.50" onFocus={(event) => event.target.select()} />
            <Button
              rounded="full"
              colorPalette="brand"
              flexShrink={0}
              onClick={() => {
                void navigator.clipboard?.writeText(address).then(() => setCopied(true));
              }}
            >
              {copied ? 'Gekopieerd' : 'Kopieer'}
            </Button>
          </HStack>
          <Flex gap="2" flexWrap="wrap">
            <Button asChild size="sm" variant="outline" rounded="full">
              <a href={address.replace(/^https?:/, 'webcal:')}>Openen in je agenda-app</a>
            </Button>
            {confirming ? (
              <HStack gap="2" bg="red.50" rounded="lg" px="3" py="1" flexWrap="wrap">
                <Text fontSize="sm">Het oude adres werkt daarna niet meer.</Text>
                <Button size="xs" colorPalette="red" loading={renew.isPending} onClick={() => renew.mutate()}>
                  Nieuw adres maken
                </Button>
                <Button size="xs" variant="ghost" onClick={() => setConfirming(false)}>
                  Annuleren
                </Button>
              </HStack>
            ) : (
              <Button size="sm" variant="ghost" rounded="full" onClick={() => setConfirming(true)}>
                Nieuw adres maken
              </Button>
            )}
          </Flex>
        </>
      ) : (
        <Box>
          <Button colorPalette="brand" rounded="full" loading={renew.isPending} onClick={() => renew.mutate()}>
            Agenda-adres maken
          </Button>
        </Box>
      )}
    </Stack>
  );
}

function ImportSection() {
  const ids = useId();
  const queryClient = useQueryClient();
  const [found, setFound] = useState<ImportedDays | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const block = useMutation({
    mutationFn: async (days: string[]) => {
      const { dayRanges } = await import('./ics-import.ts');
      return blockDays(dayRanges(days));
    },
    onSuccess: (added) => {
      setFound(null);
      setDone(added === 0 ? 'Deze dagen waren al geblokkeerd.' : `${added} ${added === 1 ? 'dag' : 'dagen'} geblokkeerd.`);
      return queryClient.invalidateQueries({ queryKey: calendarKey });
    },
    onError: (error) => setProblem(error instanceof Error ? error.message : 'Dat lukte niet. Probeer het opnieuw.'),
  });
  const read = async (file: File | undefined) => {
    setProblem(null);
    setDone(null);
    setFound(null);
    if (!file) return;
    if (file.size > 5 * 1024 * 1024) return setProblem('Dit bestand is te groot (hoogstens 5 MB).');
    const { parseIcsDays, IcsImportError } = await import('./ics-import.ts');
    try {
      const result = parseIcsDays(await file.text());
      if (result.days.length === 0) return setProblem('In dit bestand staan geen afspraken vanaf vandaag.');
      setFound(result);
    } catch (error) {
      setProblem(error instanceof IcsImportError ? error.message : 'Dit bestand kon niet worden gelezen.');
    }
  };
  return (
    <Stack as="section" gap="3" bg="white" borderWidth="1px" rounded="2xl" p={{ base: '4', md: '5' }} aria-labelledby={`${ids}-title`}>
      <Heading as="h2" id={`${ids}-title`} fontSize="lg" fontWeight="800">
        Dagen blokkeren uit een andere agenda
      </Heading>
      <Text color="fg.muted">Exporteer je agenda als .ics-bestand en kies het hier: we blokkeren de dagen waarop je al iets hebt.</Text>
      <Box>
        <Button asChild variant="outline" rounded="full">
          <label htmlFor={`${ids}-file`}>Agendabestand kiezen</label>
        </Button>
        <input
          id={`${ids}-file`}
          type="file"
          accept=".ics,text/calendar"
          aria-label="Agendabestand kiezen"
          style={{ position: 'absolute', width: 1, height: 1, opacity: 0 }}
          onChange={(event) => {
            void read(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </Box>
      {problem && <AlertText>{problem}</AlertText>}
      {done && (
        <Text role="status" color="green.700" fontWeight="600">
          {done}
        </Text>
      )}
      {found && (
        <Stack gap="2" bg="ink.50" rounded="xl" p="3" data-testid="import-preview">
          <Text fontWeight="600">
            {found.events} {found.events === 1 ? 'afspraak' : 'afspraken'} gevonden: {found.days.length} {found.days.length === 1 ? 'dag' : 'dagen'} vanaf vandaag.
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {found.days
              .slice(0, 8)
              .map((day) => dutchLongDate(Number(day.slice(0, 4)), Number(day.slice(5, 7)), Number(day.slice(8, 10))))
              .join(', ')}
            {found.days.length > 8 ? ` en nog ${found.days.length - 8}` : ''}
          </Text>
          <HStack gap="2">
            <Button colorPalette="brand" rounded="full" size="sm" loading={block.isPending} onClick={() => block.mutate(found.days)}>
              Blokkeer deze dagen
            </Button>
            <Button variant="ghost" rounded="full" size="sm" onClick={() => setFound(null)}>
              Annuleren
            </Button>
          </HStack>
        </Stack>
      )}
    </Stack>
  );
}
