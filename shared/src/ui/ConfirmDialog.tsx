// The confirmation before a step that cannot be taken back (deleting, reporting, blocking): the
// step named in the title, what follows in the description, 'Annuleren' and a red button that
// says what it does. While busy it cannot be closed; a refusal shows inside it.
import { Button, CloseButton, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import { dialogRecipe } from '../theme-recipes.ts';

export function ConfirmDialog(props: {
  title: string;
  description: string;
  busy: boolean;
  problem: string | null;
  onClose: () => void;
  onSubmit: () => void;
  submitLabel: string;
  testId: string;
  children?: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!props.busy) props.onSubmit();
  };
  return (
    <Dialog.Root recipe={dialogRecipe} open role="alertdialog" onOpenChange={(event) => !event.open && !props.busy && props.onClose()} placement="center" size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content rounded="2xl" mx="4" data-testid={props.testId}>
            <form onSubmit={submit} noValidate>
              <Dialog.Header pb="2">
                <Dialog.Title fontSize="xl" fontWeight="800">
                  {props.title}
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Dialog.Description>{props.description}</Dialog.Description>
                  {props.children}
                  {props.problem && (
                    <Text role="alert" color="red.700" fontSize="sm">
                      {props.problem}
                    </Text>
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <HStack gap="3" justify="flex-end" w="full" flexWrap="wrap">
                  <Button variant="outline" rounded="full" onClick={props.onClose} disabled={props.busy}>
                    Annuleren
                  </Button>
                  <Button type="submit" colorPalette="red" rounded="full" loading={props.busy}>
                    {props.submitLabel}
                  </Button>
                </HStack>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Sluiten" disabled={props.busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
