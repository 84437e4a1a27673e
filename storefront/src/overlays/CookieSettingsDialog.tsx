// SPEC 2.12: the settings dialog toggles analytics and marketing and saves them.
import { dialogRecipe, switchRecipe } from '@podium/shared/theme-recipes';
import { Button, CloseButton, Dialog, Portal, Stack, Switch, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { consentStore } from '../platform/consent.ts';

export default function CookieSettingsDialog({ onClose }: { onClose: () => void }) {
  const current = consentStore.getSnapshot();
  const [analytics, setAnalytics] = useState(current?.analytics ?? false);
  const [marketing, setMarketing] = useState(current?.marketing ?? false);
  const rows = [
    { key: 'necessary', label: 'Noodzakelijk', text: 'Inloggen, je sessie en je cookiekeuze. Altijd aan.', checked: true, disabled: true, set: () => {} },
    { key: 'analytics', label: 'Analytics', text: 'Anonieme statistieken en laadtijden, zodat we de site kunnen verbeteren.', checked: analytics, disabled: false, set: setAnalytics },
    { key: 'marketing', label: 'Marketing', text: 'Advertentiepixel om relevante advertenties te tonen.', checked: marketing, disabled: false, set: setMarketing },
  ];
  return (
    <Dialog.Root recipe={dialogRecipe} defaultOpen onOpenChange={(event) => !event.open && onClose()} placement="center" size={{ base: 'full', sm: 'md' }}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content rounded={{ base: '0', sm: '2xl' }} data-testid="cookie-settings">
            <Dialog.Header>
              <Dialog.Title fontWeight="800">Cookie-instellingen</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="5">
                {rows.map((row) => (
                  <Switch.Root
                    recipe={switchRecipe}
                    key={row.key}
                    checked={row.checked}
                    disabled={row.disabled}
                    onCheckedChange={(details) => row.set(details.checked)}
                    colorPalette="brand"
                    justifyContent="space-between"
                    w="full"
                    alignItems="flex-start"
                    gap="4"
                  >
                    <Switch.HiddenInput />
                    <Stack gap="0.5" flex="1">
                      <Switch.Label fontWeight="700">{row.label}</Switch.Label>
                      <Text fontSize="sm" color="fg.muted">
                        {row.text}
                      </Text>
                    </Stack>
                    <Switch.Control mt="1" />
                  </Switch.Root>
                ))}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button
                colorPalette="brand"
                rounded="full"
                onClick={() => {
                  consentStore.save({ analytics, marketing });
                  onClose();
                }}
              >
                Voorkeuren opslaan
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Sluiten" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
