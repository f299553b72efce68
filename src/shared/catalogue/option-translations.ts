import type { Language } from '../i18n/languages';

/**
 * A catalogue option's German and French name and description (issue 53), edited by staff in the
 * catalogue editor. English is the option's own `name` and `description`; a translation left empty
 * reads the English (and the editor warns). Frozen onto a quote's or order's lines as `names`, so a
 * document keeps the words it was written with.
 *
 * Without zod: the configurator shows its options through `productIn` on its first view, and this
 * module importing zod put zod's core (26 KB gzip, about 15 ms of CPU to evaluate on a fast machine)
 * in that first load (decision 0087). The schemas are in option-translations-schema.ts, held equal
 * to these types there.
 */
export const TRANSLATED_LANGUAGES = ['de', 'fr'] as const;
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];

export type OptionText = { name?: string | undefined; description?: string | undefined };
export type OptionTranslations = { de?: OptionText | undefined; fr?: OptionText | undefined };

/**
 * A model's German and French texts (issue 53): its name, description and the features its card
 * lists, one per entry. An empty list reads the English features.
 */
export type ModelText = OptionText & { features?: string[] | undefined };
export type ModelTranslations = { de?: ModelText | undefined; fr?: ModelText | undefined };

/** A line's names in German and French, as frozen on a quote or order. */
export type LineNames = { de?: string | undefined; fr?: string | undefined };

const given = (value: string | undefined | null) => (value ?? '').trim() !== '';

/** The option's name in a language: its translation, or the English when it has none. */
export function nameIn(language: Language, english: string, names: LineNames | undefined): string {
  if (language === 'en') return english;
  const translated = names?.[language];
  return given(translated) ? (translated as string) : english;
}

/** The option's description in a language: its translation, or the English when it has none. */
export function descriptionIn(
  language: Language,
  english: string | null,
  translations: OptionTranslations | undefined,
): string | null {
  if (language === 'en' || english === null) return english;
  const translated = translations?.[language]?.description;
  return given(translated) ? (translated as string) : english;
}

/** A model's features in a language: its translated list, or the English when it has none. */
export function featuresIn(
  language: Language,
  english: string[],
  translations: ModelTranslations | undefined,
): string[] {
  if (language === 'en') return english;
  const translated = (translations?.[language]?.features ?? []).filter(given);
  return translated.length > 0 ? translated : english;
}

/** The names a priced line freezes from its option's translations (only those given). */
export function lineNames(translations: OptionTranslations | undefined): LineNames | undefined {
  const names: LineNames = {};
  for (const language of TRANSLATED_LANGUAGES) {
    const name = translations?.[language]?.name;
    if (given(name)) names[language] = (name as string).trim();
  }
  return Object.keys(names).length > 0 ? names : undefined;
}

/**
 * What the option lacks, for the editor's warning: "de name", "fr description" (a description only
 * when the English has one). Empty when both languages are complete.
 */
export function missingTranslations(
  option: { description: string | null },
  translations: OptionTranslations | undefined,
): string[] {
  const missing: string[] = [];
  for (const language of TRANSLATED_LANGUAGES) {
    if (!given(translations?.[language]?.name)) missing.push(`${language} name`);
    if (given(option.description) && !given(translations?.[language]?.description))
      missing.push(`${language} description`);
  }
  return missing;
}

/** What a model lacks, for the editor's warning: as an option's, and "de features" while the English has some. */
export function missingModelTranslations(
  model: { description: string | null; features: string[] },
  translations: ModelTranslations | undefined,
): string[] {
  const missing = missingTranslations(model, translations);
  for (const language of TRANSLATED_LANGUAGES)
    if (model.features.length > 0 && !(translations?.[language]?.features ?? []).some(given))
      missing.push(`${language} features`);
  return missing;
}

/** A model's translations as stored: as an option's, with each language's features (empty lines dropped). */
export function cleanModelTranslations(translations: ModelTranslations | undefined): ModelTranslations {
  const clean: ModelTranslations = cleanTranslations(translations);
  for (const language of TRANSLATED_LANGUAGES) {
    const features = (translations?.[language]?.features ?? []).map((feature) => feature.trim()).filter(given);
    if (features.length > 0) clean[language] = { ...clean[language], features };
  }
  return clean;
}

/** Translations as stored: empty strings dropped, an empty language left out. */
export function cleanTranslations(translations: OptionTranslations | undefined): OptionTranslations {
  const clean: OptionTranslations = {};
  for (const language of TRANSLATED_LANGUAGES) {
    const entry = translations?.[language];
    const name = entry?.name?.trim();
    const description = entry?.description?.trim();
    if (name || description) clean[language] = { ...(name ? { name } : {}), ...(description ? { description } : {}) };
  }
  return clean;
}

type Described = { name: string; description: string | null; translations?: OptionTranslations | undefined };
const optionIn = <O extends Described>(language: Language, option: O): O =>
  language === 'en'
    ? option
    : {
        ...option,
        name: nameIn(language, option.name, lineNames(option.translations)),
        description: descriptionIn(language, option.description, option.translations),
      };

type Modelled = Described & { features: string[]; translations?: ModelTranslations | undefined };

/**
 * The storefront's product with every option's name and description, and each model's features, in
 * `language` (the English where none).
 */
export function productIn<
  P extends Record<
    'accessories' | 'adaptors' | 'syringeHolders' | 'powerAdaptors' | 'shipping' | 'servicing',
    Described[]
  > & { configurations: Modelled[] },
>(language: Language, product: P): P {
  if (language === 'en') return product;
  const each = <O extends Described>(options: O[]) => options.map((option) => optionIn(language, option));
  return {
    ...product,
    configurations: product.configurations.map((model) => ({
      ...optionIn(language, model),
      features: featuresIn(language, model.features, model.translations),
    })),
    accessories: each(product.accessories),
    adaptors: each(product.adaptors),
    syringeHolders: each(product.syringeHolders),
    powerAdaptors: each(product.powerAdaptors),
    shipping: each(product.shipping),
    servicing: each(product.servicing),
  };
}
