// SPEC 2.4 / 5.1 / 8.2: the signup form ('Account Aanmaken'). The rules are checked in their
// order by the shared auth actions before anything is sent; the first failure is a toast.
import { checkboxRecipe, fieldRecipe } from '@podium/shared/theme-recipes';
import { Box, Button, Checkbox, Field, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { AuthActions } from '@podium/shared/auth-actions';
import { messages } from '@podium/shared/messages';
import { toast } from '@podium/shared/toast';
import { useState, type FormEvent } from 'react';
import type { AccountRole } from '../app/app-context.tsx';
import { CoinsIcon } from '@podium/shared/ui/icons';
import { OAuthButton, OrDivider, oauthProvider } from './OAuthButton.tsx';
import { PasswordInput } from './PasswordInput.tsx';
import { RoleTabs } from './RoleTabs.tsx';
import { TermsLabel } from './TermsLabel.tsx';

const labels = messages.labels;

const emptyForm = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '', referralCode: '', termsAccepted: false };

export interface SignupFormProps {
  role: AccountRole;
  getActions: () => Promise<AuthActions>;
  onSwitchToLogin: () => void;
  onSignedUp: () => void;
}

export function SignupForm({ role: initialRole, getActions, onSwitchToLogin, onSignedUp }: SignupFormProps) {
  const [role, setRole] = useState<AccountRole>(initialRole);
  const [form, setForm] = useState(emptyForm);
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof emptyForm) => (event: React.ChangeEvent<HTMLInputElement>) => setForm((current) => ({ ...current, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const actions = await getActions();
      const result = await actions.signup({ ...form, role }, { onSwitchToLogin });
      toast(result.toast);
      if (result.ok) {
        setForm(emptyForm);
        onSignedUp();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="4">
      <Text color="fg.muted">{labels.signupInvitation}</Text>
      <RoleTabs value={role} onChange={setRole}>
        <Stack gap="4">
          <OAuthButton mode="signup" label={labels.signupWithProvider(oauthProvider.label)} />
          <OrDivider />
          <Stack asChild gap="3.5">
            <form onSubmit={submit} noValidate>
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
                <Field.Root recipe={fieldRecipe}>
                  <Field.Label>Voornaam</Field.Label>
                  <Input name="firstName" autoComplete="given-name" value={form.firstName} onChange={set('firstName')} />
                </Field.Root>
                <Field.Root recipe={fieldRecipe}>
                  <Field.Label>Achternaam</Field.Label>
                  <Input name="lastName" autoComplete="family-name" value={form.lastName} onChange={set('lastName')} />
                </Field.Root>
              </SimpleGrid>
              <Field.Root recipe={fieldRecipe}>
                <Field.Label>E-mailadres</Field.Label>
                <Input name="email" type="email" autoComplete="email" value={form.email} onChange={set('email')} placeholder="jij@voorbeeld.nl" />
              </Field.Root>
              <Field.Root recipe={fieldRecipe}>
                <Field.Label>Wachtwoord</Field.Label>
                <PasswordInput name="password" autoComplete="new-password" value={form.password} onChange={set('password')} />
                <Field.HelperText>Minimaal 6 tekens.</Field.HelperText>
              </Field.Root>
              <Field.Root recipe={fieldRecipe}>
                <Field.Label>Bevestig wachtwoord</Field.Label>
                <PasswordInput name="confirmPassword" autoComplete="new-password" value={form.confirmPassword} onChange={set('confirmPassword')} />
              </Field.Root>
              <Field.Root recipe={fieldRecipe}>
                <Field.Label>{labels.referralCodeField}</Field.Label>
                <Input name="referralCode" value={form.referralCode} onChange={set('referralCode')} autoComplete="off" />
                <Field.HelperText>
                  <HStack gap="1.5" as="span">
                    <CoinsIcon size={14} />
                    <span>Met een referral code verdien je BANDS-tegoed voor je eerste boeking.</span>
                  </HStack>
                </Field.HelperText>
              </Field.Root>
              <Checkbox.Root
                recipe={checkboxRecipe}
                checked={form.termsAccepted}
                onCheckedChange={(details) => setForm((current) => ({ ...current, termsAccepted: details.checked === true }))}
                alignItems="flex-start"
                colorPalette="brand"
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control mt="0.5" />
                <TermsLabel />
              </Checkbox.Root>
              <Button type="submit" colorPalette="brand" rounded="full" size="lg" disabled={busy}>
                {busy ? labels.signupSubmitting : labels.signupDialogTitle}
              </Button>
            </form>
          </Stack>
        </Stack>
      </RoleTabs>
      <Box textAlign="center">
        <Button variant="plain" size="sm" color="brand.700" onClick={onSwitchToLogin}>
          {labels.switchToLogin}
        </Button>
      </Box>
    </Stack>
  );
}
