import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The shop pages' message catalogues (issue 40, decision note 0069): one PO file per language with
 * explicit ids (`configure.heading`). The English catalogue is written from the code by
 * `node scripts/web-messages.mjs` (the English text stays inline in each component); translators fill
 * the German and French files. Compile with `npx lingui compile --config lingui.web.config.ts --typescript`
 * to the messages.ts beside each, checked into git (src/web/i18n/catalogue.test.ts fails when stale).
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de', 'fr'],
  fallbackLocales: false,
  catalogs: [{ path: '<rootDir>/src/web/i18n/locales/{locale}/messages', include: ['<rootDir>/src/web'] }],
  format: formatter({ explicitIdAsDefault: true, origins: false }),
  compileNamespace: 'ts',
});
