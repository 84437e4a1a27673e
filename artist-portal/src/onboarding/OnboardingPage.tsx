// Becoming an artist (/artist-onboarding, SPEC 2.10): a step-by-step form that saves at
// every step, so an artist can leave and come back where they were (the first step with
// something missing, or ?stap=). Then 'Aanmelding versturen' puts the act in the admins'
// approval queue; the page then says what happens next. A rejected act shows the admin's reason
// and can be fixed and sent again; an approved one leads to the dashboard.
import { Box, Button, Container, Flex, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { isOnboardingStep, onboardingSteps, resumeStep, type OnboardingStep } from '@podium/shared/artist-onboarding';
import { dutchCents, dutchDateTime } from '@podium/shared/dutch';
import { imageUrl } from '@podium/shared/images';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { env } from '../env.ts';
import { PortalFrame } from '../portal/PortalFrame.tsx';
import { actStatus, fetchOnboarding, onboardingKey, submitApplication, type Onboarding, type OwnAct } from '../data/listing.ts';
import { ActStep } from './steps/ActStep.tsx';
import { problemText } from './steps/form-parts.tsx';
import { LocationStep } from './steps/LocationStep.tsx';
import { MediaStep } from './steps/MediaStep.tsx';
import { PackagesStep } from './steps/PackagesStep.tsx';
import { PayoutStep } from './steps/PayoutStep.tsx';
import { LoadError } from '@podium/shared/ui/LoadState';
import { AlertText, Loading } from '../portal/LoadState.tsx';
import { useUserId } from '../data/artist.ts';

export default function OnboardingPage() {
  return (
    <PortalFrame links={[]}>
      <OnboardingContent />
    </PortalFrame>
  );
}

function OnboardingContent() {
  const userId = useUserId();
  const onboarding = useQuery({ queryKey: [...onboardingKey, userId], queryFn: () => fetchOnboarding(userId!), enabled: userId !== null });
  useEffect(() => {
    document.title = 'Artiest worden · Podium';
  }, []);
  if (!userId || onboarding.isPending || onboarding.isError) {
    return (
      <Container maxW="4xl" py="10">
        {onboarding.isError ? <LoadError subject="Je aanmelding" plural={false} onRetry={() => void onboarding.refetch()} /> : <Loading />}
      </Container>
    );
  }
  const data = onboarding.data;
  const status = actStatus(data.act);
  return (
    <Container maxW="4xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" fontSize={{ base: '3xl', md: '4xl' }} fontWeight="800">
            {status === 'none' || status === 'draft' ? 'Artiest worden' : 'Je aanmelding'}
          </Heading>
          {(status === 'none' || status === 'draft') && <Text color="fg.muted">Vertel in zes stappen wie je bent en wat je biedt. We bewaren alles meteen: je kunt stoppen en later verder gaan.</Text>}
        </Stack>
        {status === 'pending' && data.act && <PendingStatus act={data.act} />}
        {status === 'approved' && data.act && <ApprovedStatus act={data.act} />}
        {status === 'rejected' && data.act && <RejectedStatus act={data.act} />}
        {(status === 'none' || status === 'draft' || status === 'rejected') && <Wizard userId={userId} data={data} />}
      </Stack>
    </Container>
  );
}

function StatusCard({ tone, title, children, testId }: { tone: 'brand' | 'green' | 'red'; title: string; children: ReactNode; testId: string }) {
  return (
    <Stack gap="3" bg="white" borderWidth="1px" borderColor={`${tone}.300`} borderLeftWidth="6px" rounded="2xl" p={{ base: '5', md: '6' }} data-testid={testId} role="status">
      <Heading as="h2" fontSize="xl" fontWeight="800">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

function PendingStatus({ act }: { act: OwnAct }) {
  return (
    <StatusCard tone="brand" title="We bekijken je aanmelding" testId="onboarding-pending">
      <Text>
        {act.name} is {act.submitted_at ? `op ${dutchDateTime(act.submitted_at)} ` : ''}verstuurd. Een medewerker van Podium bekijkt je profiel, meestal binnen twee werkdagen.
      </Text>
      <Stack as="ol" gap="1" ps="5" css={{ listStyle: 'decimal' }}>
        <li>We controleren je gegevens, foto's en pakketten.</li>
        <li>Je krijgt een e-mail zodra je act is goedgekeurd, of wat er nog anders moet.</li>
        <li>Na goedkeuring staat {act.name} op Podium en kun je aanvragen ontvangen.</li>
      </Stack>
    </StatusCard>
  );
}

function ApprovedStatus({ act }: { act: OwnAct }) {
  return (
    <StatusCard tone="green" title={`${act.name} is goedgekeurd`} testId="onboarding-approved">
      <Text>Je act staat op Podium. Klanten kunnen je nu vinden en boeken.</Text>
      <HStack gap="3" flexWrap="wrap">
        <Button asChild colorPalette="brand" rounded="full">
          <Link to="/dashboard/artist">Naar je dashboard</Link>
        </Button>
        <Button asChild variant="outline" rounded="full">
          <a href={`/artists/${act.slug}`}>Bekijk je pagina</a>
        </Button>
      </HStack>
    </StatusCard>
  );
}

function RejectedStatus({ act }: { act: OwnAct }) {
  return (
    <StatusCard tone="red" title="Je aanmelding is nog niet goedgekeurd" testId="onboarding-rejected">
      <Text>Een medewerker van Podium heeft je aanmelding bekeken en vraagt je iets aan te passen:</Text>
      <Text bg="red.50" rounded="lg" p="3" whiteSpace="pre-line" fontWeight="600" data-testid="rejection-reason">
        {act.rejection_reason ?? 'Er is geen reden opgegeven.'}
      </Text>
      <Text>Pas hieronder aan wat nodig is en verstuur je aanmelding opnieuw.</Text>
    </StatusCard>
  );
}

function Wizard({ userId, data }: { userId: string; data: Onboarding }) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('stap');
  // Where a returning artist resumes, fixed when the page opens: saving a step must not make the
  // page jump to another step than the one the artist goes to next.
  const [resumed] = useState(() => resumeStep(data.gaps));
  const step: OnboardingStep = !data.act ? 'act' : isOnboardingStep(asked) ? asked : resumed;
  const go = (next: OnboardingStep) => {
    setParams({ stap: next });
    window.scrollTo({ top: 0 });
  };
  // After a save, the step after the saved one; unless the artist has gone to another step while
  // it was saving (their choice stands).
  const advanceFrom = (from: OnboardingStep) => () => {
    const shownNow = new URLSearchParams(window.location.search).get('stap');
    if (shownNow !== null && shownNow !== from) return;
    const position = onboardingSteps.findIndex((item) => item.key === from);
    go(onboardingSteps[Math.min(position + 1, onboardingSteps.length - 1)]!.key);
  };
  const next = advanceFrom(step);
  const index = onboardingSteps.findIndex((item) => item.key === step);
  // On a phone the steps are one row that scrolls sideways within itself: the current one is
  // brought into that row's view, without moving the page.
  const stepsRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const list = stepsRef.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="step"]');
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    const left = current.getBoundingClientRect().left - list.getBoundingClientRect().left + list.scrollLeft;
    list.scrollLeft = Math.max(0, left - (list.clientWidth - current.offsetWidth) / 2);
  }, [step]);
  return (
    // minmax(0, 1fr): a column as wide as the screen, not as the row of steps (which would widen
    // the page and leave a phone scrolled sideways after a save).
    <Grid templateColumns={{ base: 'minmax(0, 1fr)', md: '220px minmax(0, 1fr)' }} gap={{ base: '4', md: '8' }} alignItems="start">
      <Box as="nav" aria-label="Stappen" minW="0">
        <Stack ref={stepsRef} as="ol" gap="1" direction={{ base: 'row', md: 'column' }} overflowX="auto" pb={{ base: '1', md: '0' }}>
          {onboardingSteps.map((item, position) => {
            const done = data.act !== null && item.key !== 'versturen' && !data.gaps.some((gap) => gap.step === item.key);
            const current = item.key === step;
            return (
              <li key={item.key}>
                <Button
                  variant="ghost"
                  justifyContent="flex-start"
                  w="full"
                  rounded="xl"
                  gap="2"
                  flexShrink={0}
                  disabled={!data.act && item.key !== 'act'}
                  aria-current={current ? 'step' : undefined}
                  bg={current ? 'brand.50' : undefined}
                  color={current ? 'brand.700' : undefined}
                  onClick={() => go(item.key)}
                >
                  <Flex
                    w="6"
                    h="6"
                    rounded="full"
                    align="center"
                    justify="center"
                    fontSize="xs"
                    fontWeight="800"
                    bg={done ? 'green.600' : current ? 'brand.600' : 'ink.100'}
                    color={done || current ? 'white' : 'fg.muted'}
                  >
                    {done ? '✓' : position + 1}
                  </Flex>
                  <span>{item.title}</span>
                  {done && (
                    <Box as="span" srOnly>
                      (klaar)
                    </Box>
                  )}
                </Button>
              </li>
            );
          })}
        </Stack>
      </Box>
      <Stack gap="5" bg="white" borderWidth="1px" rounded="2xl" p={{ base: '4', md: '6' }} minW="0">
        <Heading as="h2" fontSize="2xl" fontWeight="800">
          {index + 1}. {onboardingSteps[index]!.title}
        </Heading>
        {step === 'act' && <ActStep userId={userId} act={data.act} onSaved={next} />}
        {step === 'locatie' && data.act && <LocationStep act={data.act} onSaved={next} />}
        {step === 'media' && data.act && <MediaStep act={data.act} media={data.media} onNext={next} />}
        {step === 'pakketten' && data.act && <PackagesStep act={data.act} packages={data.packages} onNext={next} />}
        {step === 'uitbetaling' && data.act && <PayoutStep data={data} onSaved={next} />}
        {step === 'versturen' && data.act && <SubmitStep data={data} onGo={go} />}
      </Stack>
    </Grid>
  );
}

