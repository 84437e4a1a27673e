// The booking request, /artists/{slug}/boeken (reached from 'Boek nu' with ?datum= and
// ?pakket=): package, date on the availability calendar, time, kind of party, place and address,
// guests and a message, with the price breakdown from the database beside it. A guest fills it in
// and is asked to log in at the end; the form is kept (shared/src/booking-request.ts) and is there
// again after login. request_booking decides; its Dutch refusal is shown, and when the date was
// taken meanwhile the calendar refreshes.
import { Box, Button, Container, Field, Flex, Grid, Heading, HStack, Input, Link as ChakraLink, Stack, Text, Textarea, VisuallyHidden } from '@chakra-ui/react';
import { textareaRecipe } from '@chakra-ui/react/theme';
import { rememberPostLoginDestination } from '@podium/shared/auth-guard';
import {
  bookingRequestLimits,
  bookingRequestProblems,
  bookingWindow,
  durationChoices,
  emptyBookingDraft,
  eventTypes,
  forgetBookingDraft,
  guestCount,
  readBookingDraft,
  startTimes,
  storeBookingDraft,
  timeRangeLabel,
  type BookingRequestDraft,
  type BookingRequestField,
} from '@podium/shared/booking-request';
import { dutchCents, dutchDateTime } from '@podium/shared/dutch';
import { fieldRecipe } from '@podium/shared/theme-recipes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { useApp, useSessionState } from '../app/app-context.tsx';
import { sessionStore } from '../app/services.ts';
import { AvailabilityCalendar } from '../artist-page/AvailabilityCalendar.tsx';
import { PackageChoice } from '../artist-page/PackageChoice.tsx';
import { messageArtistPath } from '../artist-page/booking-entry.ts';
import { longDateLabel, monthOf, monthRange, type CalendarMonth } from '../artist-page/calendar.ts';
import { formatDuration } from '../artist-page/pricing.ts';
import { artistBusyDatesQuery, artistPackagesQuery, artistQuery, type ArtistPackage, type ArtistProfile } from '../data/artist-page.ts';
import { bookingQuoteQuery, sendBookingRequest, type RequestedBooking } from '../data/booking-request.ts';
import { loadPrivateClient } from '../data/private-query.ts';
import { publicQueryOptions } from '../data/public-query.ts';
import { LoadError, SkeletonBlock } from '@podium/shared/ui/LoadState';
import { NotFoundPage } from '../errors/NotFoundPage.tsx';
import { PlacePicker } from '../discovery/PlacePicker.tsx';
import { emptySearchContext, recallSearchContext, searchContextFromArtistParams, type SearchContext } from '../discovery/search-context.ts';
import { placeQuery, type Place } from '../data/discovery.ts';
import { NativeSelect } from '@podium/shared/ui/NativeSelect';
import { ArrowLeftIcon, CheckIcon, ShieldIcon } from '@podium/shared/ui/icons';
import { track } from '../platform/analytics.ts';
import { useToday } from '../platform/today.ts';
import { PageMeta } from '../seo/PageMeta.tsx';

const fieldOrder: BookingRequestField[] = ['packageId', 'date', 'startTime', 'eventType', 'guests', 'placeId', 'address', 'message'];
const otherEventType = 'anders';
/** The fields' names as their labels say them, for the message a refused submit reads out. */
const fieldNames: Record<BookingRequestField, string> = {
  packageId: 'Pakket',
  date: 'Datum',
  startTime: 'Begintijd',
  eventType: 'Soort feest',
  guests: 'Aantal gasten',
  placeId: 'Plaats',
  address: 'Adres van de locatie',
  message: 'Bericht',
};

/** A ref that focuses its element once, when it appears: the page's answer after a submit, so the focus never falls to the page. */
const focusOnMount = (node: HTMLElement | null) => node?.focus();

