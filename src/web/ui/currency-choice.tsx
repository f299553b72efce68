import { useId } from 'react';
import type { CurrencyCode } from '../../shared/countries';
import { invoiceCurrencyMessages } from '../../shared/pricing/invoice-currency';
import { useT } from '../i18n/use-t';

interface CurrencyChoiceProps {
  /** The currencies offered (decision 0085): shown only when there are two. */
  offered: readonly CurrencyCode[];
  value: CurrencyCode;
  onChange: (currency: CurrencyCode) => void;
}

/**
 * "Invoice currency" (issue 51, decision 0085): where the billing and delivery countries use different
 * currencies, the buyer chooses the one their quote, order and invoices are in. Native radios in a
 * fieldset with its legend, so the arrow keys move between them and a screen reader names the group.
 */
export function CurrencyChoice({ offered, value, onChange }: CurrencyChoiceProps) {
  const name = useId();
  const hintId = `${name}-hint`;
  const { message } = useT();
  return (
    <fieldset className="space-y-2" aria-describedby={hintId}>
      <legend className="text-sm font-medium text-navy-900">{message(invoiceCurrencyMessages.label)}</legend>
      <p id={hintId} className="text-sm text-navy-600">
        {message(invoiceCurrencyMessages.hint)}
      </p>
      <div className="flex flex-wrap gap-3">
        {offered.map((currency) => (
          <label
            key={currency}
            className="flex items-center gap-2 rounded-md border border-navy-200 px-3 py-2 text-sm has-[:checked]:border-accent-600 has-[:checked]:bg-accent-50"
          >
            <input
              type="radio"
              name={name}
              value={currency}
              checked={value === currency}
              onChange={() => onChange(currency)}
              className="size-4 accent-accent-600 focus-visible:outline-2 focus-visible:outline-accent-600"
            />
            {message(invoiceCurrencyMessages[currency])}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
