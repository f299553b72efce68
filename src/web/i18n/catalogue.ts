import { setupI18n } from '@lingui/core';
import type { Language } from '../../shared/i18n/languages';
import type { Lookup } from './lookup';

/**
 * A German or French catalogue of the shop's pages (src/web/i18n/locales/{de,fr}/messages.po, compiled
 * by `npx lingui compile --config lingui.web.config.ts --typescript`), loaded by dynamic import when the
 * buyer chooses that language, with @lingui/core that renders its messages (placeholders, plurals).
 */
export async function loadCatalogue(language: Exclude<Language, 'en'>): Promise<Lookup> {
  const { messages } =
    language === 'de' ? await import('./locales/de/messages') : await import('./locales/fr/messages');
  const i18n = setupI18n({ locale: language, messages: { [language]: messages } });
  return (id, values) => (id in messages ? i18n._(id, values) : undefined);
}
