import { useMemo } from 'react';
import { dateIn, intlLocales, moneyIn } from '../../shared/i18n/formats';
import type { Language } from '../../shared/i18n/languages';
import {
  filledValues,
  formatIcu,
  isMessage,
  type Message,
  type MessageDescriptor,
  type MessageValues,
} from '../../shared/i18n/message';
import { knownFieldMessage } from './field-message-registry';
import { lookup, useLanguage } from './language';

export type { MessageValues } from '../../shared/i18n/message';

/**
 * What a page says in the buyer's language (issue 40, decision note 0069). `t(id, english, values)`:
 * the English text stays in the component, word for word as the specification has it, so English
 * pages need no catalogue; German and French come from the catalogue by the explicit id
 * (src/web/i18n/locales, kept in step with the code by `npx tsx scripts/web-messages.ts`). Every
 * message is ICU MessageFormat in every language (issue 53): the catalogue's compiled by Lingui's CLI and
 * rendered by catalogue.ts (decision 0087), the English through the small formatter of
 * src/shared/i18n/message.ts, so English pages load no catalogue and no page loads @lingui/core.
 */
export interface PageText {
  language: Language;
  t(id: string, english: string, values?: MessageValues): string;
  /** A message descriptor (`{ id, message }`, defined where its feature owns it) in the page's language. */
  message(descriptor: Message | MessageDescriptor, values?: MessageValues): string;
  /**
   * What a refusal says, in the page's language: a server refusal (an ApiError) by its `messageId` and
   * `values`, a descriptor by its id, a shared form field's message (zod's, which is the descriptor's id,
   * src/shared/field-messages.ts, known once the module showing it imports ./field-messages) by that
   * id; any other text as it came, in English.
   */
  said(refusal: unknown): string;
  /** Money in the page's language: the shop's own "£4,807.90" in English; "4.807,90 €", "4 807,90 €". */
  money(minor: number, currency: string, options?: { decimals?: 0 | 2 }): string;
  /** A calendar day: "22 November 2026", "22. November 2026", "22 novembre 2026". */
  date(date: Date | string): string;
  /** A month: "August 2027", "August 2027", "août 2027". */
  month(date: Date | string): string;
}

/** The page text of one language (outside React: tests, helpers given the language). */
export function pageText(language: Language): PageText {
  const message = (descriptor: Message | MessageDescriptor, values?: MessageValues) => {
    // A raw value (a country's code, an amount with its currency) is written in the page's language.
    const filled = filledValues(values ?? ('values' in descriptor ? descriptor.values : undefined), language);
    return (
      (descriptor.id ? lookup(language, descriptor.id, filled) : undefined) ??
      formatIcu(descriptor.message, filled, intlLocales[language])
    );
  };
  // A function of its own (not a method using `this`), so `const { said } = useT()` works.
  const said = (refusal: unknown): string => {
    if (isMessage(refusal)) return message(refusal);
    if (typeof refusal === 'string') {
      const field = knownFieldMessage(refusal);
      return field ? message(field) : refusal;
    }
    if (refusal instanceof Error) {
      const { messageId, values } = refusal as Error & { messageId?: string; values?: MessageValues };
      return messageId ? message({ id: messageId, message: refusal.message, values }) : said(refusal.message);
    }
    return '';
  };
  return {
    language,
    t: (id, english, values) => message({ id, message: english }, values),
    message,
    said,
    money: (minor, currency, options) => moneyIn(language, minor, currency, options),
    date: (date) => dateIn(language, 'day', date),
    month: (date) => dateIn(language, 'month', date),
  };
}

/** The page's text in the language the buyer chose (English until one is chosen). */
export function useT(): PageText {
  const language = useLanguage();
  return useMemo(() => pageText(language), [language]);
}
