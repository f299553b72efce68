import { type InputHTMLAttributes, useId } from 'react';
import '../i18n/field-messages';
import { useT } from '../i18n/use-t';
import { cn } from '../ui/cn';

/**
 * A labelled text input with its error beside it: a shared field's message id (zod's, from the shared
 * auth schemas) in the page's language, any other text as it came.
 */
export function AuthField({
  label,
  error,
  className,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | null | undefined }) {
  const id = useId();
  const { said } = useT();
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-navy-900">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cn(
          'mt-1 block h-11 w-full rounded-md border bg-white px-3 text-navy-900 placeholder:text-navy-400',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 disabled:bg-navy-50',
          error ? 'border-red-600' : 'border-navy-200',
        )}
        {...input}
      />
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {said(error)}
        </p>
      ) : null}
    </div>
  );
}
