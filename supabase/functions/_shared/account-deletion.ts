// Deleting one's own account: the words of the delete-account edge function, shared
// with the apps (shared/src/account.ts), so the button, the server and the tests agree. The two
// refusals that block a deletion are also raised, letter for letter, by
// public.anonymize_account (supabase/migrations/20261126000500_account.sql).
// Dependency-free: the edge function and the apps both import it.

/** What the person types to confirm. */
export const deletionConfirmationWord = 'VERWIJDEREN';

/** Why a deletion is refused for now (409 `reason`). */
export const accountDeletionBlockers = ['upcoming_gigs', 'unpaid_refunds'] as const;
export type AccountDeletionBlocker = (typeof accountDeletionBlockers)[number];

export const accountDeletionMessages = {
  confirmationMissing: `Typ ${deletionConfirmationWord} om te bevestigen.`,
  notSignedIn: 'Je bent niet ingelogd.',
  adminAccount: 'Een beheerdersaccount kun je niet zelf verwijderen. Neem contact op met een andere beheerder.',
  upcoming_gigs: 'Je kunt je account nog niet verwijderen: er staat nog een geaccepteerde of bevestigde boeking gepland. Annuleer die eerst of wacht tot het optreden voorbij is.',
  unpaid_refunds: 'Je kunt je account nog niet verwijderen: we betalen je nog geld terug. Zodra de terugbetaling is verstuurd, kun je je account verwijderen.',
  failed: 'Je account verwijderen is niet gelukt. Probeer het later opnieuw.',
} as const;

export function isAccountDeletionBlocker(value: unknown): value is AccountDeletionBlocker {
  return typeof value === 'string' && (accountDeletionBlockers as readonly string[]).includes(value);
}

/** The confirmation is exactly the word: the same letters, in capitals. */
export function confirmsDeletion(confirmation: unknown): boolean {
  return confirmation === deletionConfirmationWord;
}
