// The Dutch message catalogue (SPEC 5 and 8, plus the toast texts of SPEC 2): every string a
// user reads from the account logic, keyed by what it means and copied letter for letter from
// SPEC.md. Placeholders such as {email} are functions here; messages.test.ts checks each string
// (with its placeholder written as in the spec) against SPEC.md itself.
//
// A few texts the spec only describes ("tells the user to check the inbox") are our own wording;
// they live apart in `ownWording`, so the letter-for-letter check covers everything else.

export const messages = {
  signup: {
    // SPEC 5.1, in checking order
    firstNameRequired: { title: 'Voornaam vereist', description: 'Vul je voornaam in' },
    lastNameRequired: { title: 'Achternaam vereist', description: 'Vul je achternaam in' },
    invalidEmail: { title: 'Ongeldig e-mailadres', description: 'Vul een geldig e-mailadres in' },
    passwordTooShort: { title: 'Wachtwoord te kort', description: 'Wachtwoord moet minimaal 6 karakters lang zijn' },
    passwordsDiffer: { title: 'Wachtwoorden komen niet overeen', description: 'Controleer je wachtwoord' },
    termsNotAccepted: { title: 'Algemene voorwaarden', description: 'Je moet de algemene voorwaarden accepteren om door te gaan' },
    // SPEC 2.4 / 8.2
    createdTitle: 'Account aangemaakt!',
    alreadyRegistered: { title: 'Account bestaat al', description: 'Er bestaat al een account met dit e-mailadres. Ga naar inloggen.' },
    failedTitle: 'Registratie mislukt',
    /** The server refused the signup. */
    failed: 'Registratie mislukt. Probeer opnieuw.',
    /** The signup call itself threw (network, unexpected answer). */
    unexpectedError: 'Er ging iets mis. Probeer het opnieuw.',
  },
  login: {
    // SPEC 8.1
    failedTitle: 'Inloggen mislukt',
    invalidCredentials: 'Ongeldige inloggegevens. Controleer je e-mailadres en wachtwoord.',
    emailNotConfirmed: 'Bevestig eerst je e-mailadres voordat je inlogt.',
    otherError: 'Er is een fout opgetreden. Probeer opnieuw.',
    noUserReturned: 'Login mislukt. Probeer opnieuw.',
    profileMissing: 'Profiel niet gevonden. Neem contact op met support.',
    profileLoadFailed: 'Profiel kon niet worden geladen. Probeer opnieuw.',
    roleMismatch: 'Je hebt geen artiest/klant account. Gebruik de juiste inlog tab of registreer een nieuw account.',
    unverifiedEmailResent: 'Je moet eerst je e-mailadres bevestigen voordat je kunt inloggen. We hebben zojuist een nieuwe verificatie-mail verstuurd.',
    timeout: 'Login duurt te lang. Controleer je internetverbinding en probeer opnieuw.',
    // SPEC 2.5
    welcomeBack: 'Welkom terug!',
  },
  oauth: {
    // SPEC 8.3; the description is the provider's own message
    signupFailedTitle: (provider: string) => `${provider} registratie mislukt`,
    loginFailedTitle: (provider: string) => `${provider} inloggen mislukt`,
  },
  signOut: {
    // SPEC 8.3
    serverFailed: 'Sessie op server kon niet worden beëindigd, maar je bent lokaal uitgelogd.',
    failed: 'Uitloggen mislukt.',
  },
  passwordReset: {
    // SPEC 5.2, 2.5, 8.3
    emailRequired: { title: 'Email vereist', description: 'Voer een geldig emailadres in.' },
    failedTitle: 'Fout bij wachtwoord reset',
    sentTitle: 'Reset email verzonden!',
    linkSentTo: (email: string) => `Reset link verzonden naar ${email}`,
  },
  verification: {
    // SPEC 8.4, account logic (send verification e-mail)
    notLoggedIn: 'Je moet ingelogd zijn om een verificatie-email te versturen.',
    alreadyVerified: 'Je email is al geverifieerd.',
    sendFailed: 'Er ging iets mis bij het versturen van de verificatie-email.',
    // SPEC 5.2 / 8.4, resend from the login dialog
    loginResendEmailRequired: { title: 'Email vereist', description: 'Voer eerst je emailadres in.' },
    loginResendFailed: { title: 'Fout bij verzenden', description: 'Er ging iets mis bij het versturen van de bevestigingsmail.' },
    loginResendSentTitle: 'Email verzonden!',
    // SPEC 8.5, the verification pop-up
    popupResendSentTitle: 'Email Verzonden! 📧',
    popupResendFailedTitle: 'Fout',
    popupResendFailed: 'Er ging iets mis bij het versturen van de email.',
    popupResendRetryLater: 'Probeer het later opnieuw.',
    popupNoKnownEmail: 'Geen email adres gevonden. Probeer opnieuw in te loggen.',
    popupVerified: { title: 'Email Geverifieerd! ✅', description: 'Je email is succesvol geverifieerd. Je kunt nu alle functies gebruiken.' },
    popupNotYetVerified: {
      title: 'Status Gecontroleerd',
      description: 'Je email is nog niet geverifieerd. Controleer je inbox en klik op de verificatielink.',
    },
    popupStatusCheckFailed: 'Er ging iets mis bij het controleren van je status.',
    // SPEC 2.13
    popupHeading: 'E-mail Verificatie Vereist',
    popupBlockedNotice: 'Toegang geblokkeerd',
  },
  referral: {
    // SPEC 8.6 (the server function's own English texts, shown as they come)
    notAuthenticated: 'Not authenticated',
    generateFailed: 'Failed to generate referral code',
  },
  realtime: {
    // SPEC 7.5
    unknownConversation: 'Unknown Conversation',
  },
  header: {
    // SPEC 2.6
    profileLoading: 'Profiel laden...',
    fallbackUserName: 'Gebruiker',
  },
  /** Labels of the shared dialogs and menus (SPEC 2.4-2.7, 2.12, 2.13), so every app words them alike. */
  labels: {
    signupDialogTitle: 'Account Aanmaken',
    signupWithProvider: (provider: string) => `Aanmelden met ${provider}`,
    referralCodeField: 'Referral Code (optioneel)',
    signupSubmitting: 'Aanmaken...',
    switchToLogin: 'Al een account? Log hier in',
    signupInvitation: 'Maak een gratis account aan om artiesten te boeken',
    loginDialogTitle: 'Inloggen',
    loginWithProvider: (provider: string) => `Inloggen met ${provider}`,
    forgotPassword: 'Wachtwoord vergeten?',
    resetPassword: 'Reset wachtwoord',
    resendVerification: 'Stuur verificatie mail nog een keer',
    switchToSignup: 'Nog geen account? Registreer hier',
    register: 'Registreer',
    becomeArtist: 'Artiest worden',
    artistDashboard: 'Artiesten Dashboard',
    acceptAllCookies: 'Alles accepteren',
    necessaryCookiesOnly: 'Alleen noodzakelijk',
    verificationRequestNew: 'Nieuwe verificatie-email aanvragen',
    verificationCheckStatus: 'Status controleren',
    verificationLater: 'Later doen',
  },
} as const;

/**
 * Texts the spec describes without quoting. Kept short and in the product's voice; not part of
 * the letter-for-letter check.
 */
export const ownWording = {
  accountCreatedCheckInbox: 'Controleer je inbox en klik op de link in de bevestigingsmail om je account te activeren.',
  resetLinkCheckInbox: 'Controleer je inbox en ook je spam-map.',
  welcomeBackDescription: 'Je bent ingelogd.',
  verificationMailSentTo: (email: string) => `We hebben een nieuwe bevestigingsmail gestuurd naar ${email}. Controleer je inbox en ook je spam-map.`,
  loginResendSentDescription: 'Controleer je inbox en klik op de bevestigingslink.',
} as const;

/** The toast of SPEC 3: what account actions hand to the toast store. Errors use 'destructive'. */
export interface ToastMessage {
  title: string;
  description?: string;
  variant: 'default' | 'destructive';
}

export const errorToast = (title: string, description?: string): ToastMessage => (description === undefined ? { title, variant: 'destructive' } : { title, description, variant: 'destructive' });

export const successToast = (title: string, description?: string): ToastMessage => (description === undefined ? { title, variant: 'default' } : { title, description, variant: 'default' });
