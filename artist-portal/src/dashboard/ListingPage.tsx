// The listing editor (/dashboard/artist/profiel): every part of the public page, with the
// onboarding's own forms (one tab each, ?stap= opens one) and a preview of the card customers
// see in lists, updated as soon as a change is saved. Once the act is approved, a change to what
// customers read (name, bio, genres, website, cover, new media, package texts, captions) waits for
// review: the notice says what waits, or why the last change was refused.
import { Box, Button, Container, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { isOnboardingStep, onboardingSteps, type OnboardingStep } from '@podium/shared/artist-onboarding';
import { dutchCents, dutchDecimal } from '@podium/shared/dutch';
import { imageUrl } from '@podium/shared/images';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { env } from '../env.ts';
import { fetchOnboarding, onboardingKey, reviewedFieldLabels, type ChangeReview, type Onboarding } from '../data/listing.ts';
import { ActStep } from '../onboarding/steps/ActStep.tsx';
import { LocationStep } from '../onboarding/steps/LocationStep.tsx';
import { MediaStep } from '../onboarding/steps/MediaStep.tsx';
import { PackagesStep } from '../onboarding/steps/PackagesStep.tsx';
import { PayoutStep } from '../onboarding/steps/PayoutStep.tsx';
import { LoadError } from '@podium/shared/ui/LoadState';
import { Loading } from '../portal/LoadState.tsx';
import { InstagramLink } from './InstagramLink.tsx';
import { useUserId } from '../data/artist.ts';

type EditorTab = Exclude<OnboardingStep, 'versturen'>;
const tabs = onboardingSteps.filter((step): step is (typeof onboardingSteps)[number] & { key: EditorTab } => step.key !== 'versturen');

export function ListingPage() {
  const ids = useId();
  const userId = useUserId();
  const onboarding = useQuery({ queryKey: [...onboardingKey, userId], queryFn: () => fetchOnboarding(userId!), enabled: userId !== null });
  const [params, setParams] = useSearchParams();
  const asked = params.get('stap');
  const tab: EditorTab = isOnboardingStep(asked) && asked !== 'versturen' ? asked : 'act';
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    document.title = 'Profiel bewerken · Podium Artiestenportaal';
  }, []);
  const data = onboarding.data;
  const onSaved = () => setSaved(true);
  return (
    <Container maxW="6xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Heading as="h1" fontSize={{ base: '3xl', md: '4xl' }} fontWeight="800">
          Profiel bewerken
        </Heading>
        <HStack role="tablist" aria-label="Onderdelen van je profiel" gap="2" overflowX="auto" pb="1">
          {tabs.map((item) => (
            <Button
              key={item.key}
              role="tab"
              id={`${ids}-${item.key}`}
              aria-selected={tab === item.key}
              aria-controls={`${ids}-panel`}
              tabIndex={tab === item.key ? 0 : -1}
              rounded="full"
              size="sm"
              flexShrink={0}
              variant={tab === item.key ? 'solid' : 'outline'}
              colorPalette={tab === item.key ? 'brand' : undefined}
              onClick={() => {
                setSaved(false);
                setParams({ stap: item.key }, { preventScrollReset: true });
              }}
            >
              {item.title}
            </Button>
          ))}
        </HStack>
        {data?.review && <ReviewNotice review={data.review} />}
        {!data ? (
          onboarding.isError ? (
            <LoadError subject="Je profiel" plural={false} onRetry={() => void onboarding.refetch()} />
          ) : (
            <Loading height="16rem" />
          )
        ) : data.act ? (
          <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 320px' }} gap="6" alignItems="start">
            <Stack id={`${ids}-panel`} role="tabpanel" aria-labelledby={`${ids}-${tab}`} gap="4" bg="white" borderWidth="1px" rounded="2xl" p={{ base: '4', md: '6' }} minW="0">
              <Text role="status" color="green.700" fontWeight="600" minH="6" data-testid="editor-saved">
                {saved
                  ? data.review && data.review.rejectionReason === null
                    ? 'Opgeslagen. Wat klanten van je zien, gaat online zodra ons team het heeft bekeken.'
                    : 'Opgeslagen. Je pagina is bijgewerkt.'
                  : null}
              </Text>
              {tab === 'act' && <ActStep key={`act-${data.act.id}`} userId={userId!} act={data.act} onSaved={onSaved} saveLabel="Opslaan" />}
              {tab === 'act' && <InstagramLink actId={data.act.id} />}
              {tab === 'locatie' && <LocationStep act={data.act} onSaved={onSaved} saveLabel="Opslaan" />}
              {tab === 'media' && <MediaStep act={data.act} media={data.media} review={data.review} />}
              {tab === 'pakketten' && <PackagesStep act={data.act} packages={data.packages} />}
              {tab === 'uitbetaling' && <PayoutStep data={data} onSaved={onSaved} saveLabel="Opslaan" />}
            </Stack>
            <CardPreview data={data} />
          </Grid>
        ) : (
          <Text>Je hebt nog geen act.</Text>
        )}
      </Stack>
    </Container>
  );
}