export default function BookingRequestPage() {
  const slug = useParams().slug ?? '';
  const [params] = useSearchParams();
  const today = useToday();
  const artist = useQuery(publicQueryOptions(artistQuery(slug)));
  const packages = useQuery(publicQueryOptions(artistPackagesQuery(slug)));
  // The search that led here (the address, else the one remembered for the tab), read once.
  const [search] = useState(() => searchForForm(params, today));
  // The place field shows the place's name: read before the form starts (a failure leaves the name to the field).
  const place = useQuery({ ...publicQueryOptions(placeQuery(search.placeId ?? 0)), enabled: search.placeId !== null });
  if (artist.isPending || packages.isPending || (search.placeId !== null && place.isPending)) {
    return (
      <Container maxW="6xl" py="10" aria-busy="true">
        <SkeletonBlock h="10" w="60%" />
        <Box mt="6">
          <SkeletonBlock h="96" />
        </Box>
      </Container>
    );
  }
  if (artist.isError || packages.isError) {
    return (
      <Container maxW="3xl" py="16">
        <LoadError subject="De gegevens van deze artiest" plural={true} onRetry={() => void Promise.all([artist.refetch(), packages.refetch()])} />
      </Container>
    );
  }
  if (!artist.data) {
    return (
      <>
        <PageMeta title="Artiest niet gevonden" description="Deze artiest bestaat niet (meer) op Podium." path={`/artists/${slug}/boeken`} noindex />
        <NotFoundPage />
      </>
    );
  }
  return <BookingRequestForm key={artist.data.id} artist={artist.data} packages={packages.data} search={search} searchPlace={place.data ?? null} />;
}

/** The address's date, place and guests (?datum=&plaats=&gasten=); each one it lacks, from the search remembered for the tab. */
function searchForForm(params: URLSearchParams, today: string): { address: SearchContext; remembered: SearchContext; placeId: number | null } {
  const address = searchContextFromArtistParams(params, today);
  const remembered = typeof window === 'undefined' ? emptySearchContext : recallSearchContext(window.sessionStorage, today);
  return { address, remembered, placeId: address.placeId ?? remembered.placeId };
}

/**
 * The form as it starts: the package and the search's date, place and guests from the address;
 * what the address does not say, from the draft kept for this act, else from the remembered search.
 * Nothing is checked yet: problems are shown once the form is sent.
 */
function initialDraft(slug: string, params: URLSearchParams, packages: readonly ArtistPackage[], search: ReturnType<typeof searchForForm>, searchPlace: Place | null): BookingRequestDraft {
  const stored = typeof window === 'undefined' ? null : readBookingDraft(window.localStorage, slug);
  const draft = stored ?? emptyBookingDraft(null, null, 240);
  const { address, remembered } = search;
  const packageId = params.get('pakket');
  const placeId = address.placeId ?? draft.placeId ?? remembered.placeId;
  const guests = address.guests ?? (draft.guests.trim() ? null : remembered.guests);
  return {
    ...draft,
    date: address.date ?? draft.date ?? remembered.date,
    packageId: packages.some((pkg) => pkg.id === packageId) ? packageId : draft.packageId,
    placeId,
    placeName: placeId !== null && placeId === searchPlace?.id ? searchPlace.name : placeId === draft.placeId ? draft.placeName : '',
    guests: guests !== null ? String(guests) : draft.guests,
  };
}

