import { useSyncExternalStore } from 'react';
import { isLanguage, type Language } from '../../shared/i18n/languages';
import type { Lookup } from './lookup';

/**
 * The shop's page language (issue 40, decision note 0069): English unless the buyer picks German or
 * French with the language switch; the pick is kept in localStorage and sets <html lang>. Nothing
 * else changes it (a country chosen in the configurator does not). This module is in every page's
 * first load, so it holds no messages: a German or French catalogue (with its small renderer, decision 0087)
 * arrives by dynamic import only when that language is chosen, and the page switches once it is there.
 */
export const LANGUAGE_STORAGE_KEY = 'dropwise.language';

export type { Lookup } from './lookup';

let current: Language = 'en';
/** The language the page was prerendered in: English, or German or French on /de and /fr (the home pages). */
let initial: Language = 'en';
let wanted: Language = 'en';
let started = false;
const lookups = new Map<Language, Lookup>();
const listeners = new Set<() => void>();

function apply(language: Language) {
  current = language;
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  for (const listener of listeners) listener();
}

async function activate(language: Language): Promise<void> {
  wanted = language;
  if (language !== 'en' && !lookups.has(language)) {
    try {
      const { loadCatalogue } = await import('./catalogue');
      lookups.set(language, await loadCatalogue(language));
    } catch {
      return; // The catalogue did not arrive (offline): the page stays in the language it has.
    }
  }
  if (wanted === language) apply(language); // Two picks in a row: the later one wins.
}

function readStored(): Language | null {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** Once per page load, in the browser: the language the buyer picked on an earlier visit. */
function start() {
  if (started || typeof window === 'undefined') return;
  started = true;
  const stored = readStored();
  if (stored && stored !== current) void activate(stored);
}

/** The home page of a language: `/` in English, `/de` and `/fr` (prerendered in their language). */
export const homePath = (language: Language): string => (language === 'en' ? '/' : `/${language}`);

/** The language a path is in by itself: German on `/de`, French on `/fr`; null elsewhere (the switch decides). */
export function languageOfPath(pathname: string): Exclude<Language, 'en'> | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return path === '/de' ? 'de' : path === '/fr' ? 'fr' : null;
}

/**
 * A page prerendered in German or French (the home pages /de and /fr): its catalogue is loaded before
 * the page hydrates, so hydration reads the language the HTML was written in, and it is kept as the
 * buyer's choice for the pages that follow. Only these pages wait for a catalogue; English never does.
 */
export async function startIn(language: Exclude<Language, 'en'>): Promise<boolean> {
  started = true;
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage refused (private mode): the language holds for this page load.
  }
  try {
    const { loadCatalogue } = await import('./catalogue');
    lookups.set(language, await loadCatalogue(language));
  } catch {
    return false; // No catalogue (offline): the caller renders the page afresh in English rather than hydrate it wrongly.
  }
  wanted = language;
  initial = language;
  current = language;
  document.documentElement.lang = language;
  return true;
}

/** While prerendering: the language of the page being rendered, with its catalogue's lookup (none for English). */
export function prerenderIn(language: Language, languageLookup?: Lookup) {
  if (languageLookup) lookups.set(language, languageLookup);
  initial = language;
  wanted = language;
  current = language;
}

/** The buyer picks a language: it is kept for later visits, and the page switches once its catalogue is loaded. */
export function chooseLanguage(language: Language): Promise<void> {
  started = true;
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage refused (private mode): the choice holds for this page load.
  }
  return activate(language);
}

function subscribe(listener: () => void) {
  start();
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * The page's language. Prerendering and hydration read the prerendered page's language (English, but
 * German on /de and French on /fr); a stored German or French choice applies right after.
 */
export function useLanguage(): Language {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => initial,
  );
}

/** The message `id` from the loaded German or French catalogue; undefined for English or a missing message. */
export function lookup(language: Language, id: string, values?: Record<string, string | number>): string | undefined {
  return language === 'en' ? undefined : lookups.get(language)?.(id, values);
}

/** Tests: back to English with nothing stored, as on a first visit (loaded catalogues stay loaded). */
export function forgetLanguage() {
  try {
    window.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // nothing stored
  }
  started = false;
  initial = 'en';
  wanted = 'en';
  apply('en');
}
