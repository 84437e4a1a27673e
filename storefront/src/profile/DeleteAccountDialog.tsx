// 'Account verwijderen', loaded on first use: the user types VERWIJDEREN to confirm; the
// delete-account function refuses while a gig is still coming or a refund is on its way (its
// Dutch reason shows here, with the way to 'Mijn boekingen'). Deleted, the device is signed out
// and the home page says so.
import { Box, Button, CloseButton, Dialog, Field, HStack, Input, Link as ChakraLink, Portal, Stack, Text } from '@chakra-ui/react';
import { deleteAccount, deletionConfirmationWord } from '@podium/shared/account';
import { dialogRecipe, fieldRecipe } from '@podium/shared/theme-recipes';
import { toast } from '@podium/shared/toast';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { loadBackend } from '../app/services.ts';

export default function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; reason?: string | undefined } | null>(null);
  const confirmed = typed.trim() === deletionConfirmationWord;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed || busy) return;
    setBusy(true);
    setRefusal(null);
    try {
      const { supabase, authActions } = await loadBackend();
      const result = await deleteAccount(supabase, typed.trim());
      if (!result.ok) {
        setRefusal({ message: result.message, reason: result.reason });
        return;
      }
      // The login is gone and deleteAccount dropped the stored session; the app forgets the user too.
      await authActions.signOut();
      queryClient.clear();
      onClose();
      await navigate('/', { replace: true });
      toast({ title: 'Je account is verwijderd.' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root recipe={dialogRecipe} open role="alertdialog" onOpenChange={(event) => !event.open && !busy && onClose()} placement="center" size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content rounded="2xl" mx="4" data-testid="delete-account-dialog">
            <form onSubmit={(event) => void submit(event)} noValidate>
              <Dialog.Header pb="2">
                <Dialog.Title fontSize="xl" fontWeight="800">
                  Account verwijderen?
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Dialog.Description>
                    Je gegevens, profielfoto, favorieten en BANDS-tegoed verdwijnen en je kunt niet meer inloggen. Je afgeronde boekingen, reviews en berichten blijven voor de artiesten bewaard onder
                    &lsquo;Verwijderde gebruiker&rsquo;. Dit kun je niet ongedaan maken.
                  </Dialog.Description>
                  <Field.Root recipe={fieldRecipe}>
                    <Field.Label>Typ {deletionConfirmationWord} om te bevestigen</Field.Label>
                    <Input name="confirmation" autoComplete="off" autoCapitalize="characters" spellCheck={false} value={typed} onChange={(event) => setTyped(event.target.value)} />
                  </Field.Root>
                  {refusal && (
                    <Box role="alert" bg="red.50" borderWidth="1px" borderColor="red.200" color="red.800" rounded="xl" p="4" data-testid="delete-account-refusal">
                      <Text>{refusal.message}</Text>
                      {refusal.reason === 'upcoming_gigs' && (
                        <ChakraLink asChild color="red.800" fontWeight="700" textDecoration="underline" mt="2" display="inline-block">
                          <Link to="/bookings" onClick={onClose}>
                            Naar Mijn boekingen
                          </Link>
                        </ChakraLink>
                      )}
                    </Box>
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <HStack gap="3" justify="flex-end" w="full" flexWrap="wrap">
                  <Button variant="outline" rounded="full" onClick={onClose} disabled={busy}>
                    Annuleren
                  </Button>
                  <Button type="submit" colorPalette="red" rounded="full" disabled={!confirmed} loading={busy} loadingText="Bezig met verwijderen">
                    Account definitief verwijderen
                  </Button>
                </HStack>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Sluiten" disabled={busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
