// 'Is het optreden doorgegaan?' (the check-in after a paid gig): 'Ja, alles ging goed' releases the
// artist's payout and opens the review; 'Probleem melden' takes a reason from a short list, a
// description and up to five photos, and holds the payout until Podium has looked at it. Shown on
// top of 'Mijn boekingen' for every gig waiting for an answer, and in the booking's details (the
// check-in mail links there). The database decides what may still be answered (answer_checkin).
import { Box, Button, chakra, Heading, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { textareaRecipe } from '@chakra-ui/react/theme';
import { CASE_DETAILS_MAX, CASE_PHOTOS_MAX, caseProblems, caseReasonLabels, caseReasons, checkinState, oneCheckin, type CaseReason } from '@podium/shared/checkin';
import { useMinuteClock } from '@podium/shared/countdown';
import { dutchDateTime, dutchShortMoment } from '@podium/shared/dutch';
import { queryKeys } from '@podium/shared/query-keys';
import { toast } from '@podium/shared/toast';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { confirmGig, reportProblem, type CustomerBooking } from '../data/bookings.ts';
import { loadPrivateClient } from '../data/private-query.ts';

type Gig = Pick<CustomerBooking, 'id' | 'starts_at' | 'checkin'> & { artist: { name: string } | null };

/** Whether a booking waits for the customer's answer now. */
export const awaitsCheckin = (booking: Pick<CustomerBooking, 'status' | 'checkin'>, now: number) => booking.status === 'completed' && checkinState(oneCheckin(booking.checkin), now) === 'open';

export function CheckinCard({ booking, headingLevel = 'h2' }: { booking: Gig; headingLevel?: 'h2' | 'h3' }) {
  const ids = useId();
  const now = useMinuteClock();
  const queryClient = useQueryClient();
  const [reporting, setReporting] = useState(false);
  const checkin = oneCheckin(booking.checkin);
  const state = checkinState(checkin, now);
  const name = booking.artist?.name ?? 'de artiest';
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.customerBookings });
  const confirm = useMutation({
    mutationFn: async () => confirmGig(await loadPrivateClient(), booking.id),
    onSuccess: async (refusal) => {
      if (refusal) toast({ title: refusal, variant: 'destructive' });
      else toast({ title: 'Bedankt! Fijn dat alles goed ging.', description: `We betalen ${name} uit. Je kunt nu een review schrijven.` });
      await refresh();
    },
    onError: () => toast({ title: 'Dat lukte niet. Probeer het opnieuw.', variant: 'destructive' }),
  });

  if (state === 'reported') {
    return (
      <Box role="status" bg="orange.50" borderWidth="1px" borderColor="orange.200" rounded="2xl" p={{ base: '4', md: '5' }} data-testid="checkin-reported">
        <Text fontWeight="700">Je melding over {name} is ontvangen.</Text>
        <Text>We houden de betaling aan de artiest vast en nemen binnen twee werkdagen contact met je op. Daarna kun je ook een review schrijven.</Text>
      </Box>
    );
  }
  if (state !== 'open' || !checkin) return null;

  return (
    <Stack as="section" aria-labelledby={`${ids}-title`} gap="3" bg="brand.50" borderWidth="1px" borderColor="brand.200" rounded="2xl" p={{ base: '4', md: '5' }} data-testid="checkin-card">
      <Stack gap="1">
        <Heading as={headingLevel} id={`${ids}-title`} fontSize="lg" fontWeight="800">
          Is het optreden doorgegaan?
        </Heading>
        <Text>
          Het optreden van {name} op {dutchDateTime(booking.starts_at)} is voorbij. Ging alles zoals afgesproken?
        </Text>
        <Text color="fg.muted" fontSize="sm">
          Ging er iets mis, meld het dan vóór {dutchShortMoment(checkin.closes_at)}. Tot dan houden we de betaling aan de artiest vast.
        </Text>
      </Stack>
      {!reporting && (
        <HStack gap="2" flexWrap="wrap">
          <Button colorPalette="brand" rounded="full" loading={confirm.isPending} onClick={() => confirm.mutate()}>
            Ja, alles ging goed
          </Button>
          <Button variant="outline" rounded="full" bg="white" disabled={confirm.isPending} onClick={() => setReporting(true)}>
            Probleem melden
          </Button>
        </HStack>
      )}
      {reporting && <ProblemForm bookingId={booking.id} name={name} onClose={() => setReporting(false)} onSent={refresh} />}
    </Stack>
  );
}

