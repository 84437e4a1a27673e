// Login outcomes in Dutch (SPEC 8.1), plus the back office's own refusal of non-admins.
export const loginMessages = {
  invalidCredentials: 'Ongeldige inloggegevens. Controleer je e-mailadres en wachtwoord.',
  emailNotConfirmed: 'Bevestig eerst je e-mailadres voordat je inlogt.',
  other: 'Er is een fout opgetreden. Probeer opnieuw.',
  noUser: 'Login mislukt. Probeer opnieuw.',
  profileMissing: 'Profiel niet gevonden. Neem contact op met support.',
  profileError: 'Profiel kon niet worden geladen. Probeer opnieuw.',
  // SPEC 6's role message, for the admin role: the back office is for admins only.
  notAdmin: 'Je hebt geen beheerdersaccount. Gebruik de juiste inlog tab of registreer een nieuw account.',
} as const;

export function loginErrorMessage(error: { message?: string } | null | undefined): string {
  switch (error?.message) {
    case 'Invalid login credentials':
      return loginMessages.invalidCredentials;
    case 'Email not confirmed':
      return loginMessages.emailNotConfirmed;
    default:
      return loginMessages.other;
  }
}
