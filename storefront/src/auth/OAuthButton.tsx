import { Button, HStack, Separator, Text } from '@chakra-ui/react';
import { toast } from '@podium/shared/toast';
import { useState } from 'react';
import { loadBackend } from '../app/services.ts';
import { GoogleIcon } from '@podium/shared/ui/icons';

export const oauthProvider = { id: 'google', label: 'Google' } as const;

/** 'Inloggen met Google' / 'Aanmelden met Google': the PKCE OAuth flow, back at /auth/callback (SPEC 7.1). */
export function OAuthButton({ mode, label }: { mode: 'login' | 'signup'; label: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      type="button"
      variant="outline"
      w="full"
      rounded="full"
      size="lg"
      loading={busy}
      onClick={async () => {
        setBusy(true);
        const { authActions } = await loadBackend();
        const result = await authActions.signInWithOAuth(oauthProvider.id, oauthProvider.label, mode);
        if (result.toast) toast(result.toast);
        if (result.url) window.location.assign(result.url);
        else setBusy(false);
      }}
    >
      <GoogleIcon />
      {label}
    </Button>
  );
}

export function OrDivider() {
  return (
    <HStack gap="3" my="1">
      <Separator flex="1" />
      <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="0.08em">
        of
      </Text>
      <Separator flex="1" />
    </HStack>
  );
}