function ProblemForm({ bookingId, name, onClose, onSent }: { bookingId: string; name: string; onClose: () => void; onSent: () => Promise<void> }) {
  const ids = useId();
  const [reason, setReason] = useState<CaseReason | null>(null);
  const [details, setDetails] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [shown, setShown] = useState<ReturnType<typeof caseProblems>>({});
  const fileInput = useRef<HTMLInputElement>(null);
  const send = useMutation({
    mutationFn: async () => reportProblem(await loadPrivateClient(), bookingId, { reason: reason!, details, photos }),
    onSuccess: async (refusal) => {
      if (refusal) {
        toast({ title: 'Je melding is niet verstuurd', description: refusal, variant: 'destructive' });
        return;
      }
      toast({ title: 'Je melding is verstuurd.', description: `We houden de betaling aan ${name} vast en nemen contact met je op.` });
      await onSent();
    },
    onError: () => toast({ title: 'Je melding is niet verstuurd. Probeer het opnieuw.', variant: 'destructive' }),
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const problems = caseProblems(reason, details, photos.length);
    setShown(problems);
    if (Object.keys(problems).length === 0) send.mutate();
  };
  const errorText = (field: keyof typeof shown) =>
    shown[field] ? (
      <Text id={`${ids}-${field}-error`} color="red.700" fontSize="sm">
        {shown[field]}
      </Text>
    ) : null;

  return (
    <chakra.form onSubmit={submit} noValidate display="flex" flexDirection="column" gap="4" bg="white" borderWidth="1px" rounded="xl" p="4" aria-label={`Probleem melden over ${name}`}>
      <Stack as="fieldset" gap="2" border="0" p="0" m="0" aria-describedby={shown.reason ? `${ids}-reason-error` : undefined}>
        <Text as="legend" fontWeight="700" mb="1">
          Wat ging er mis?
        </Text>
        {caseReasons.map((option) => (
          <chakra.label key={option} display="flex" alignItems="center" gap="3" cursor="pointer">
            <chakra.input type="radio" name={`${ids}-reason`} value={option} checked={reason === option} onChange={() => setReason(option)} accentColor="var(--chakra-colors-brand-600)" w="4" h="4" />
            {caseReasonLabels[option]}
          </chakra.label>
        ))}
        {errorText('reason')}
      </Stack>
      <Stack gap="1">
        <chakra.label htmlFor={`${ids}-details`} fontWeight="700">
          Vertel wat er gebeurde
        </chakra.label>
        <Textarea
          recipe={textareaRecipe}
          id={`${ids}-details`}
          rows={4}
          maxLength={CASE_DETAILS_MAX}
          value={details}
          aria-invalid={shown.details ? true : undefined}
          aria-describedby={shown.details ? `${ids}-details-error` : undefined}
          onChange={(event) => setDetails(event.target.value)}
        />
        {errorText('details')}
      </Stack>
      <Stack gap="1">
        <Text fontWeight="700" id={`${ids}-photos`}>
          Foto&apos;s (niet verplicht, hoogstens {CASE_PHOTOS_MAX})
        </Text>
        <input
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          hidden
          data-testid="case-photos-input"
          onChange={(event) => {
            const chosen = Array.from(event.target.files ?? []);
            event.target.value = '';
            setPhotos((current) => [...current, ...chosen]);
          }}
        />
        <HStack gap="2" flexWrap="wrap">
          <Button variant="outline" size="sm" rounded="full" aria-describedby={`${ids}-photos`} onClick={() => fileInput.current?.click()}>
            Foto&apos;s toevoegen
          </Button>
          {photos.map((photo, index) => (
            <Button
              key={`${photo.name}-${index}`}
              size="sm"
              variant="ghost"
              rounded="full"
              aria-label={`${photo.name} weghalen`}
              onClick={() => setPhotos((current) => current.filter((_, at) => at !== index))}
            >
              {photo.name} ✕
            </Button>
          ))}
        </HStack>
        {errorText('photos')}
      </Stack>
      <HStack gap="2" flexWrap="wrap">
        <Button type="submit" colorPalette="brand" rounded="full" loading={send.isPending} loadingText="Versturen…">
          Melding versturen
        </Button>
        <Button variant="ghost" rounded="full" disabled={send.isPending} onClick={onClose}>
          Annuleren
        </Button>
      </HStack>
    </chakra.form>
  );
}

/** A completed gig's next step on its card while it does not count as played yet (the review comes after). */
export function PlayedGigHint({ booking }: { booking: Gig }) {
  const now = useMinuteClock();
  const state = checkinState(oneCheckin(booking.checkin), now);
  if (state === 'closing') return <Text color="fg.muted">De meldtermijn is voorbij; je kunt zo een review schrijven.</Text>;
  if (state === 'reported') return <Text color="fg.muted">Je melding wordt bekeken; daarna kun je een review schrijven.</Text>;
  if (state === 'open') {
    return (
      <Text color="brand.700" fontWeight="600">
        <Link to={`/bookings?tab=afgelopen&booking=${booking.id}`}>Laat ons weten of het optreden is doorgegaan</Link>
      </Text>
    );
  }
  return null;
}
