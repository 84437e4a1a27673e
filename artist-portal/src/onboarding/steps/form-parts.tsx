// What the onboarding's steps share: saving a step (then the onboarding is read again), the
// Dutch line a failed save shows, and the step's save button.
import { Button, HStack } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DatabaseRefusal, onboardingKey } from '../../data/listing.ts';

/** SQLSTATEs of the refusals our functions and triggers word for people (invalid input, nothing found). */
const refusalsForPeople = new Set(['22023', 'P0002']);

/**
 * What a form says when a save fails: a database refusal written for people (by its code), our
 * own Dutch message (an upload's), or a general one for everything else (RLS, network, constraints).
 */
export const problemText = (error: unknown) => {
  const fallback = 'Opslaan lukte niet. Probeer het opnieuw.';
  if (error instanceof DatabaseRefusal) return error.code && refusalsForPeople.has(error.code) ? error.message : fallback;
  return error instanceof Error && error.message && !/fetch|network|JWT/i.test(error.message) ? error.message : fallback;
};

export function useSaver<T>(save: (input: T) => Promise<void>, onSaved: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: onboardingKey });
      onSaved();
    },
  });
}

export function StepButtons({ saving, label = 'Opslaan en verder' }: { saving: boolean; label?: string | undefined }) {
  return (
    <HStack justify="flex-end">
      <Button type="submit" colorPalette="brand" rounded="full" loading={saving} loadingText="Opslaan…">
        {label}
      </Button>
    </HStack>
  );
}
