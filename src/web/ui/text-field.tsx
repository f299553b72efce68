import { forwardRef, type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { cn } from './cn';
import { useT } from '../i18n/use-t';
import '../i18n/field-messages';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  error?: string | undefined;
  hint?: string;
  optional?: boolean;
}

/** A labelled input with its error beside it (announced to screen readers). */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, optional, className, id, ...props },
  ref,
) {
  const generated = useId();
  const text = useT();
  const { t } = text;
  const inputId = id ?? generated;
  const messageId = `${inputId}-message`;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-medium text-navy-900">
        {label}
        {optional ? <span className="font-normal text-navy-500"> {t('common.optional', '(optional)')}</span> : null}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
        className={cn(
          'mt-1 block h-11 w-full rounded-md border bg-white px-3 text-base text-navy-900 shadow-sm',
          'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent-600',
          error ? 'border-red-600' : 'border-navy-200',
        )}
        {...props}
      />
      {error ? (
        <p id={messageId} role="alert" className="mt-1 text-sm text-red-700">
          {text.said(error)}
        </p>
      ) : hint ? (
        <p id={messageId} className="mt-1 text-sm text-navy-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
});
