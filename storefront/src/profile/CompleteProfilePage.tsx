// 'Profiel aanvullen' (/complete-profile, SPEC 2.1): after a Google sign-up, or
// whenever a name or the accepted terms are missing, the storefront sends the user here first
// (profile-completion.ts). First and last name and the terms checkbox of the signup (SPEC 2.4:
// terms and privacy open in a new tab; SPEC 5.1's messages), then on to where they were going.
import { Box, Button, Checkbox, Container, Field, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { safeDestination } from '@podium/shared/auth-guard';
import { messages } from '@podium/shared/messages';
import type { Profile } from '@podium/shared/session';
import { checkboxRecipe, fieldRecipe } from '@podium/shared/theme-recipes';
import { toast } from '@podium/shared/toast';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSessionState } from '../app/app-context.tsx';
import { LoadError, SkeletonBlock } from '@podium/shared/ui/LoadState';
import { loadPrivateClient, privateQueryOptions } from '../data/private-query.ts';
import { completeProfile, myProfileQuery } from '../data/profile.ts';
import { breadcrumbJsonLd, PageMeta } from '../seo/PageMeta.tsx';
import { invalidBorder, nameProblems } from './profile-form.ts';
import { TermsLabel } from '../auth/TermsLabel.tsx';
import { useProfileRefresh } from './use-profile-refresh.ts';

const trail = [
  { name: 'Home', path: '/' },
  { name: 'Profiel aanvullen', path: '/complete-profile' },
];

export default function CompleteProfilePage() {
  const session = useSessionState();
  const sessionProfile = session.status === 'ready' ? session.profile : undefined;
  const profile = useQuery({ ...privateQueryOptions(myProfileQuery()), placeholderData: sessionProfile });
  return (
    <>
      <PageMeta title="Profiel aanvullen" description="Vul je naam in en accepteer de voorwaarden om Podium te gebruiken." path="/complete-profile" noindex jsonLd={[breadcrumbJsonLd(trail)]} />
      <Container maxW="xl" px={{ base: '4', md: '6' }} pt={{ base: '6', md: '12' }} pb={{ base: '10', md: '16' }}>
        <Stack gap="6" bg="white" rounded="2xl" borderWidth="1px" p={{ base: '5', md: '8' }} boxShadow="0 18px 48px -32px rgba(37, 29, 42, 0.4)">
          <Stack gap="2">
            <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} fontWeight="800" letterSpacing="-0.02em">
              Profiel aanvullen
            </Heading>
            <Text color="fg.muted">Nog één stap: vertel ons hoe je heet, zodat artiesten weten met wie ze te maken hebben.</Text>
          </Stack>
          {profile.data ? (
            <CompleteProfileForm key={profile.data.id} profile={profile.data} />
          ) : profile.isError ? (
            <LoadError subject="Je gegevens" plural={true} onRetry={() => void profile.refetch()} />
          ) : (
            <SkeletonBlock h="16rem" />
          )}
        </Stack>
      </Container>
    </>
  );
}

type Field = 'firstName' | 'lastName' | 'terms';

function CompleteProfileForm({ profile }: { profile: Profile }) {
  const id = useId();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const refresh = useProfileRefresh();
  const formRef = useRef<HTMLFormElement>(null);
  const termsDone = Boolean(profile.terms_accepted_at);
  const [draft, setDraft] = useState({ firstName: profile.first_name, lastName: profile.last_name, terms: termsDone });
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const change = (name: 'firstName' | 'lastName') => (event: React.ChangeEvent<HTMLInputElement>) => {
    setDraft((current) => ({ ...current, [name]: event.target.value }));
    setProblems((current) => ({ ...current, [name]: undefined }));
  };

  const show = (found: Partial<Record<Field, string>>) => {
    setProblems(found);
    const first = (['firstName', 'lastName', 'terms'] as const).find((field) => found[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormProblem(null);
    const found: Partial<Record<Field, string>> = { ...nameProblems(draft), ...(draft.terms ? {} : { terms: messages.signup.termsNotAccepted.description }) };
    if (Object.values(found).some(Boolean)) return show(found);
    setBusy(true);
    try {
      const refusal = await completeProfile(await loadPrivateClient(), { first_name: draft.firstName.trim(), last_name: draft.lastName.trim() }, !termsDone);
      if (refusal) {
        if (refusal.field === 'firstName' || refusal.field === 'lastName') show({ [refusal.field]: refusal.text });
        else setFormProblem(refusal.text);
        return;
      }
      // The session's profile first: the storefront would send an incomplete one straight back here.
      await refresh();
      toast({ title: 'Je profiel is compleet.', description: 'Welkom bij Podium!' });
      await navigate(safeDestination(params.get('next')) ?? '/', { replace: true });
    } finally {
      setBusy(false);
    }
  };

  const field = (name: Field) => ({ invalid: Boolean(problems[name]), recipe: fieldRecipe });
  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate aria-label="Profiel aanvullen">
      <Stack gap="5">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <Field.Root {...field('firstName')} required>
            <Field.Label>Voornaam</Field.Label>
            <Input name="firstName" borderColor={problems.firstName ? invalidBorder : undefined} autoComplete="given-name" value={draft.firstName} onChange={change('firstName')} />
            {problems.firstName && <Field.ErrorText>{problems.firstName}</Field.ErrorText>}
          </Field.Root>
          <Field.Root {...field('lastName')} required>
            <Field.Label>Achternaam</Field.Label>
            <Input name="lastName" borderColor={problems.lastName ? invalidBorder : undefined} autoComplete="family-name" value={draft.lastName} onChange={change('lastName')} />
            {problems.lastName && <Field.ErrorText>{problems.lastName}</Field.ErrorText>}
          </Field.Root>
        </SimpleGrid>
        {termsDone ? (
          <Text color="fg.muted" fontSize="sm">
            Je hebt de algemene voorwaarden en het privacybeleid al geaccepteerd.
          </Text>
        ) : (
          <Box>
            <Checkbox.Root
              recipe={checkboxRecipe}
              checked={draft.terms}
              onCheckedChange={(details) => {
                setDraft((current) => ({ ...current, terms: details.checked === true }));
                setProblems((current) => ({ ...current, terms: undefined }));
              }}
              alignItems="flex-start"
              colorPalette="brand"
              invalid={Boolean(problems.terms)}
            >
              <Checkbox.HiddenInput name="terms" aria-describedby={problems.terms ? `${id}-terms-error` : undefined} />
              <Checkbox.Control mt="0.5" />
              <TermsLabel />
            </Checkbox.Root>
            {problems.terms && (
              <Text id={`${id}-terms-error`} color="red.700" fontSize="sm" mt="2" data-testid="terms-error">
                {problems.terms}
              </Text>
            )}
          </Box>
        )}
        {formProblem && (
          <Text role="alert" color="red.700">
            {formProblem}
          </Text>
        )}
        <Button type="submit" colorPalette="brand" rounded="full" size="lg" loading={busy} loadingText="Bezig met opslaan">
          Opslaan en verder
        </Button>
      </Stack>
    </form>
  );
}
