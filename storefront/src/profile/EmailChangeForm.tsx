// 'E-mailadres' on 'Profiel bewerken': a new address gets a confirmation link (the auth server
// mails it there); until it is opened the account keeps its address, and the page says which
// one waits. The link lands on /auth/confirm, which confirms the change and opens 'Mijn profiel'.
import { Box, Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { fieldRecipe } from '@podium/shared/theme-recipes';
import { normalizeEmail } from '@podium/shared/validation';
import { useRef, useState, type FormEvent } from 'react';
import { loadPrivateClient } from '../data/private-query.ts';
import { changeEmail } from '../data/profile.ts';
import { emailChangeProblem, invalidBorder } from './profile-form.ts';

export function EmailChangeForm({ currentEmail, pendingEmail }: { currentEmail: string; pendingEmail: string | null }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const waiting = sentTo ?? pendingEmail;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormProblem(null);
    const refusal = emailChangeProblem(email, currentEmail);
    setProblem(refusal);
    if (refusal) return inputRef.current?.focus();
    const next = normalizeEmail(email);
    setBusy(true);
    try {
      const failure = await changeEmail(await loadPrivateClient(), next, window.location.origin);
      if (failure?.field) {
        setProblem(failure.text);
        inputRef.current?.focus();
      } else if (failure) {
        setFormProblem(failure.text);
      } else {
        setSentTo(next);
        setEmail('');
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="E-mailadres wijzigen">
      <Stack gap="4">
        <Text>
          Je logt nu in met{' '}
          <Text as="span" fontWeight="700" data-testid="current-email">
            {currentEmail}
          </Text>
          .
        </Text>
        {waiting && (
          <Box role="status" bg="brand.50" borderWidth="1px" borderColor="brand.200" rounded="xl" p="4" data-testid="email-change-pending">
            <Text>
              We hebben een bevestigingslink gestuurd naar <strong>{waiting}</strong>. Je e-mailadres verandert pas als je op die link klikt; kijk ook in je spam-map.
            </Text>
          </Box>
        )}
        <Field.Root invalid={Boolean(problem)} recipe={fieldRecipe} maxW={{ sm: 'md' }}>
          <Field.Label>Nieuw e-mailadres</Field.Label>
          <Input
            ref={inputRef}
            name="newEmail"
            borderColor={problem ? invalidBorder : undefined}
            type="email"
            autoComplete="email"
            placeholder="jij@voorbeeld.nl"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setProblem(null);
            }}
          />
          {problem && <Field.ErrorText data-testid="email-error">{problem}</Field.ErrorText>}
        </Field.Root>
        {formProblem && (
          <Text role="alert" color="red.700">
            {formProblem}
          </Text>
        )}
        <Button type="submit" variant="outline" colorPalette="brand" rounded="full" alignSelf="flex-start" loading={busy} loadingText="Bezig met versturen">
          E-mailadres wijzigen
        </Button>
      </Stack>
    </form>
  );
}