const listing = (parts: readonly string[]) => (parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} en ${parts.at(-1)}`);

/** What waits for review (customers see the live page meanwhile), or why the last change was refused. */
function ReviewNotice({ review }: { review: ChangeReview }) {
  const waiting = [
    ...review.fields.map((field) => `je ${reviewedFieldLabels[field]}`),
    ...(review.newMedia > 0 ? [review.newMedia === 1 ? '1 nieuwe foto of link' : `${review.newMedia} nieuwe foto's en links`] : []),
    ...(review.packages > 0 ? [review.packages === 1 ? '1 pakket' : `${review.packages} pakketten`] : []),
    ...(review.captions > 0 ? [review.captions === 1 ? '1 bijschrift' : `${review.captions} bijschriften`] : []),
  ];
  if (waiting.length > 0) {
    return (
      <Stack role="status" gap="1" bg="brand.50" borderWidth="1px" borderColor="brand.200" rounded="xl" p="4" data-testid="review-notice">
        <Text fontWeight="700">Wacht op beoordeling: {listing(waiting)}</Text>
        <Text fontSize="sm">
          Wat klanten van je zien, bekijkt ons team eerst, meestal binnen één werkdag. Tot dan zien klanten je huidige pagina. Prijzen, je categorieën, je plaats en je agenda gaan wel meteen online.
        </Text>
      </Stack>
    );
  }
  return (
    <Stack role="status" gap="1" bg="red.50" borderWidth="1px" borderColor="red.200" rounded="xl" p="4" data-testid="review-notice">
      <Text fontWeight="700">Je laatste wijziging is niet goedgekeurd</Text>
      <Text fontSize="sm">Reden: {review.rejectionReason}</Text>
      <Text fontSize="sm">Je pagina is gebleven zoals hij was. Pas je profiel aan en sla het opnieuw op; we bekijken het dan opnieuw.</Text>
    </Stack>
  );
}

/** The card as lists show it (cover, name, genre and place, price from, rating), from what is saved. */
function CardPreview({ data }: { data: Onboarding }) {
  const act = data.act!;
  const cover = imageUrl({ supabaseUrl: env.supabaseUrl, bucket: 'artist-media', path: act.cover_path, preset: 'card', device: 'desktop' });
  const from = data.packages.length > 0 ? Math.min(...data.packages.map((pkg) => pkg.price_cents)) : null;
  return (
    <Stack gap="3" position={{ lg: 'sticky' }} top={{ lg: '20' }} aria-label="Voorbeeld van je kaart" as="aside">
      <Text fontWeight="700">Zo zien klanten je in de lijst</Text>
      <Stack gap="0" bg="white" borderWidth="1px" rounded="2xl" overflow="hidden" data-testid="card-preview">
        {cover ? <img src={cover} alt={`Omslagfoto van ${act.name}`} style={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover' }} /> : <Box aspectRatio="4 / 3" bg="ink.100" />}
        <Stack gap="1" p="4">
          <Text fontWeight="800" fontSize="lg" lineClamp={1}>
            {act.name}
          </Text>
          <Text color="fg.muted" fontSize="sm" lineClamp={1}>
            {[act.genre, act.city].filter(Boolean).join(' · ')}
          </Text>
          <HStack justify="space-between">
            <Text fontWeight="700">{from !== null ? `Vanaf ${dutchCents(from)}` : 'Nog geen pakket'}</Text>
            {act.review_count > 0 && (
              <Text fontSize="sm" color="fg.muted">
                ★ {dutchDecimal(act.rating_avg)} ({act.review_count})
              </Text>
            )}
          </HStack>
        </Stack>
      </Stack>
      <Button asChild variant="outline" rounded="full" size="sm">
        <a href={`/artists/${act.slug}`}>Bekijk je pagina</a>
      </Button>
    </Stack>
  );
}
