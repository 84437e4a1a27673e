import { describe, expect, it } from 'vitest';
import {
  bioGuide,
  formatIban,
  isValidIban,
  joinGenres,
  parseEuros,
  portalHomeFor,
  resumeStep,
  splitGenres,
  validateAct,
  validateMediaLink,
  validateWebsite,
  validatePackage,
  validatePayout,
  validatePhoto,
} from './artist-onboarding.ts';

const bio = (length: number) => 'x'.repeat(length);

describe('IBAN by its checksum', () => {
  it.each([
    ['NL91ABNA0417164300', true],
    ['nl91 abna 0417 1643 00', true],
    ['GB29 NWBK 6016 1331 9268 19', true],
    ['BE68539007547034', true],
    ['DE89370400440532013000', true],
    ['NL91ABNA0417164301', false],
    ['NL91ABNA041716430', false],
    ['BE6853900754703', false],
    ['NL9lABNA0417164300', false],
    ['', false],
    ['1234567890', false],
  ])('%s is %s', (iban, valid) => {
    expect(isValidIban(iban)).toBe(valid);
  });

  it('prints in groups of four', () => {
    expect(formatIban('nl91abna0417164300')).toBe('NL91 ABNA 0417 1643 00');
  });
});

describe('payout details', () => {
  it('accepts a holder, a valid IBAN and no KvK number', () => {
    expect(validatePayout({ accountHolder: 'De Vrolijke Band', iban: 'NL91 ABNA 0417 1643 00', kvkNumber: '' })).toEqual({});
  });
  it.each([
    [{ accountHolder: ' ', iban: 'NL91ABNA0417164300', kvkNumber: '' }, { accountHolder: 'Vul de naam van de rekeninghouder in (2 tot 120 tekens).' }],
    [{ accountHolder: 'Anna', iban: '', kvkNumber: '' }, { iban: 'Vul je IBAN in.' }],
    [{ accountHolder: 'Anna', iban: 'NL91ABNA0417164301', kvkNumber: '' }, { iban: 'Dit IBAN klopt niet. Controleer het nummer op je bankpas of in je bankapp.' }],
    [{ accountHolder: 'Anna', iban: 'NL91ABNA0417164300', kvkNumber: '1234' }, { kvkNumber: 'Een KvK-nummer heeft 8 cijfers.' }],
  ])('%o -> %o', (draft, errors) => {
    expect(validatePayout(draft)).toEqual(errors);
  });
});

describe('the act', () => {
  const good = { name: 'De Vrolijke Band', categories: ['bands'], genres: ['Pop', 'Soul'], bio: bio(400) };
  it('a complete act has no errors', () => expect(validateAct(good)).toEqual({}));
  it.each([
    [{ name: 'X' }, 'name', 'Geef je act een naam (2 tot 120 tekens).'],
    [{ categories: [] }, 'categories', 'Kies minstens één categorie.'],
    [{ genres: [] }, 'genres', 'Voeg minstens één genre toe.'],
    [{ genres: Array.from({ length: 9 }, (_, i) => `g${i}`) }, 'genres', 'Kies hoogstens 8 genres.'],
    [{ bio: bio(149) }, 'bio', 'Schrijf minstens 150 tekens over je act.'],
    [{ bio: bio(10_001) }, 'bio', 'Je beschrijving is te lang (hoogstens 10.000 tekens).'],
  ])('%o: %s says %s', (change, field, message) => {
    expect(validateAct({ ...good, ...change })).toEqual({ [field]: message });
  });
  it('genres are kept as one line and read back', () => {
    expect(joinGenres([' Pop ', 'Soul', ''])).toBe('Pop, Soul');
    expect(splitGenres('Pop, Soul,, Nederlandstalig ')).toEqual(['Pop', 'Soul', 'Nederlandstalig']);
  });
  it.each([
    [0, 'short', 'Nog 150 tekens tot het minimum van 150.'],
    [149, 'short', 'Nog 1 tekens tot het minimum van 150.'],
    [150, 'ok', 'Genoeg om te versturen. Met 400 tot 1500 tekens vertel je klanten het meest.'],
    [400, 'good', 'Mooie lengte: klanten lezen dit graag.'],
    [1500, 'good', 'Mooie lengte: klanten lezen dit graag.'],
    [1501, 'long', 'Ruim 1500 tekens: klanten lezen vaak alleen het begin.'],
  ])('a bio of %i characters: %s', (length, tone, text) => {
    expect(bioGuide(bio(length))).toEqual({ tone, text });
  });
});