function SubmitStep({ data, onGo }: { data: Onboarding; onGo: (step: OnboardingStep) => void }) {
  const queryClient = useQueryClient();
  const submit = useMutation({
    mutationFn: () => submitApplication(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onboardingKey }),
  });
  const act = data.act!;
  const cover = imageUrl({ supabaseUrl: env.supabaseUrl, bucket: 'artist-media', path: act.cover_path, preset: 'card', device: 'mobile' });
  const from = data.packages.length > 0 ? Math.min(...data.packages.map((pkg) => pkg.price_cents)) : null;
  return (
    <Stack gap="5">
      <HStack gap="4" align="flex-start" borderWidth="1px" rounded="xl" p="3" data-testid="onboarding-preview">
        {cover ? <img src={cover} alt={`Omslagfoto van ${act.name}`} style={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 12 }} /> : <Box w="24" h="24" bg="ink.100" rounded="xl" />}
        <Stack gap="0.5" minW="0">
          <Text fontWeight="800" fontSize="lg">
            {act.name}
          </Text>
          <Text color="fg.muted">{[act.genre, act.city].filter(Boolean).join(' · ')}</Text>
          {from !== null && <Text fontWeight="600">Vanaf {dutchCents(from)}</Text>}
        </Stack>
      </HStack>
      {data.gaps.length > 0 ? (
        <Stack gap="2" data-testid="application-gaps">
          <Text fontWeight="600">Nog nodig voordat je kunt versturen:</Text>
          <Stack as="ul" gap="1">
            {data.gaps.map((gap) => (
              <HStack as="li" key={gap.missing} justify="space-between" bg="brand.50" rounded="lg" px="3" py="2">
                <Text>{gap.missing}</Text>
                {isOnboardingStep(gap.step) && (
                  <Button size="xs" variant="outline" rounded="full" onClick={() => onGo(gap.step as OnboardingStep)}>
                    Aanvullen
                  </Button>
                )}
              </HStack>
            ))}
          </Stack>
        </Stack>
      ) : (
        <Text>Alles is compleet. Na het versturen bekijkt een medewerker van Podium je aanmelding; je hoort binnen twee werkdagen van ons.</Text>
      )}
      {submit.isError && <AlertText>{problemText(submit.error)}</AlertText>}
      <HStack justify="flex-end">
        <Button colorPalette="brand" rounded="full" size="lg" disabled={data.gaps.length > 0} loading={submit.isPending} onClick={() => submit.mutate()}>
          {act.approval_status === 'rejected' ? 'Opnieuw versturen' : 'Aanmelding versturen'}
        </Button>
      </HStack>
    </Stack>
  );
}
