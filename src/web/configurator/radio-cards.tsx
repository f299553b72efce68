import * as RadioGroup from '@radix-ui/react-radio-group';
import type { ReactNode } from 'react';
import { cn } from '../ui/cn';

export interface RadioCardOption {
  id: string;
  label: string;
  description?: ReactNode;
  /** Right-hand side, e.g. the price. */
  aside?: ReactNode;
  extra?: ReactNode;
}

/** A single choice as a list of cards (Radix RadioGroup: arrow keys move, Space selects). */
export function RadioCards({
  labelledBy,
  value,
  options,
  onChange,
  columns = 1,
}: {
  labelledBy: string;
  value: string;
  options: RadioCardOption[];
  onChange: (id: string) => void;
  columns?: 1 | 2;
}) {
  return (
    <RadioGroup.Root
      aria-labelledby={labelledBy}
      value={value}
      onValueChange={onChange}
      className={cn('grid gap-3', columns === 2 && 'sm:grid-cols-2')}
    >
      {options.map((option) => {
        const checked = option.id === value;
        const labelId = `${labelledBy}-${option.id}-label`;
        return (
          <div
            key={option.id}
            className={cn(
              'relative flex gap-3 rounded-lg border bg-white p-4 transition-colors',
              checked ? 'border-accent-600 ring-1 ring-accent-600' : 'border-navy-200 hover:border-navy-300',
              // A teal outline on a teal card is hard to see: the focused card gets a navy ring too.
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-navy-900 has-[:focus-visible]:ring-offset-2',
            )}
          >
            <RadioGroup.Item
              value={option.id}
              id={`${labelledBy}-${option.id}`}
              aria-labelledby={labelId}
              className="mt-0.5 grid size-5 shrink-0 place-items-center rounded-full border border-navy-400 bg-white after:absolute after:inset-0 after:content-[''] focus-visible:outline-navy-900 data-[state=checked]:border-accent-600"
            >
              {/* Not RadioGroup.Indicator: its presence check reads the computed style when it mounts, a
                  forced style recalculation in every group while the configurator first renders. */}
              {checked && <span aria-hidden="true" className="block size-2.5 rounded-full bg-accent-600" />}
            </RadioGroup.Item>
            <div className="min-w-0 flex-1">
              <div className="flex items-start justify-between gap-3">
                <span id={labelId} className="font-medium text-navy-900">
                  {option.label}
                </span>
                {option.aside && (
                  <span className="tabular shrink-0 text-sm font-medium text-navy-800">{option.aside}</span>
                )}
              </div>
              {option.description && <div className="mt-1 text-sm text-navy-600">{option.description}</div>}
              {option.extra}
            </div>
          </div>
        );
      })}
    </RadioGroup.Root>
  );
}
