import { Minus, Plus } from 'lucide-react';
import { cn } from '../ui/cn';

const stepButton =
  'grid size-9 place-items-center rounded-md border border-navy-200 bg-white text-navy-900 hover:bg-navy-50 disabled:cursor-not-allowed disabled:opacity-50';

/** Minus, the count, plus; the count is announced when it changes. */
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
}) {
  return (
    <div role="group" aria-label={label} className="inline-flex items-center gap-2">
      <button type="button" className={cn(stepButton, size === 'sm' && 'size-8')} onClick={onDecrement} disabled={decrementDisabled} aria-label={decrementLabel}>
        <Minus aria-hidden="true" className="size-4" />
      </button>
      <output aria-live="polite" className={cn('tabular min-w-8 text-center font-semibold text-navy-900', size === 'md' && 'text-lg')}>
        {value}
      </output>
      <button type="button" className={cn(stepButton, size === 'sm' && 'size-8')} onClick={onIncrement} disabled={incrementDisabled} aria-label={incrementLabel}>
        <Plus aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
