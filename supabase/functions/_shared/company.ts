// Podium's own facts as a business: the footer and contact page show them, and the invoices
// (booking-invoice) carry them. One place, imported by the storefront's site.ts and by the edge
// functions. The numbers are the demo company's.
export const company = {
  legalName: 'Podium B.V.',
  tradeName: 'Podium',
  address: ['Keizersgracht 123', '1015 CJ Amsterdam'],
  country: 'Nederland',
  email: 'info@podium.nl',
  phone: '+31 20 123 45 67',
  kvk: '12345678',
  vatNumber: 'NL859123456B01',
  iban: 'NL91 ABNA 0417 1643 00',
  /**
   * Dutch VAT in percent: performances by artists fall under the reduced rate, Podium's service
   * fee under the standard rate. Booking prices are amounts including VAT.
   */
  vat: { performance: 9, service: 21 },
} as const;
