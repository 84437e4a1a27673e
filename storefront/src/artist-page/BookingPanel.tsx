// The booking entry point: pick a package and a date, then 'Boek nu' opens the booking request
// form with them (guests log in first and land on the form after); 'Stuur een bericht' opens the
// chat with the artist. The price shown is the database's; the form shows the database's price
// breakdown and request_booking charges it, never a number from this page. On phones a bar with
// the price and the button stays at the bottom.
import { Box, Button, chakra, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { rememberPostLoginDestination } from '@podium/shared/auth-guard';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useApp, useSessionState } from '../app/app-context.tsx';
import { sessionStore } from '../app/services.ts';
import { artistBusyDatesQuery, type ArtistPackage, type ArtistProfile } from '../data/artist-page.ts';
import { placeQuery } from '../data/discovery.ts';
import { publicQueryOptions } from '../data/public-query.ts';
import { CalendarIcon, CheckIcon, ClockIcon, MessageIcon, ShieldIcon } from '@podium/shared/ui/icons';
import { formatPrice } from '../marketplace/artist-cards.ts';
import { track } from '../platform/analytics.ts';
import { primaryCategory } from '../marketplace/artist-cards.ts';
import { bookingFlowPath, messageArtistPath, searchSummary } from './booking-entry.ts';
import { longDateLabel, monthOf, monthRange } from './calendar.ts';
import { PackageChoice } from './PackageChoice.tsx';
import { shortDateLabel } from './short-date.ts';
import { priceLine } from './pricing.ts';

export interface BookingSelection {
  date: string | null;
  packageId: string | null;
  /** The place and guests of the search, carried on to the booking form. */
  placeId?: number | null;
  guests?: number | null;
}

/** Whether the act is free on a chosen date: 'unknown' until its month's busy days are in. */
export function useDateAvailability(slug: string, date: string | null, today: string): 'free' | 'busy' | 'unknown' {
  const range = date ? monthRange(monthOf(date)) : null;
  const busy = useQuery({ ...publicQueryOptions(artistBusyDatesQuery(slug, range?.from ?? today, range?.to ?? today)), enabled: range !== null });
  if (!date || !busy.isSuccess) return 'unknown';
  return busy.data.includes(date) ? 'busy' : 'free';
}

export function useBookingActions(artist: ArtistProfile) {
  const app = useApp();
  const session = useSessionState();
  const navigate = useNavigate();
  const loggedIn = session.status === 'ready' || session.status === 'no-profile';
  // A guest logs in first; the login brings them to where they were going (SPEC 2.3's stored
  // destination), so 'Boek nu' ends on the form with their date and package.
  const askLogin = useCallback(
    (path: string) => {
      rememberPostLoginDestination(window.sessionStorage, path);
      app.openLogin();
    },
    [app],
  );
  // A press while the session is still being restored waits for it (at most 2 s, SPEC 4.1),
  // so a signed-in visitor is not shown the login dialog by mistake.
  // The press reads the session as it is now, not as this render saw it: a tap made before
  // hydration is replayed from the hydrating render, which still shows the prerendered guest.
  const queued = useRef<string | null>(null);
  const go = (path: string) => {
    const current = sessionStore.getSnapshot();
    if (current.status === 'loading') queued.current = path;
    else if (current.status === 'ready' || current.status === 'no-profile') void navigate(path);
    else askLogin(path);
  };
  useEffect(() => {
    const path = queued.current;
    if (!path || session.status === 'loading') return;
    queued.current = null;
    if (loggedIn) void navigate(path);
    else askLogin(path);
  }, [session.status, loggedIn, navigate, askLogin]);
  return {
    loggedIn,
    book(selection: BookingSelection, packages: readonly ArtistPackage[]) {
      const category = primaryCategory(artist);
      const pkg = packages.find((item) => item.id === selection.packageId);
      track('begin_booking', {
        artist_id: artist.id,
        artist_name: artist.name,
        ...(category ? { artist_category: category } : {}),
        order_value: (pkg?.price_cents ?? artist.base_price_cents) / 100,
      });
      go(bookingFlowPath({ slug: artist.slug, date: selection.date, packageId: selection.packageId, placeId: selection.placeId ?? null, guests: selection.guests ?? null }));
    },
    message() {
      go(messageArtistPath(artist.id));
    },
  };
}

