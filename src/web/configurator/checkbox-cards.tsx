import type { ReactNode } from 'react';
import { cn } from '../ui/cn';

export interface CheckboxCardOption {
  id: string;
  label: string;
  description?: ReactNode;
  aside?: ReactNode;
  /** Always included: shown ticked and cannot be unticked. */
  locked?: boolean;
  extra?: ReactNode;
}

/** A multiple choice as cards, each a native checkbox with its label. */
export function CheckboxCards({
  name,
  selected,
  options,
  onToggle,
}: {
  name: string;
  selected: string[];
  options: CheckboxCardOption[];
  onToggle: (id: string) => void;
}) {
  return (
    <ul className="grid gap-3">
      {options.map((option) => {
        const checked = option.locked === true || selected.includes(option.id);
        const inputId = `${name}-${option.id}`;
        return (
          <li
            key={option.id}
            className={cn(
              'rounded-lg border bg-white p-4 transition-colors',
              checked ? 'border-accent-600 ring-1 ring-accent-600' : 'border-navy-200 hover:border-navy-300',
              // A teal outline on a teal card is hard to see: the focused card gets a navy ring too.
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-navy-900 has-[:focus-visible]:ring-offset-2',
            )}
          >
            <div className="flex gap-3">
              <input
                id={inputId}
                type="checkbox"
                checked={checked}
                disabled={option.locked}
                aria-describedby={option.description ? `${inputId}-description` : undefined}
                onChange={() => onToggle(option.id)}
                className="mt-0.5 size-5 shrink-0 accent-accent-600 focus-visible:outline-navy-900 disabled:opacity-70"
              />
              <div className="min-w-0 flex-1">
                <div className="flex items-start justify-between gap-3">
                  <label htmlFor={inputId} className="font-medium text-navy-900">
                    {option.label}
                  </label>
                  {option.aside && (
                    <span className="tabular shrink-0 text-sm font-medium text-navy-800">{option.aside}</span>
                  )}
                </div>
                {option.description && (
                  <p id={`${inputId}-description`} className="mt-1 text-sm text-navy-600">
                    {option.description}
                  </p>
                )}
              </div>
            </div>
            {option.extra}
          </li>
        );
      })}
    </ul>
  );
}
