import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The documents' and e-mails' message catalogues (issue 40, decision note 0064): one PO file per
 * language with explicit ids (`doc.invoice.title`), written by hand and by translators, compiled with
 * `npx lingui compile --typescript` to the messages.ts beside each, which is checked into git
 * (src/shared/i18n/catalogues.test.ts fails when one is stale).
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de', 'fr'],
  fallbackLocales: false,
  catalogs: [{ path: '<rootDir>/src/shared/i18n/locales/{locale}/messages', include: ['<rootDir>/src/shared/i18n'] }],
  format: formatter({ explicitIdAsDefault: true, origins: false }),
  compileNamespace: 'ts',
});
