import type { Language } from './languages';

/**
 * The registered places the shop knows, in German and French ("England und Wales", "Angleterre et pays
 * de Galles"): the pages' footer puts the profile's place into its registration line in the page's
 * language (issue 53). The documents say the same through their catalogue (`Translator.place`,
 * `place.*` ids); a test holds the two equal. A place not listed is written as the profile holds it.
 */
const placeNames: Record<string, Record<Exclude<Language, 'en'>, string>> = {
  'england and wales': { de: 'England und Wales', fr: 'Angleterre et pays de Galles' },
  scotland: { de: 'Schottland', fr: 'Écosse' },
  'northern ireland': { de: 'Nordirland', fr: 'Irlande du Nord' },
};

export const placeIn = (language: Language, name: string): string =>
  language === 'en' ? name : (placeNames[name.trim().toLowerCase()]?.[language] ?? name);

export const knownPlaces = Object.keys(placeNames);
