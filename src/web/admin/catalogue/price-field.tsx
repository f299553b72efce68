import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, inputClass } from './catalogue-form';

/**
 * A price in pounds or euros (label "Price (£)" or "Price (€)"): a decimal input, marked invalid and
 * described by its error text while it has one.
 */
export function PriceField({
  label,
  name,
  error,
  registration,
}: {
  label: string;
  name: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  return (
    <Field label={label} name={name} error={error}>
      <input
        type="number"
        step="0.01"
        min="0"
        inputMode="decimal"
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : undefined}
        {...registration}
      />
    </Field>
  );
}
