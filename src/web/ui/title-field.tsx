import { forwardRef, type SelectHTMLAttributes, useId } from 'react';
import type { Title } from '../../shared/accounts/title';
import { type PageText, useT } from '../i18n/use-t';
import { cn } from './cn';
import '../i18n/field-messages';

export interface TitleFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  error?: string | undefined;
}

/** A title's word in the page's language: "Mr"/"Herr"/"Monsieur", "Ms"/"Frau"/"Madame" (docs/glossary.md). */
export const titleWord = ({ t }: PageText, title: Title): string =>
  title === 'mr' ? t('title.mr', 'Mr') : t('title.ms', 'Ms');

/**
 * The optional title beside a buyer's name (issue 53): a labelled select ("Title", "Anrede",
 * "Civilité") of none (the value '', the default), Mr and Ms. The e-mails greet by it and the family
 * name ("Guten Tag Herr Becker,"). A native select: keyboard-operable and announced with its label.
 */
export const TitleField = forwardRef<HTMLSelectElement, TitleFieldProps>(function TitleField(
  { error, className, id, ...props },
  ref,
) {
  const generated = useId();
  const text = useT();
  const { t } = text;
  const selectId = id ?? generated;
  const messageId = `${selectId}-message`;
  return (
    <div className={className}>
      <label htmlFor={selectId} className="block text-sm font-medium text-navy-900">
        {t('title.label', 'Title')}
        <span className="font-normal text-navy-500"> {t('common.optional', '(optional)')}</span>
      </label>
      <select
        ref={ref}
        id={selectId}
        autoComplete="honorific-prefix"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? messageId : undefined}
        className={cn(
          'mt-1 block h-11 w-full rounded-md border bg-white px-3 text-base text-navy-900 shadow-sm',
          'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent-600',
          error ? 'border-red-600' : 'border-navy-200',
        )}
        {...props}
      >
        <option value="">{t('title.none', 'No title')}</option>
        <option value="mr">{titleWord(text, 'mr')}</option>
        <option value="ms">{titleWord(text, 'ms')}</option>
      </select>
      {error ? (
        <p id={messageId} role="alert" className="mt-1 text-sm text-red-700">
          {text.said(error)}
        </p>
      ) : null}
    </div>
  );
});
