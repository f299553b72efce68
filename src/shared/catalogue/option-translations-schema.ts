import { z } from 'zod';
import type { LineNames, ModelTranslations, OptionTranslations } from './option-translations';

/**
 * The schemas of a catalogue option's German and French texts and of a line's frozen names (issue 53),
 * apart from option-translations.ts so that the storefront's first view of the configurator, which
 * shows the names, loads no zod (decision 0087).
 */
const text = (max: number) => z.string().trim().max(max).optional();
export const optionTextSchema = z.object({ name: text(200), description: text(2000) });
export const optionTranslationsSchema = z.object({ de: optionTextSchema.optional(), fr: optionTextSchema.optional() });

/** A model's: its name, description and features (at most as many, and as long, as the English may have). */
export const modelTextSchema = optionTextSchema.extend({
  features: z.array(z.string().trim().max(500)).max(100).optional(),
});
export const modelTranslationsSchema = z.object({ de: modelTextSchema.optional(), fr: modelTextSchema.optional() });

/** A line's names in German and French, as frozen on a quote or order. */
export const lineNamesSchema = z.object({ de: z.string().optional(), fr: z.string().optional() });

// The schemas parse to exactly the types option-translations.ts declares: a compile error otherwise.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Expect<T extends true> = T;
export type SchemasMatchTheirTypes = [
  Expect<Same<z.infer<typeof optionTranslationsSchema>, OptionTranslations>>,
  Expect<Same<z.infer<typeof modelTranslationsSchema>, ModelTranslations>>,
  Expect<Same<z.infer<typeof lineNamesSchema>, LineNames>>,
];
