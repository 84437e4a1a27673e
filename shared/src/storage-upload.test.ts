import { describe, expect, it } from 'vitest';
import { uploadFailureText } from './storage-upload.ts';

describe('uploadFailureText', () => {
  it.each([
    [413, 'Dit bestand is te groot.'],
    [415, 'Dit bestandstype is niet toegestaan.'],
    [403, 'Je sessie is verlopen of je mag hier niet uploaden. Log opnieuw in.'],
    [0, 'Geen verbinding. Controleer je internet en probeer het opnieuw.'],
    [500, 'Het bestand kon niet worden geüpload. Probeer het opnieuw.'],
  ])('status %i', (status, text) => {
    expect(uploadFailureText(status)).toBe(text);
  });
});
