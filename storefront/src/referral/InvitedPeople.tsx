// The people the user invited (my_referrals): their public name and photo, when they signed up,
// whether they booked, and where the user's bonus for them stands. Never an e-mail.
import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { dutchDateOfMoment } from '@podium/shared/dutch';
import { referralBonusStatusLabel, type Referral } from '@podium/shared/referral';
import { useQuery } from '@tanstack/react-query';
import { LoadError, SkeletonBlock } from '@podium/shared/ui/LoadState';
import { SectionCard } from '../content/SectionCard.tsx';
import { privateQueryOptions } from '../data/private-query.ts';
import { myReferralsQuery } from '../data/referral.ts';
import { UsersIcon } from './referral-icons.tsx';
import { UserAvatar } from '../layout/UserAvatar.tsx';
import { displayNameInitials, signedBands } from './bands-display.ts';

const statusPalettes: Record<string, string> = { pending: 'ink', paid: 'green', reversed: 'red', capped: 'gray' };

const statusNotes: Record<string, string> = {
  pending: 'Je bonus komt zodra het eerste optreden heeft plaatsgevonden.',
  reversed: 'Het optreden is terugbetaald, dus de bonus is teruggeboekt.',
  capped: 'Geen bonus: je maximum aantal bonussen voor die maand was bereikt, of het was een boeking van je eigen act.',
};

export function InvitedPeople({ bonus }: { bonus: string | null }) {
  const referrals = useQuery(privateQueryOptions(myReferralsQuery()));
  const count = referrals.data?.length ?? 0;
  return (
    <SectionCard
      title="Wie je uitnodigde"
      icon={<UsersIcon size={20} />}
      labelledBy="bands-referrals"
      action={
        referrals.data && count > 0 ? (
          <Text color="fg.muted" fontSize="sm">
            {count} {count === 1 ? 'persoon' : 'personen'}
          </Text>
        ) : undefined
      }
    >
      {referrals.isPending ? (
        <SkeletonBlock h="8rem" />
      ) : referrals.isError ? (
        <LoadError subject="De mensen die je uitnodigde" plural={true} onRetry={() => void referrals.refetch()} />
      ) : count === 0 ? (
        <Stack gap="2" data-testid="referrals-empty">
          <Text fontWeight="600">Je hebt nog niemand uitgenodigd.</Text>
          <Text color="fg.muted">
            Stuur je link naar vrienden die een feest plannen. Meldt iemand zich via jouw link aan, dan zie je hier of diegene al boekte
            {bonus ? `, en krijg je ${bonus} aan BANDS na het eerste optreden.` : ' en wanneer je bonus komt.'}
          </Text>
        </Stack>
      ) : (
        <Box as="ul" listStyleType="none" m="0" p="0" data-testid="referrals">
          {referrals.data.map((person, index) => (
            <ReferralRow key={`${person.signed_up_at}-${index}`} person={person} />
          ))}
        </Box>
      )}
    </SectionCard>
  );
}

function ReferralRow({ person }: { person: Referral }) {
  const note = statusNotes[person.bonus_status];
  return (
    <HStack as="li" gap="3" align="flex-start" py="3.5" borderTopWidth="1px" borderColor="ink.100" _first={{ borderTopWidth: '0', pt: '0' }} data-testid="referral">
      <UserAvatar path={person.avatar_path} initials={displayNameInitials(person.display_name)} size={44} />
      <Stack gap="1" flex="1" minW="0">
        <HStack justify="space-between" gap="2" flexWrap="wrap">
          <Text fontWeight="700" data-testid="referral-name">
            {person.display_name}
          </Text>
          <Badge colorPalette={statusPalettes[person.bonus_status] ?? 'gray'} rounded="full" px="2.5" data-testid="referral-status">
            {referralBonusStatusLabel(person.bonus_status)}
            {person.bonus_status === 'paid' && person.bonus_cents > 0 ? ` · ${signedBands(person.bonus_cents)}` : ''}
          </Badge>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          Aangemeld op {dutchDateOfMoment(person.signed_up_at)}
          {' · '}
          {person.first_booking_at ? `eerste boeking op ${dutchDateOfMoment(person.first_booking_at)}` : 'nog geen boeking'}
          {person.completed_at ? ` · eerste optreden op ${dutchDateOfMoment(person.completed_at)}` : ''}
        </Text>
        {note && (
          <Text fontSize="sm" color="fg.muted">
            {note}
          </Text>
        )}
      </Stack>
    </HStack>
  );
}
