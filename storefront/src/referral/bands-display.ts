// How the BANDS pages write amounts and where they are: BANDS are counted in cents of a euro
// (SPEC 3, 9: 1 BAND = € 1, a balance of 1000 is € 10,00), written with shared/src/dutch.ts (no
// Intl on these pages either). The dashboard keeps its tab and its page of transactions in the
// address (?tab=leaderboard, ?pagina=2), read forgivingly and written without the defaults.
import { dutchCents, dutchDecimal } from '@podium/shared/dutch';
import type { BandsTransactionType } from '@podium/shared/referral';
import type { ReferralRules } from '../data/referral.ts';
import { avatarInitials } from '../profile/profile-summary.ts';

/** '€ 10,00' for a balance. */
export const bandsEuros = (cents: number) => dutchCents(cents);

/** '10,00 BANDS'. */
export const bandsCount = (cents: number) => `${dutchDecimal(cents / 100, 2)} BANDS`;

/** A ledger amount with its direction: '+ € 10,00' in, '− € 5,00' out. */
export const signedBands = (cents: number) => `${cents < 0 ? '−' : '+'} ${dutchCents(Math.abs(cents))}`;

/** What a ledger entry did with its booking, before the booking's name ('Besteed aan: De Dijkbrekers, ...'). */
export const transactionBookingVerb: Record<BandsTransactionType, string> = {
  welcome_bonus: 'Korting op',
  referral_bonus: 'Voor',
  booking_redeem: 'Besteed aan',
  refund: 'Terug van',
  admin_adjustment: 'Bij',
  welcome_reversal: 'Eerder gebruikt bij',
  referral_reversal: 'Voor',
};

export const dashboardTabs = ['overzicht', 'leaderboard'] as const;
export type DashboardTab = (typeof dashboardTabs)[number];

export interface DashboardView {
  tab: DashboardTab;
  /** The page of transactions, from 1. */
  page: number;
}

/** The dashboard's view from its address: anything unknown is the overview's first page. */
export function dashboardView(params: URLSearchParams): DashboardView {
  const tab = params.get('tab');
  const page = Number(params.get('pagina'));
  return {
    tab: (dashboardTabs as readonly (string | null)[]).includes(tab) ? (tab as DashboardTab) : 'overzicht',
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The address of a view, without its defaults ('' for the overview's first page). */
export function dashboardSearch(view: DashboardView): string {
  const params = new URLSearchParams();
  if (view.tab !== 'overzicht') params.set('tab', view.tab);
  if (view.page > 1) params.set('pagina', String(view.page));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** 'TL' for 'Test L.': others appear by their display name (first name, initial of the last). */
export function displayNameInitials(name: string): string {
  const [first, second] = name.trim().split(/\s+/);
  return avatarInitials(first, second);
}

/**
 * 'Zo werkt het': the three steps with the amounts and limits app_config holds (the terms page
 * words the same rules). A rule missing from app_config is left out of the sentence, never guessed.
 */
export function howItWorksSteps(rules: ReferralRules): { title: string; text: string }[] {
  const welcome = rules.welcomeBonusCents ? bandsEuros(rules.welcomeBonusCents) : null;
  const bonus = rules.referralBonusCents ? bandsEuros(rules.referralBonusCents) : null;
  const codeWindow = rules.codeWindowDays ? ` binnen ${rules.codeWindowDays} dagen na het aanmaken van een account` : '';
  const valid = rules.welcomeValidDays ? `, te gebruiken binnen ${rules.welcomeValidDays} dagen` : '';
  const cap = rules.monthlyCap ? ` Je krijgt hoogstens ${rules.monthlyCap} bonussen per kalendermaand.` : '';
  return [
    { title: 'Deel je link', text: 'Stuur je persoonlijke link of code naar vrienden en familie die een feest plannen, of laat ze de QR-code scannen.' },
    {
      title: welcome ? `Je vriend krijgt ${welcome} korting` : 'Je vriend krijgt korting',
      text: `Wie zich met jouw code aanmeldt${codeWindow}, krijgt ${welcome ?? 'een'} welkomstkorting op een boeking${valid}.`,
    },
    {
      title: bonus ? `Jij krijgt ${bonus} aan BANDS` : 'Jij krijgt BANDS',
      text: `Zodra het eerste optreden van je vriend heeft plaatsgevonden. Je BANDS gebruik je als korting bij het afrekenen van een boeking.${cap}`,
    },
  ];
}