export function BookingPanel({
  artist,
  packages,
  selection,
  onChange,
  today,
}: {
  artist: ArtistProfile;
  packages: readonly ArtistPackage[];
  selection: BookingSelection;
  onChange: (selection: BookingSelection) => void;
  today: string;
}) {
  const ids = useId();
  const actions = useBookingActions(artist);
  const availability = useDateAvailability(artist.slug, selection.date, today);
  const chosen = packages.find((pkg) => pkg.id === selection.packageId) ?? null;
  const dateBusy = availability === 'busy';
  const place = useQuery({ ...publicQueryOptions(placeQuery(selection.placeId ?? 0)), enabled: selection.placeId != null });
  // The search's place and guests go on to the booking form with 'Boek nu'.
  const search = searchSummary(selection.guests ?? null, selection.placeId != null ? (place.data?.name ?? null) : null);

  return (
    <Stack as="section" aria-labelledby={`${ids}-title`} gap="4" bg="white" borderWidth="1px" rounded="2xl" p={{ base: '4', md: '5' }} shadow={{ lg: 'lg' }}>
      <Box>
        <Text id={`${ids}-title`} fontSize="sm" color="fg.muted">
          {chosen ? chosen.name : 'Prijs'}
        </Text>
        <Text fontSize="2xl" fontWeight="800" data-testid="booking-price">
          {chosen ? formatPrice(chosen.price_cents) : priceLine(packages, artist.from_price_cents)}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          Exclusief servicekosten. Je betaalt pas als {artist.name} je aanvraag heeft geaccepteerd.
        </Text>
      </Box>

      {packages.length > 0 && (
        <Box as="fieldset">
          <Text as="legend" fontSize="sm" fontWeight="700" mb="2">
            Pakket
          </Text>
          <PackageChoice packages={packages} name={`${ids}-package`} value={selection.packageId} onChange={(packageId) => onChange({ ...selection, packageId })} compact />
        </Box>
      )}

      <Box>
        <chakra.label htmlFor={`${ids}-date`} fontSize="sm" fontWeight="700" display="block" mb="2">
          Datum van je feest
        </chakra.label>
        <Input
          id={`${ids}-date`}
          type="date"
          min={today}
          value={selection.date ?? ''}
          onChange={(event) => onChange({ ...selection, date: event.target.value || null })}
          aria-invalid={dateBusy || undefined}
          aria-describedby={`${ids}-date-hint`}
          rounded="xl"
        />
        <Text
          id={`${ids}-date-hint`}
          fontSize="xs"
          mt="1.5"
          color={dateBusy ? 'red.700' : availability === 'free' ? 'green.800' : 'fg.muted'}
          fontWeight={availability === 'unknown' ? undefined : '600'}
          role={dateBusy ? 'alert' : undefined}
          data-testid="booking-date-hint"
        >
          {dateBusy
            ? `${artist.name} is op deze datum niet beschikbaar.`
            : selection.date && availability === 'free'
              ? `${artist.name} is beschikbaar op ${longDateLabel(selection.date)}.`
              : 'Of kies een vrije dag in de kalender.'}
        </Text>
        {search && (
          <Text fontSize="xs" color="fg.muted" mt="1" data-testid="booking-search">
            {search}
          </Text>
        )}
      </Box>

      <Stack gap="2">
        <Button colorPalette="brand" size="lg" rounded="full" onClick={() => actions.book(selection, packages)}>
          <CalendarIcon size={18} />
          Boek nu
        </Button>
        <Button variant="outline" size="lg" rounded="full" onClick={actions.message}>
          <MessageIcon size={18} />
          Stuur een bericht
        </Button>
      </Stack>

      <Stack as="ul" gap="2" fontSize="xs" color="fg.muted" listStyleType="none">
        <Flex as="li" gap="2" align="center">
          <ShieldIcon size={16} /> Veilig betalen via Podium; annuleert de artiest, dan krijg je je geld terug.
        </Flex>
        <Flex as="li" gap="2" align="center">
          <CheckIcon size={16} /> Gratis aanvragen; de artiest reageert binnen 7 dagen.
        </Flex>
        <Flex as="li" gap="2" align="center">
          <ClockIcon size={16} /> Geen reactie of afgewezen? Dan betaal je niets.
        </Flex>
      </Stack>
    </Stack>
  );
}

/** Phones and tablets: the price and the booking button, always in reach. */
export function MobileBookingBar({ artist, packages, date, today, onBook }: { artist: ArtistProfile; packages: readonly ArtistPackage[]; date: string | null; today: string; onBook: () => void }) {
  const availability = useDateAvailability(artist.slug, date, today);
  return (
    <Box
      display={{ base: 'block', lg: 'none' }}
      position="fixed"
      insetX="0"
      bottom="0"
      zIndex="docked"
      bg="white"
      borderTopWidth="1px"
      shadow="0 -8px 24px -12px rgba(0,0,0,0.2)"
      px="4"
      pt="3"
      pb="calc(0.75rem + env(safe-area-inset-bottom))"
      data-testid="mobile-booking-bar"
    >
      <Flex maxW="3xl" mx="auto" align="center" justify="space-between" gap="4">
        <Box minW="0">
          <Text fontWeight="800" fontSize="lg" lineHeight="1.2">
            {priceLine(packages, artist.from_price_cents)}
          </Text>
          {date ? (
            <Text fontSize="xs" lineClamp={1} data-testid="mobile-booking-date">
              <Text as="span" fontWeight="700">
                {shortDateLabel(date)}
              </Text>
              {availability !== 'unknown' && (
                <Text as="span" fontWeight="600" color={availability === 'busy' ? 'red.700' : 'green.800'}>
                  {availability === 'busy' ? ' · niet beschikbaar' : ' · beschikbaar'}
                </Text>
              )}
            </Text>
          ) : (
            <Text fontSize="xs" color="fg.muted" lineClamp={1}>
              {artist.name}
            </Text>
          )}
        </Box>
        <Button colorPalette="brand" rounded="full" size="lg" onClick={onBook} flexShrink={0}>
          Boek nu
        </Button>
      </Flex>
    </Box>
  );
}
