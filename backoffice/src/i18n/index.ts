import polyglotI18nProvider from 'ra-i18n-polyglot';
import { dutchMessages } from './nl.ts';

export const i18nProvider = polyglotI18nProvider(() => dutchMessages, 'nl', [{ locale: 'nl', name: 'Nederlands' }], { allowMissing: true });
