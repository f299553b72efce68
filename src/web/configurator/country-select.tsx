import * as Popover from '@radix-ui/react-popover';
import { Check, ChevronDown } from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { countries } from '../../shared/countries';
import { countriesIn, countryNameIn } from '../i18n/country-names';
import { cn } from '../ui/cn';
import { CountryFlag } from './country-flag';
import { useT } from '../i18n/use-t';

/** Up/Down/Home/End move between the countries of the open list. */
function moveFocus(event: KeyboardEvent<HTMLUListElement>) {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  event.preventDefault();
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button')];
  const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? buttons.length - 1
        : (index + (event.key === 'ArrowDown' ? 1 : -1) + buttons.length) % buttons.length;
  buttons[next]?.focus();
}

/** How long typed letters keep adding to one search, as in a native list. */
const TYPE_AHEAD_PAUSE_MS = 700;

/**
 * Type-ahead as a native list has it: typed letters jump to the first country whose name starts
 * with them; the same letter again moves on to the next country with that initial.
 */
export function typeAheadIndex(names: readonly string[], typed: string, from: number): number {
  const query = typed.toLocaleLowerCase('en-GB');
  if (query.length === 0) return -1;
  const starts = (index: number) => names[index]?.toLocaleLowerCase('en-GB').startsWith(query) ?? false;
  const repeated = query.length > 1 && [...query].every((letter) => letter === query[0]);
  if (repeated || query.length === 1) {
    const initial = query[0] ?? '';
    for (let step = 1; step <= names.length; step += 1) {
      const index = (from + step + names.length) % names.length;
      if (names[index]?.toLocaleLowerCase('en-GB').startsWith(initial)) return index;
    }
    return -1;
  }
  for (let index = 0; index < names.length; index += 1) if (starts(index)) return index;
  return -1;
}

/**
 * The customer's country, with flags. The list is a popover of buttons that is only built when
 * opened (a select widget that renders all 32 flagged options up front cost a phone a long task).
 * Choosing the USA (not yet sold to) leaves the country as it was; the caller opens the waitlist.
 */
export function CountrySelect({
  value,
  onChange,
  onNotListed,
}: {
  value: string;
  onChange: (code: string) => void;
  onNotListed: () => void;
}) {
  const text = useT();
  const { t } = text;
  // Issue 53: the countries named in the page's language, in its alphabetical order.
  const shown = countriesIn(text, countries);
  const [open, setOpen] = useState(false);
  const list = useRef<HTMLUListElement>(null);
  const typed = useRef({ text: '', at: 0 });
  const onListKey = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key.length === 1 && /\p{L}/u.test(event.key) && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      const now = event.timeStamp;
      typed.current = {
        text: (now - typed.current.at > TYPE_AHEAD_PAUSE_MS ? '' : typed.current.text) + event.key,
        at: now,
      };
      const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button')];
      const from = buttons.indexOf(document.activeElement as HTMLButtonElement);
      const index = typeAheadIndex(
        shown.map((country) => country.name),
        typed.current.text,
        from,
      );
      if (index >= 0) buttons[index]?.focus();
      return;
    }
    moveFocus(event);
  };
  return (
    <div>
      <span id="country-label" className="mb-2 block text-sm font-medium text-navy-800">
        {t('country.label', 'Delivery country')}
      </span>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger
          aria-labelledby="country-label country-value"
          className="flex h-11 w-full items-center justify-between gap-3 rounded-md border border-navy-200 bg-white px-3 text-left text-navy-900 hover:border-navy-300 sm:max-w-sm"
        >
          <span className="flex items-center gap-2">
            <CountryFlag code={value} />
            <span id="country-value">{countryNameIn(text, value)}</span>
          </span>
          <ChevronDown aria-hidden="true" className="size-4 text-navy-600" />
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="start"
            sideOffset={4}
            aria-label={t('country.choose', 'Choose your delivery country')}
            onOpenAutoFocus={(event) => {
              event.preventDefault();
              list.current?.querySelector<HTMLButtonElement>('[aria-current="true"]')?.focus();
            }}
            className="z-50 max-h-[min(24rem,var(--radix-popover-content-available-height))] w-[var(--radix-popover-trigger-width)] min-w-64 overflow-y-auto rounded-md border border-navy-200 bg-white p-1 shadow-lg"
          >
            <ul ref={list} onKeyDown={onListKey} className="grid">
              {shown.map((country) => {
                const selected = country.code === value;
                return (
                  <li key={country.code}>
                    <button
                      type="button"
                      aria-current={selected ? 'true' : undefined}
                      onClick={() => {
                        setOpen(false);
                        onChange(country.code);
                      }}
                      className={cn(
                        'flex w-full items-center gap-2 rounded px-2 py-2 text-left text-sm text-navy-900 hover:bg-accent-50 focus-visible:bg-accent-50',
                        selected && 'font-semibold',
                      )}
                    >
                      <CountryFlag code={country.code} />
                      <span>{country.name}</span>
                      {!country.available && (
                        <span className="text-xs text-navy-600">
                          {t('country.comingSoon', '(coming soon: join the waitlist)')}
                        </span>
                      )}
                      <span className="ml-auto text-xs text-navy-600">{country.symbol}</span>
                      {selected && <Check aria-hidden="true" className="size-4 text-accent-700" />}
                    </button>
                  </li>
                );
              })}
            </ul>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      <p className="mt-2 text-sm text-navy-600">
        {t('country.weSell', 'We sell to the UK and the EU.')}{' '}
        <button
          type="button"
          onClick={onNotListed}
          className="font-medium text-accent-700 underline underline-offset-2 hover:text-accent-800"
        >
          {t('country.notListed', 'Your Country Not Listed?')}
        </button>
      </p>
    </div>
  );
}