describe('packages', () => {
  it.each([
    ['650', 65_000],
    ['649,50', 64_950],
    ['€ 1.250', 125_000],
    ['1.250,5', 125_050],
    ['abc', null],
    ['12,345', null],
    ['', null],
  ])('%s euro is %s cents', (text, cents) => {
    expect(parseEuros(text)).toBe(cents);
  });
  const good = { name: 'Feestavond', description: '', price: '1250', durationMinutes: 240 };
  it('a named package with a price and a duration is fine', () => expect(validatePackage(good)).toEqual({}));
  it.each([
    [{ name: '  ' }, { name: 'Geef het pakket een naam.' }],
    [{ price: '-100' }, { price: 'Een prijs kan niet negatief zijn.' }],
    [{ price: 'gratis' }, { price: 'Vul een prijs in euro in, bijvoorbeeld 650 of 649,50.' }],
    [{ price: '0' }, { price: 'Vul een prijs in tussen € 50 en € 1.000.000.' }],
    [{ price: '0,01' }, { price: 'Vul een prijs in tussen € 50 en € 1.000.000.' }],
    [{ price: '49,99' }, { price: 'Vul een prijs in tussen € 50 en € 1.000.000.' }],
    [{ price: '50' }, {}],
    [{ durationMinutes: 10 }, { durationMinutes: 'Kies een duur tussen 15 minuten en 24 uur.' }],
  ])('%o -> %o', (change, errors) => {
    expect(validatePackage({ ...good, ...change })).toEqual(errors);
  });
});

describe('media', () => {
  it.each([
    [{ type: 'image/jpeg', size: 5 * 1024 * 1024 }, 0, null],
    [{ type: 'application/pdf', size: 1000 }, 0, 'Kies een foto (JPG, PNG, WebP of AVIF).'],
    [{ type: 'image/png', size: 11 * 1024 * 1024 }, 0, 'Deze foto is groter dan 10 MB. Kies een kleinere foto.'],
    [{ type: 'image/png', size: 1000 }, 20, "Je kunt hoogstens 20 foto's plaatsen."],
  ])('%o with %i photos: %s', (file, count, message) => {
    expect(validatePhoto(file, count)).toBe(message);
  });
  it.each([
    ['https://www.youtube.com/watch?v=abc', null],
    ['http://example.com/a.mp3', 'Gebruik een link die met https:// begint.'],
    ['youtube', 'Dit is geen geldige link. Kopieer de hele link, met https://.'],
  ])('%s: %s', (url, message) => {
    expect(validateMediaLink(url)).toBe(message);
  });
  it.each([
    ['', null],
    ['https://dijkbrekers.nl', null],
    ['http://www.dijkbrekers.nl/boeken', null],
    ['  https://dijkbrekers.nl  ', null],
    ['javascript:alert(1)', 'Vul een website in die met http:// of https:// begint.'],
    ['ftp://dijkbrekers.nl', 'Vul een website in die met http:// of https:// begint.'],
    ['dijkbrekers.nl', 'Vul een website in die met http:// of https:// begint.'],
    ['https://dijk brekers.nl', 'Vul een website in die met http:// of https:// begint.'],
    [`https://x.nl/${'a'.repeat(490)}`, 'Vul een website in die met http:// of https:// begint.'],
  ])('website %j: %s', (url, message) => {
    expect(validateWebsite(url)).toBe(message);
  });
});

describe('where an artist goes', () => {
  it('resumes at the first step with something missing', () => {
    expect(resumeStep([])).toBe('versturen');
    expect(
      resumeStep([
        { step: 'media', missing: 'Minstens één foto' },
        { step: 'uitbetaling', missing: '…' },
      ]),
    ).toBe('media');
  });
  it.each([
    ['approved', '/dashboard/artist'],
    ['pending', '/artist-onboarding'],
    ['rejected', '/artist-onboarding'],
    ['draft', '/artist-onboarding'],
    ['none', '/artist-onboarding'],
  ] as const)('%s -> %s', (status, path) => expect(portalHomeFor(status)).toBe(path));
});
