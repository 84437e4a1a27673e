import { describe, expect, it } from 'vitest';
import { invoiceFileNameOf } from './invoice-download.ts';

describe('the invoice file name', () => {
  it('is the one booking-invoice gives, else a plain default', () => {
    expect(invoiceFileNameOf('attachment; filename="Podium-factuur-2026-000123.pdf"')).toBe('Podium-factuur-2026-000123.pdf');
    expect(invoiceFileNameOf(null)).toBe('Podium-factuur.pdf');
    expect(invoiceFileNameOf('inline')).toBe('Podium-factuur.pdf');
  });
});
