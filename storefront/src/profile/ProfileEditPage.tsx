// 'Profiel bewerken' (/profile/edit, SPEC 2.1): the photo (chosen, cropped square in
// the browser, uploaded with progress, or removed), names and phone, the e-mail address (with a
// confirmation link to the new one), the password, and 'Account verwijderen' behind a
// confirmation. Each part saves on its own; the header follows every saved change.
import { Box, Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import type { Profile } from '@podium/shared/session';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useSessionState } from '../app/app-context.tsx';
import { Breadcrumbs } from '../content/Breadcrumbs.tsx';
import { LoadError, SkeletonBlock } from '@podium/shared/ui/LoadState';
import { privateQueryOptions } from '../data/private-query.ts';
import { myProfileQuery } from '../data/profile.ts';
import { ArrowLeftIcon } from '@podium/shared/ui/icons';
import { breadcrumbJsonLd, PageMeta } from '../seo/PageMeta.tsx';
import { AvatarField } from './AvatarField.tsx';
import { DetailsForm } from './DetailsForm.tsx';
import { EmailChangeForm } from './EmailChangeForm.tsx';
import { PasswordChangeForm } from './PasswordChangeForm.tsx';
import { avatarInitials } from './profile-summary.ts';

const loadDeleteDialog = () => import('./DeleteAccountDialog.tsx');
const DeleteAccountDialog = lazy(loadDeleteDialog);

const trail = [
  { name: 'Home', path: '/' },
  { name: 'Mijn profiel', path: '/profile' },
  { name: 'Profiel bewerken', path: '/profile/edit' },
];

export default function ProfileEditPage() {
  const session = useSessionState();
  const sessionProfile = session.status === 'ready' ? session.profile : undefined;
  const profile = useQuery({ ...privateQueryOptions(myProfileQuery()), placeholderData: sessionProfile });

  return (
    <>
      <PageMeta title="Profiel bewerken" description="Pas je gegevens, profielfoto, e-mailadres en wachtwoord aan." path="/profile/edit" noindex jsonLd={[breadcrumbJsonLd(trail)]} />
      <Container maxW="3xl" px={{ base: '4', md: '6' }} pt={{ base: '5', md: '8' }} pb={{ base: '10', md: '16' }}>
        <Stack gap={{ base: '5', md: '7' }}>
          <Stack gap="3">
            <Breadcrumbs trail={trail} />
            <Heading as="h1" fontSize={{ base: '3xl', md: '4xl' }} fontWeight="800" letterSpacing="-0.02em">
              Profiel bewerken
            </Heading>
          </Stack>
          {profile.data ? (
            <EditSections
              profile={profile.data}
              email={profile.data.email ?? (session.status === 'ready' ? session.user.email : '') ?? ''}
              pendingEmail={session.status === 'ready' ? (session.user.new_email ?? null) : null}
            />
          ) : profile.isError ? (
            <LoadError subject="Je gegevens" plural={true} onRetry={() => void profile.refetch()} />
          ) : (
            <SkeletonBlock h="24rem" />
          )}
          <Button asChild variant="ghost" rounded="full" alignSelf="flex-start" gap="2">
            <Link to="/profile">
              <ArrowLeftIcon size={18} />
              Terug naar Mijn profiel
            </Link>
          </Button>
        </Stack>
      </Container>
    </>
  );
}

function Section({ id, title, intro, children, danger = false }: { id: string; title: string; intro?: string; children: ReactNode; danger?: boolean }) {
  return (
    <Stack as="section" aria-labelledby={id} gap="4" bg={danger ? 'red.50' : 'white'} borderWidth="1px" borderColor={danger ? 'red.200' : undefined} rounded="2xl" p={{ base: '5', md: '7' }}>
      <Stack gap="1">
        <Heading as="h2" id={id} fontSize="xl" fontWeight="800" color={danger ? 'red.800' : undefined}>
          {title}
        </Heading>
        {intro && <Text color={danger ? 'red.900' : 'fg.muted'}>{intro}</Text>}
      </Stack>
      {children}
    </Stack>
  );
}

function EditSections({ profile, email, pendingEmail }: { profile: Profile; email: string; pendingEmail: string | null }) {
  const [deleting, setDeleting] = useState(false);
  return (
    <>
      <Section id="edit-photo" title="Profielfoto" intro="Artiesten zien je foto bij je berichten.">
        <AvatarField avatarPath={profile.avatar_path} initials={avatarInitials(profile.first_name, profile.last_name, email)} />
      </Section>
      <Section id="edit-details" title="Persoonlijke gegevens">
        <DetailsForm key={profile.id} profile={profile} />
      </Section>
      <Section id="edit-email" title="E-mailadres">
        <EmailChangeForm currentEmail={email} pendingEmail={pendingEmail} />
      </Section>
      <Section id="edit-password" title="Wachtwoord">
        <PasswordChangeForm />
      </Section>
      <Section id="edit-delete" title="Account verwijderen" intro="Je gegevens verdwijnen en je kunt niet meer inloggen. Dit kun je niet ongedaan maken." danger>
        <Box>
          <Button
            colorPalette="red"
            variant="outline"
            bg="white"
            rounded="full"
            onPointerEnter={() => void loadDeleteDialog()}
            onFocus={() => void loadDeleteDialog()}
            onClick={() => setDeleting(true)}
          >
            Account verwijderen
          </Button>
        </Box>
        {deleting && (
          <Suspense fallback={null}>
            <DeleteAccountDialog onClose={() => setDeleting(false)} />
          </Suspense>
        )}
      </Section>
    </>
  );
}
