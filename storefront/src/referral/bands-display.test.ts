import { bandsTransactionTypes } from '@podium/shared/referral';
import { describe, expect, it } from 'vitest';
import { bandsCount, bandsEuros, dashboardSearch, dashboardView, displayNameInitials, howItWorksSteps, signedBands, transactionBookingVerb } from './bands-display.ts';

const nbsp = '\u00a0';

describe('BANDS in euros (1 BAND = € 1, counted in cents)', () => {
  it.each([
    [0, `€${nbsp}0,00`, '0,00 BANDS'],
    [1, `€${nbsp}0,01`, '0,01 BANDS'],
    [500, `€${nbsp}5,00`, '5,00 BANDS'],
    [1000, `€${nbsp}10,00`, '10,00 BANDS'],
    [123456, `€${nbsp}1.234,56`, '1.234,56 BANDS'],
  ])('%i cents: %s, %s', (cents, euros, count) => {
    expect(bandsEuros(cents)).toBe(euros);
    expect(bandsCount(cents)).toBe(count);
  });

  it.each([
    [1000, `+ €${nbsp}10,00`],
    [-500, `− €${nbsp}5,00`],
    [-123456, `− €${nbsp}1.234,56`],
  ])('a ledger entry of %i cents reads %s', (cents, text) => {
    expect(signedBands(cents)).toBe(text);
  });

  it('has a word for the booking of every kind of entry', () => {
    for (const type of bandsTransactionTypes) expect(transactionBookingVerb[type]).toMatch(/^[A-Z]/);
  });
});

describe("the dashboard's address", () => {
  it.each([
    ['', { tab: 'overzicht', page: 1 }, ''],
    ['?tab=leaderboard', { tab: 'leaderboard', page: 1 }, '?tab=leaderboard'],
    ['?pagina=3', { tab: 'overzicht', page: 3 }, '?pagina=3'],
    ['?tab=leaderboard&pagina=2', { tab: 'leaderboard', page: 2 }, '?tab=leaderboard&pagina=2'],
    ['?tab=overzicht&pagina=1', { tab: 'overzicht', page: 1 }, ''],
    ['?tab=onzin&pagina=-2', { tab: 'overzicht', page: 1 }, ''],
    ['?pagina=2.5', { tab: 'overzicht', page: 1 }, ''],
    ['?pagina=abc', { tab: 'overzicht', page: 1 }, ''],
    ['?pagina=999999999', { tab: 'overzicht', page: 1 }, ''],
  ])('%s reads as %o and is written back as %s', (search, view, written) => {
    expect(dashboardView(new URLSearchParams(search))).toEqual(view);
    expect(dashboardSearch(dashboardView(new URLSearchParams(search)))).toBe(written);
  });
});

describe('initials for a display name', () => {
  it.each([
    ['Test L.', 'TL'],
    ['anna', 'A'],
    ['  Jan   de V. ', 'JD'],
    ['', '?'],
  ])('%s: %s', (name, initials) => {
    expect(displayNameInitials(name)).toBe(initials);
  });
});

describe("'Zo werkt het', with the amounts app_config holds", () => {
  it('writes each rule into its step', () => {
    const steps = howItWorksSteps({ welcomeBonusCents: 750, referralBonusCents: 1250, codeWindowDays: 21, welcomeValidDays: 60, monthlyCap: 4 });
    expect(steps.map((step) => step.title)).toEqual(['Deel je link', `Je vriend krijgt €${nbsp}7,50 korting`, `Jij krijgt €${nbsp}12,50 aan BANDS`]);
    expect(steps[1]!.text).toBe(`Wie zich met jouw code aanmeldt binnen 21 dagen na het aanmaken van een account, krijgt €${nbsp}7,50 welkomstkorting op een boeking, te gebruiken binnen 60 dagen.`);
    expect(steps[2]!.text).toContain('Je krijgt hoogstens 4 bonussen per kalendermaand.');
  });

  it('leaves out what app_config does not hold, instead of guessing', () => {
    const steps = howItWorksSteps({ welcomeBonusCents: null, referralBonusCents: null, codeWindowDays: null, welcomeValidDays: null, monthlyCap: null });
    expect(steps.map((step) => step.title)).toEqual(['Deel je link', 'Je vriend krijgt korting', 'Jij krijgt BANDS']);
    expect(steps[1]!.text).toBe('Wie zich met jouw code aanmeldt, krijgt een welkomstkorting op een boeking.');
    expect(steps.map((step) => step.text).join(' ')).not.toMatch(/€|\d/);
  });
});