function BookingRequestForm({ artist, packages, search, searchPlace }: { artist: ArtistProfile; packages: ArtistPackage[]; search: ReturnType<typeof searchForForm>; searchPlace: Place | null }) {
  const id = useId();
  const app = useApp();
  const session = useSessionState();
  const location = useLocation();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const today = useToday();
  const [draft, setDraft] = useState<BookingRequestDraft>(() => initialDraft(artist.slug, params, packages, search, searchPlace));
  const [otherKind, setOtherKind] = useState(() => draft.eventType !== '' && !(eventTypes as readonly string[]).includes(draft.eventType));
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [loginAsked, setLoginAsked] = useState(false);
  const [requested, setRequested] = useState<RequestedBooking | null>(null);
  // Said aloud when a submit is refused, beside the focus going to the first field to fix.
  const [refusal, setRefusal] = useState<{ text: string; count: number } | null>(null);
  const [chosenMonth, setMonth] = useState<CalendarMonth>(() => monthOf(draft.date && draft.date > today ? draft.date : today));
  const formRef = useRef<HTMLFormElement>(null);

  const packageId = packages.some((pkg) => pkg.id === draft.packageId) ? draft.packageId : (packages[0]?.id ?? null);
  const chosenPackage = packages.find((pkg) => pkg.id === packageId) ?? null;
  const durationMinutes = chosenPackage && chosenPackage.duration_minutes > 0 ? chosenPackage.duration_minutes : draft.durationMinutes;
  const thisMonth = monthOf(today);
  const month = chosenMonth.year * 12 + chosenMonth.month < thisMonth.year * 12 + thisMonth.month ? thisMonth : chosenMonth;
  const dateRange = draft.date ? monthRange(monthOf(draft.date)) : null;
  const busy = useQuery({ ...publicQueryOptions(artistBusyDatesQuery(artist.slug, dateRange?.from ?? today, dateRange?.to ?? today)), enabled: dateRange !== null });
  const quote = useQuery(publicQueryOptions(bookingQuoteQuery(artist.id, packageId)));
  const problems = bookingRequestProblems({ ...draft, packageId }, { hasPackages: packages.length > 0, packageIds: packages.map((pkg) => pkg.id), busy: new Set(busy.data ?? []), today });
  const shown = (field: BookingRequestField) => (tried || (field === 'date' && draft.date !== null) || field === 'message' ? problems[field] : undefined);

  const update = (change: Partial<BookingRequestDraft>) => {
    setDraft((current) => {
      const next = { ...current, ...change };
      storeBookingDraft(window.localStorage, artist.slug, next);
      return next;
    });
    setServerError(null);
    setRefusal(null);
  };

  const request = useMutation({
    mutationFn: async (next: BookingRequestDraft) => {
      const slot = bookingWindow(next.date!, next.startTime, durationMinutes);
      return sendBookingRequest(await loadPrivateClient(), {
        artistId: artist.id,
        packageId,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        eventType: next.eventType,
        address: next.address,
        placeId: next.placeId!,
        guests: guestCount(next.guests)!,
        message: next.message,
      });
    },
    onSuccess: (result) => {
      if (result.ok) {
        forgetBookingDraft(window.localStorage, artist.slug);
        track('booking_requested', { artist_id: artist.id, artist_name: artist.name, order_value: result.booking.total_cents / 100 });
        setRequested(result.booking);
        window.scrollTo({ top: 0 });
        return;
      }
      setServerError(result.message);
      if (result.dateTaken) void queryClient.invalidateQueries({ queryKey: artistBusyDatesQuery(artist.slug, '', '').queryKey.slice(0, -2) });
    },
    onError: () => setServerError('Je aanvraag kon niet worden verstuurd. Controleer je verbinding en probeer het opnieuw.'),
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    const first = fieldOrder.find((field) => problems[field]);
    if (first) {
      // The field itself when it can take the focus, else its control (the select, the place's text box).
      const holder = formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`);
      const control = holder && !holder.matches('input, select, textarea') ? holder.querySelector<HTMLElement>('input, select, textarea, [role="radio"]') : null;
      (control ?? holder)?.focus();
      // The date's message is what gets the focus, and is read out then; for the others it is said
      // which field to fix (its own message is read with the field).
      setRefusal(first === 'date' ? null : { text: `Controleer het veld ‘${fieldNames[first]}’.`, count: (refusal?.count ?? 0) + 1 });
      return;
    }
    setRefusal(null);
    const current = sessionStore.getSnapshot();
    if (current.status !== 'ready' && current.status !== 'no-profile') {
      // Kept for after the login (or a signup confirmed later): the form is stored as it is.
      storeBookingDraft(window.localStorage, artist.slug, { ...draft, packageId });
      rememberPostLoginDestination(window.sessionStorage, `${location.pathname}${location.search}`);
      setLoginAsked(true);
      app.openLogin();
      return;
    }
    request.mutate({ ...draft, packageId });
  };

  if (requested) return <RequestSent artist={artist} booking={requested} packageName={chosenPackage?.name ?? null} />;

  const loggedIn = session.status === 'ready' || session.status === 'no-profile';
  const fieldProps = (field: BookingRequestField) => ({ invalid: Boolean(shown(field)), recipe: fieldRecipe });
  const errorText = (field: BookingRequestField) => shown(field) && <Field.ErrorText>{shown(field)}</Field.ErrorText>;
  const kindValue = otherKind ? otherEventType : draft.eventType;

  return (
    <Container maxW="6xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }} pb={{ base: '28', md: '10' }}>
      <PageMeta title={`${artist.name} boeken`} description={`Vraag ${artist.name} aan voor je feest op Podium.`} path={`/artists/${artist.slug}/boeken`} noindex />
      <ChakraLink asChild fontSize="sm" fontWeight="600" color="ink.700" mb="4">
        <Link to={`/artists/${artist.slug}`}>
          <ArrowLeftIcon size={16} /> Terug naar {artist.name}
        </Link>
      </ChakraLink>
      <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} fontWeight="800">
        {artist.name} boeken
      </Heading>
      <Text color="fg.muted" mt="1">
        Aanvragen is gratis. Je betaalt pas als {artist.name} je aanvraag heeft geaccepteerd.
      </Text>

      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 360px' }} gap={{ base: '6', lg: '10' }} mt="6" alignItems="start">
        <form ref={formRef} onSubmit={submit} noValidate aria-label={`Aanvraag voor ${artist.name}`}>
          <Stack gap="8">
            {packages.length > 0 && (
              <FormSection title="Pakket">
                <Box as="fieldset" aria-label="Pakket">
                  <PackageChoice packages={packages} name={`${id}-package`} value={packageId} onChange={(packageId) => update({ packageId })} fieldName="packageId" />
                </Box>
              </FormSection>
            )}

            <FormSection title="Datum en tijd">
              <Box borderWidth="1px" rounded="2xl" bg="white" p={{ base: '3', md: '5' }}>
                <AvailabilityCalendar slug={artist.slug} month={month} onMonthChange={setMonth} today={today} selectedDate={draft.date} onSelectDate={(date) => update({ date })} />
              </Box>
              <Text
                id={`${id}-date`}
                data-field="date"
                tabIndex={-1}
                fontSize="sm"
                mt="2"
                fontWeight={shown('date') ? '600' : undefined}
                color={shown('date') ? 'red.700' : 'fg.muted'}
                role={shown('date') ? 'alert' : undefined}
              >
                {shown('date') ?? (draft.date ? `Gekozen: ${longDateLabel(draft.date)}` : 'Kies een vrije dag in de kalender.')}
              </Text>
              <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4" mt="4">
                <Field.Root {...fieldProps('startTime')} required>
                  <Field.Label htmlFor={`${id}-start`}>Begintijd</Field.Label>
                  <NativeSelect id={`${id}-start`} value={draft.startTime} onChange={(startTime) => update({ startTime })}>
                    {startTimes.map((time) => (
                      <option key={time} value={time}>
                        {time}
                      </option>
                    ))}
                  </NativeSelect>
                  {errorText('startTime')}
                </Field.Root>
                <Field.Root>
                  <Field.Label htmlFor={`${id}-duration`}>Duur</Field.Label>
                  {chosenPackage && chosenPackage.duration_minutes > 0 ? (
                    <Text id={`${id}-duration`} h="10" display="flex" alignItems="center" fontWeight="600">
                      {formatDuration(durationMinutes)} ({timeRangeLabel(draft.startTime, durationMinutes)})
                    </Text>
                  ) : (
                    <NativeSelect id={`${id}-duration`} value={String(draft.durationMinutes)} onChange={(value) => update({ durationMinutes: Number(value) })}>
                      {durationChoices.map((minutes) => (
                        <option key={minutes} value={minutes}>
                          {formatDuration(minutes)} ({timeRangeLabel(draft.startTime, minutes)})
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                </Field.Root>
              </Grid>
            </FormSection>

            <FormSection title="Je feest">
              <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4">
                <Field.Root {...fieldProps('eventType')} required>
                  <Field.Label htmlFor={`${id}-kind`}>Soort feest</Field.Label>
                  <Box w="full" data-field="eventType" tabIndex={-1}>
                    <NativeSelect
                      id={`${id}-kind`}
                      value={kindValue}
                      onChange={(value) => {
                        setOtherKind(value === otherEventType);
                        update({ eventType: value === otherEventType ? '' : value });
                      }}
                    >
                      <option value="">Kies…</option>
                      {eventTypes.map((kind) => (
                        <option key={kind} value={kind}>
                          {kind}
                        </option>
                      ))}
                      <option value={otherEventType}>Anders…</option>
                    </NativeSelect>
                  </Box>
                  {otherKind && (
                    <Input
                      bg="white"
                      mt="2"
                      aria-label="Wat voor feest is het?"
                      placeholder="Bijvoorbeeld: afscheidsfeest"
                      maxLength={bookingRequestLimits.eventTypeMaxChars + 20}
                      value={draft.eventType}
                      onChange={(event) => update({ eventType: event.target.value })}
                    />
                  )}
                  {errorText('eventType')}
                </Field.Root>
                <Field.Root {...fieldProps('guests')} required>
                  <Field.Label>Aantal gasten</Field.Label>
                  <Input
                    bg="white"
                    data-field="guests"
                    inputMode="numeric"
                    autoComplete="off"
                    placeholder="Bijvoorbeeld 120"
                    value={draft.guests}
                    onChange={(event) => update({ guests: event.target.value })}
                  />
                  {errorText('guests')}
                </Field.Root>
              </Grid>
            </FormSection>

            <FormSection title="Locatie">
              <Stack gap="4">
                <Box data-field="placeId" tabIndex={-1}>
                  <PlacePicker placeId={draft.placeId} onChange={(placeId) => update({ placeId })} />
                  {shown('placeId') && (
                    <Text fontSize="sm" color="red.700" mt="1.5" role="alert">
                      {shown('placeId')}
                    </Text>
                  )}
                </Box>
                <Field.Root {...fieldProps('address')} required>
                  <Field.Label>Adres van de locatie</Field.Label>
                  <Input
                    bg="white"
                    data-field="address"
                    autoComplete="street-address"
                    placeholder="Bijvoorbeeld: Kasteel de Haar, Kasteellaan 1"
                    value={draft.address}
                    onChange={(event) => update({ address: event.target.value })}
                  />
                  {errorText('address')}
                </Field.Root>
              </Stack>
            </FormSection>

            <FormSection title={`Bericht aan ${artist.name}`}>
              <Field.Root {...fieldProps('message')}>
                <Field.Label>
                  Vertel iets over je feest{' '}
                  <Text as="span" color="fg.muted" fontWeight="normal">
                    (optioneel)
                  </Text>
                </Field.Label>
                <Textarea
                  recipe={textareaRecipe}
                  bg="white"
                  data-field="message"
                  rows={5}
                  placeholder="Bijvoorbeeld: de muziek die jullie mooi vinden, het programma van de avond, bijzondere wensen."
                  value={draft.message}
                  onChange={(event) => update({ message: event.target.value })}
                />
                <Field.HelperText color={draft.message.length > bookingRequestLimits.messageMaxChars ? 'red.700' : undefined}>
                  {draft.message.length.toLocaleString('nl-NL')} / {bookingRequestLimits.messageMaxChars.toLocaleString('nl-NL')} tekens
                </Field.HelperText>
                {errorText('message')}
              </Field.Root>
            </FormSection>

            {refusal && (
              <VisuallyHidden key={refusal.count} role="alert">
                De aanvraag is nog niet verstuurd. {refusal.text}
              </VisuallyHidden>
            )}
            {serverError && (
              <Box ref={focusOnMount} tabIndex={-1} role="alert" bg="red.50" borderWidth="1px" borderColor="red.200" color="red.800" rounded="xl" p="4" fontWeight="600">
                {serverError}
              </Box>
            )}
            {loginAsked && !loggedIn && (
              <Box role="status" bg="brand.50" borderWidth="1px" borderColor="brand.200" rounded="xl" p="4">
                <Text fontWeight="700">Log in of maak een account aan om je aanvraag te versturen.</Text>
                <Text fontSize="sm" mt="1">
                  Je gegevens blijven bewaard; daarna verstuur je de aanvraag met één klik.
                </Text>
                <HStack mt="3" gap="2">
                  <Button size="sm" colorPalette="brand" rounded="full" onClick={() => app.openLogin()}>
                    Inloggen
                  </Button>
                  <Button size="sm" variant="outline" rounded="full" onClick={() => app.openSignup()}>
                    Account aanmaken
                  </Button>
                </HStack>
              </Box>
            )}
            <Button type="submit" colorPalette="brand" size="lg" rounded="full" loading={request.isPending} loadingText="Versturen…" alignSelf={{ base: 'stretch', sm: 'start' }}>
              Aanvraag versturen
            </Button>
          </Stack>
        </form>

        <PriceSummary
          artist={artist}
          packageName={chosenPackage?.name ?? null}
          date={draft.date}
          timeRange={timeRangeLabel(draft.startTime, durationMinutes)}
          quote={quote.data ?? null}
          loading={quote.isPending}
          failed={quote.isError}
          onRetry={() => void quote.refetch()}
        />
      </Grid>
    </Container>
  );
}

function FormSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box as="section">
      <Heading as="h2" fontSize="lg" fontWeight="800" mb="3">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

function PriceSummary(props: {
  artist: ArtistProfile;
  packageName: string | null;
  date: string | null;
  timeRange: string;
  quote: { price_cents: number; platform_fee_cents: number; total_cents: number; platform_fee_bps: number } | null;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}) {
  const { artist, packageName, date, timeRange, quote } = props;
  const feePercent = quote ? (quote.platform_fee_bps / 100).toLocaleString('nl-NL') : null;
  return (
    <Stack
      as="aside"
      aria-label="Prijsoverzicht"
      gap="4"
      bg="white"
      borderWidth="1px"
      rounded="2xl"
      p="5"
      position={{ lg: 'sticky' }}
      top={{ lg: '24' }}
      order={{ base: -1, lg: 0 }}
      data-testid="price-summary"
    >
      <Box>
        <Text fontWeight="800" fontSize="lg">
          {artist.name}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {packageName ?? 'Optreden'}
          {date ? ` · ${longDateLabel(date)}, ${timeRange}` : ''}
        </Text>
      </Box>
      {props.failed ? (
        <LoadError subject="De prijzen" plural={true} onRetry={props.onRetry} />
      ) : props.loading || !quote ? (
        <SkeletonBlock h="24" />
      ) : (
        <Stack as="dl" gap="2" fontSize="sm">
          <SummaryRow label={packageName ?? 'Prijs van de artiest'} value={dutchCents(quote.price_cents)} />
          <SummaryRow label={`Servicekosten (${feePercent}%)`} value={dutchCents(quote.platform_fee_cents)} />
          <SummaryRow label="Totaal" value={dutchCents(quote.total_cents)} strong />
        </Stack>
      )}
      <Stack gap="2" fontSize="xs" color="fg.muted">
        <HStack gap="2" align="start">
          <CheckIcon size={16} /> <Text>Gratis aanvragen: je betaalt pas na acceptatie.</Text>
        </HStack>
        <HStack gap="2" align="start">
          <ShieldIcon size={16} /> <Text>Veilig betalen via Podium met iDEAL, Bancontact of creditcard.</Text>
        </HStack>
      </Stack>
    </Stack>
  );
}

function SummaryRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Flex justify="space-between" gap="4" fontWeight={strong ? '800' : undefined} fontSize={strong ? 'md' : undefined} {...(strong ? { borderTopWidth: '1px', pt: '2' } : {})}>
      <Text as="dt">{label}</Text>
      <Text as="dd" data-testid={strong ? 'quote-total' : undefined}>
        {value}
      </Text>
    </Flex>
  );
}

function RequestSent({ artist, booking, packageName }: { artist: ArtistProfile; booking: RequestedBooking; packageName: string | null }) {
  return (
    <Container maxW="3xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '14' }}>
      <PageMeta title="Aanvraag verstuurd" description={`Je aanvraag voor ${artist.name} is verstuurd.`} path={`/artists/${artist.slug}/boeken`} noindex />
      <Stack gap="6" bg="white" borderWidth="1px" rounded="2xl" p={{ base: '5', md: '8' }} role="status" data-testid="booking-requested">
        <Stack gap="2">
          <Flex w="12" h="12" rounded="full" bg="green.100" color="green.700" align="center" justify="center">
            <CheckIcon size={24} />
          </Flex>
          <Heading as="h1" ref={focusOnMount} tabIndex={-1} outline="none" fontSize={{ base: '2xl', md: '3xl' }} fontWeight="800">
            Je aanvraag is verstuurd
          </Heading>
          <Text color="fg.muted">
            {packageName ? `${packageName} · ` : ''}
            {dutchDateTime(booking.starts_at)} · {dutchCents(booking.total_cents)}
          </Text>
        </Stack>
        <Stack as="ol" gap="4" listStyleType="none">
          <Step number={1} title={`${artist.name} reageert`}>
            {booking.response_deadline
              ? `${artist.name} heeft tot ${dutchDateTime(booking.response_deadline)} om je aanvraag te accepteren of af te wijzen. Je krijgt hierover een e-mail.`
              : `${artist.name} reageert zo snel mogelijk. Je krijgt hierover een e-mail.`}
          </Step>
          <Step number={2} title="Jij betaalt">
            Na acceptatie betaal je veilig via Podium. Reageert {artist.name} niet op tijd of wijst die af, dan betaal je niets.
          </Step>
          <Step number={3} title="Je boeking is bevestigd">
            Zodra je betaald hebt, staat het optreden vast. Je vindt alles terug bij Mijn boekingen.
          </Step>
        </Stack>
        <Flex gap="3" direction={{ base: 'column', sm: 'row' }}>
          <Button asChild colorPalette="brand" rounded="full">
            <Link to={`/bookings?booking=${booking.id}`}>Naar Mijn boekingen</Link>
          </Button>
          <Button asChild variant="outline" rounded="full">
            <Link to={messageArtistPath(artist.id)}>Stuur {artist.name} een bericht</Link>
          </Button>
        </Flex>
      </Stack>
    </Container>
  );
}

function Step({ number, title, children }: { number: number; title: string; children: React.ReactNode }) {
  return (
    <Flex as="li" gap="3" align="start">
      <Flex flexShrink={0} w="7" h="7" rounded="full" bg="brand.600" color="white" fontWeight="800" fontSize="sm" align="center" justify="center" aria-hidden="true">
        {number}
      </Flex>
      <Box>
        <Text fontWeight="700">{title}</Text>
        <Text fontSize="sm" color="fg.muted">
          {children}
        </Text>
      </Box>
    </Flex>
  );
}
