import { useId } from 'react';
import { LANGUAGES, type Language, languageNames } from '../../shared/i18n/languages';
import { useT } from '../i18n/use-t';

interface LanguageSelectProps {
  value: Language;
  onChange: (language: Language) => void;
  /**
   * The delivery country's language (issue 53): offered beside the select when it is not the one
   * chosen, as a suggestion the buyer takes with one press; it never changes the choice by itself.
   */
  suggested?: Language | null;
}

/**
 * "Language of your documents" (issue 40): the quote, the order's documents and its e-mails. It starts
 * in the language of the page the buyer reads (issue 53); each language is named in itself; the page's
 * own language does not change with it.
 */
export function LanguageSelect({ value, onChange, suggested }: LanguageSelectProps) {
  const id = useId();
  const { t } = useT();
  const suggestion = suggested && suggested !== value ? suggested : null;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-navy-900">
        {t('languageSelect.label', 'Language of your documents')}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value as Language)}
        className="mt-1 block h-11 w-full rounded-md border border-navy-200 bg-white px-3 focus-visible:outline-2 focus-visible:outline-accent-600"
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {languageNames[language]}
          </option>
        ))}
      </select>
      <p className="mt-1 text-sm text-navy-600">
        {t(
          'languageSelect.hint',
          'Your quote, invoices and e-mails. The terms of sale stay in English as the binding text.',
        )}
      </p>
      {suggestion ? (
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-navy-700">
          <span>
            {t('languageSelect.suggested', 'Suggested for your delivery country: {language}.', {
              language: languageNames[suggestion],
            })}
          </span>
          <button
            type="button"
            className="rounded border border-navy-300 px-2 py-1 text-navy-900 hover:bg-navy-50 focus-visible:outline-2 focus-visible:outline-accent-600"
            onClick={() => onChange(suggestion)}
          >
            {t('languageSelect.use', 'Use {language}', { language: languageNames[suggestion] })}
          </button>
        </p>
      ) : null}
    </div>
  );
}
