import { describe, expect, it } from 'vitest';
import { parseEuroCents, partialRefundProblem } from './refund-amount.ts';

describe('parseEuroCents', () => {
  it.each([
    ['100', 10_000],
    ['100,00', 10_000],
    ['100,5', 10_050],
    ['0,01', 1],
    ['€ 1.250,75', 125_075],
    [' 1250 ', 125_000],
    ['€100', 10_000],
  ])('%s is %i cents', (input, cents) => expect(parseEuroCents(input)).toBe(cents));

  it.each(['', 'honderd', '100.5', '1,234', '-5', '10,', '1.25,00', '100,001'])('%j is no amount', (input) => expect(parseEuroCents(input)).toBeNull());
});

describe('partialRefundProblem', () => {
  it('accepts an amount from one cent up to the most the database allows', () => {
    expect(partialRefundProblem('0,01', 99_999)).toBeNull();
    expect(partialRefundProblem('999,99', 99_999)).toBeNull();
  });

  it('refuses nothing, nonsense, zero and too much in Dutch', () => {
    expect(partialRefundProblem(' ', 99_999)).toBe('Vul het bedrag in dat de klant terugkrijgt.');
    expect(partialRefundProblem('veel', 99_999)).toBe('Schrijf het bedrag als 100 of 100,50.');
    expect(partialRefundProblem('0', 99_999)).toMatch(/^Kies een terugbetaling tussen € 0,01 en €\s999,99\.$/);
    expect(partialRefundProblem('1.000', 99_999)).toMatch(/^Kies een terugbetaling tussen € 0,01 en €\s999,99\.$/);
  });
});
