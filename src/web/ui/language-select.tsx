import { useId } from 'react';
import { LANGUAGES, type Language, languageNames } from '../../shared/i18n/languages';

interface LanguageSelectProps {
  value: Language;
  onChange: (language: Language) => void;
  /** Shown under the select: why it was preset. */
  hint?: string;
}

/**
 * "Language of your documents" (issue 40): the quote, the order's documents and its e-mails. Each
 * language is named in itself; the page's own language does not change with it.
 */
export function LanguageSelect({ value, onChange, hint }: LanguageSelectProps) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-navy-900">
        Language of your documents
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
        {hint ?? 'Your quote, invoices and e-mails. The terms of sale stay in English as the binding text.'}
      </p>
    </div>
  );
}
