import { Minus, Plus } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../ui/cn';

const stepButton =
  'grid size-9 place-items-center rounded-md border border-navy-200 bg-white text-navy-900 hover:bg-navy-50 disabled:cursor-not-allowed disabled:opacity-50';

/**
 * Minus, the count, plus; the count is announced when it changes. With `onSet` and `max` the count
 * is also a field a number can be typed into (applied while it is a whole number in range, put
 * back to the current count when the field is left).
 */
export function QuantityStepper({
  label,
  value,
  onDecrement,
  onIncrement,
  decrementLabel,
  incrementLabel,
  decrementDisabled,
  incrementDisabled,
  size = 'md',
  onSet,
  max,
}: {
  label: string;
  value: number;
  onDecrement: () => void;
  onIncrement: () => void;
  decrementLabel: string;
  incrementLabel: string;
  decrementDisabled?: boolean;
  incrementDisabled?: boolean;
  size?: 'sm' | 'md';
  onSet?: (value: number) => void;
  max?: number;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const typeable = onSet !== undefined && max !== undefined;
  return (
    <div role="group" aria-label={label} className="inline-flex items-center gap-2">
      <button
        type="button"
        className={cn(stepButton, size === 'sm' && 'size-8')}
        onClick={onDecrement}
        disabled={decrementDisabled}
        aria-label={decrementLabel}
      >
        <Minus aria-hidden="true" className="size-4" />
      </button>
      {typeable ? (
        <>
          <input
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            aria-label={label}
            value={draft ?? String(value)}
            onChange={(event) => {
              const text = event.currentTarget.value.replace(/\D/g, '').slice(0, 4);
              setDraft(text);
              const typed = Number(text);
              if (text !== '' && typed >= 1 && typed <= max) onSet(typed);
            }}
            onBlur={() => setDraft(null)}
            className={cn(
              'tabular h-9 w-14 rounded-md border border-navy-200 text-center font-semibold text-navy-900',
              size === 'md' && 'text-lg',
            )}
          />
          <output aria-live="polite" className="sr-only">
            {value}
          </output>
        </>
      ) : (
        <output
          aria-live="polite"
          className={cn('tabular min-w-8 text-center font-semibold text-navy-900', size === 'md' && 'text-lg')}
        >
          {value}
        </output>
      )}
      <button
        type="button"
        className={cn(stepButton, size === 'sm' && 'size-8')}
        onClick={onIncrement}
        disabled={incrementDisabled}
        aria-label={incrementLabel}
      >
        <Plus aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
