// SPEC 2.4 / 2.5: the login and signup dialogs, loaded on first use. One is open at a time; they
// switch to each other; each is mounted fresh when it opens, so closing resets everything.
import { dialogRecipe } from '@podium/shared/theme-recipes';
import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { messages } from '@podium/shared/messages';
import { useEffect } from 'react';
import { useApp } from '../app/app-context.tsx';
import { loadBackend } from '../app/services.ts';
import { LoginForm } from './LoginDialog.tsx';
import { SignupForm } from './SignupDialog.tsx';

const getActions = () => loadBackend().then((backend) => backend.authActions);

export default function AuthDialogs() {
  const app = useApp();
  // The dialog's actions need the backend: start loading it while the user types.
  useEffect(() => void loadBackend().catch(() => undefined), []);
  const dialog = app.authDialog;
  const title = dialog?.kind === 'signup' ? messages.labels.signupDialogTitle : messages.labels.loginDialogTitle;
  return (
    <Dialog.Root
      recipe={dialogRecipe}
      open={dialog !== null}
      onOpenChange={(event) => !event.open && app.closeAuthDialog()}
      placement="center"
      size={{ base: 'full', sm: 'md' }}
      scrollBehavior="inside"
      unmountOnExit
      lazyMount
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content rounded={{ base: '0', sm: '2xl' }} data-testid={dialog ? `${dialog.kind}-dialog` : undefined}>
            <Dialog.Header pb="2">
              <Dialog.Title fontSize="2xl" fontWeight="800" fontFamily="heading">
                {title}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              {dialog?.kind === 'signup' ? (
                <SignupForm key={`signup-${dialog.role}`} role={dialog.role} getActions={getActions} onSwitchToLogin={() => app.openLogin(dialog.role)} onSignedUp={app.closeAuthDialog} />
              ) : dialog ? (
                <LoginForm
                  key={`login-${dialog.role}`}
                  role={dialog.role}
                  getActions={getActions}
                  onSwitchToSignup={() => app.openSignup(dialog.role)}
                  onLoggedIn={(destination) => {
                    app.closeAuthDialog();
                    app.go(destination);
                  }}
                />
              ) : null}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Sluiten" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
