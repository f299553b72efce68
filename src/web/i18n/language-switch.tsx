import { type Language, LANGUAGES, languageNames } from '../../shared/i18n/languages';
import { chooseLanguage, useLanguage } from './language';

/**
 * The language switch of the shop's footer (issue 40): a native select, labelled and keyboard-operable,
 * each language in its own name. The choice is kept for later visits; the configurator's country never
 * changes it. The marketing pages stay English for now; the shop's own pages follow the choice.
 */
export function LanguageSwitch() {
  const language = useLanguage();
  return (
    <label className="flex items-center gap-2">
      <span lang="en">Language</span>
      <select
        className="rounded border border-navy-200 bg-white px-2 py-1 text-xs text-navy-800"
        value={language}
        onChange={(event) => void chooseLanguage(event.target.value as Language)}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {languageNames[code]}
          </option>
        ))}
      </select>
    </label>
  );
}
