// Dutch phone numbers on the profile: people type them in many ways (06 12345678,
// 06-12345678, +31 6 12345678, 0031612345678, 020 123 4567, +31 (0)20 1234567); the database
// stores one form, E.164 (+31612345678), and refuses anything that is not a Dutch number. The
// same rule runs in SQL (private.normalize_dutch_phone, supabase/migrations/20261126000500_account.sql);
// supabase/tests/account.test.ts checks both against the table in phone-examples.test-support.ts.

/** The database's refusal (22023), shown under the phone field as it comes. */
export const invalidDutchPhoneMessage = 'Vul een geldig Nederlands telefoonnummer in, bijvoorbeeld 06 12345678.';

/** Spaces (also non-breaking ones), dots, dashes and slashes people put between digits. */
const separators = /[ \t\n\v\f\r\u00a0\u202f\u2013./-]/g;

/**
 * A Dutch number as E.164 (+31 and the 9 digits after the trunk 0), or null when the input is
 * none. +31 and 0031 may be followed by (0) or 0, as people often write.
 */
export function normalizeDutchPhone(input: string): string | null {
  const compact = input
    .replace(separators, '')
    .replace(/^(\+31|0031)\(0\)/, '$1')
    .replace(/[()]/g, '');
  let national: string;
  const international = /^(\+31|0031)/.exec(compact);
  if (international) {
    national = compact.slice(international[0].length);
    if (/^0[1-9][0-9]{8}$/.test(national)) national = national.slice(1);
  } else if (/^0[1-9]/.test(compact)) {
    national = compact.slice(1);
  } else {
    return null;
  }
  return /^[1-9][0-9]{8}$/.test(national) ? `+31${national}` : null;
}

/** Area codes of two digits after the 0 (020 Amsterdam, 010 Rotterdam, 088 companies …); the others have three. */
const twoDigitAreaCodes = new Set([
  '10',
  '13',
  '15',
  '20',
  '23',
  '24',
  '26',
  '30',
  '33',
  '35',
  '36',
  '38',
  '40',
  '43',
  '45',
  '46',
  '50',
  '53',
  '55',
  '58',
  '70',
  '71',
  '72',
  '73',
  '74',
  '75',
  '76',
  '77',
  '78',
  '79',
  '84',
  '85',
  '87',
  '88',
  '91',
]);

/**
 * How a stored number is shown: '06 12345678' for a mobile, '020 123 4567' with a two-digit area
 * code, '0113 123456' with a three-digit one. Anything else is shown as it is.
 */
export function formatDutchPhone(e164: string): string {
  const match = /^\+31([1-9][0-9]{8})$/.exec(e164);
  if (!match) return e164;
  const digits = match[1]!;
  if (digits.startsWith('6')) return `06 ${digits.slice(1)}`;
  if (twoDigitAreaCodes.has(digits.slice(0, 2))) return `0${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`;
  return `0${digits.slice(0, 3)} ${digits.slice(3)}`;
}
