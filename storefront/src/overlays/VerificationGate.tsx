// SPEC 2.13 / 4.3 (intended reading) / 8.5: the blocking e-mail verification pop-up. Shown by
// the shared rule (shouldShowVerificationGate); it follows the profile, so a verified e-mail or a
// logout closes it. 'Later doen' on a non-exempt path goes to /.
import { dialogRecipe } from '@podium/shared/theme-recipes';
import { Box, Button, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { messages } from '@podium/shared/messages';
import { toast } from '@podium/shared/toast';
import { pathAfterPostponingVerification, shouldShowVerificationGate } from '@podium/shared/email-verification';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSessionState } from '../app/app-context.tsx';
import { loadBackend } from '../app/services.ts';
import { LockIcon, MailIcon } from '@podium/shared/ui/icons';

const v = messages.verification;
const labels = messages.labels;

export default function VerificationGate() {
  const session = useSessionState();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'resend' | 'check' | null>(null);
  const { pathname } = useLocation();
  const email = session.status === 'ready' ? session.user.email : null;

  const resend = async () => {
    setBusy('resend');
    try {
      const result = await (await loadBackend()).authActions.resendVerificationFromPopup(email);
      if (result.toast) toast(result.toast);
    } finally {
      setBusy(null);
    }
  };
  const check = async () => {
    setBusy('check');
    try {
      const result = await (await loadBackend()).authActions.checkVerificationStatus();
      if (result.toast) toast(result.toast);
    } finally {
      setBusy(null);
    }
  };

  const show = shouldShowVerificationGate({
    path: pathname,
    user: session.status === 'ready' ? session.user : null,
    profile: session.status === 'ready' ? session.profile : null,
  });
  if (!show) return null;

  return (
    <Dialog.Root recipe={dialogRecipe} open role="alertdialog" closeOnInteractOutside={false} closeOnEscape={false} placement="center">
      <Portal>
        <Dialog.Backdrop bg="rgba(21, 15, 25, 0.7)" />
        <Dialog.Positioner>
          <Dialog.Content rounded="2xl" mx="4" data-testid="verification-gate">
            <Dialog.Header flexDirection="column" alignItems="flex-start" gap="3">
              <Box rounded="full" bg="brand.50" color="brand.700" p="3">
                <MailIcon size={24} />
              </Box>
              <Dialog.Title fontWeight="800" fontSize="xl">
                {v.popupHeading}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <HStack gap="2" color="#9f1d1d" fontWeight="700">
                  <LockIcon size={18} />
                  <Text>{v.popupBlockedNotice}</Text>
                </HStack>
                <Dialog.Description color="fg.muted">Bevestig eerst je e-mailadres{email ? ` (${email})` : ''} via de link in onze mail. Daarna kun je deze pagina gebruiken.</Dialog.Description>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer flexDirection="column" alignItems="stretch" gap="2">
              <Button colorPalette="brand" rounded="full" loading={busy === 'resend'} onClick={resend}>
                {labels.verificationRequestNew}
              </Button>
              <Button variant="outline" rounded="full" loading={busy === 'check'} onClick={check}>
                {labels.verificationCheckStatus}
              </Button>
              <Button variant="ghost" rounded="full" onClick={() => void navigate(pathAfterPostponingVerification)}>
                {labels.verificationLater}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
