import * as Select from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import { countries, findCountry } from '../../shared/countries';
import { CountryFlag } from './country-flag';

/**
 * The customer's country, with flags. Choosing the USA (not yet sold to) leaves the country as it
 * was; the caller opens the waitlist instead.
 */
export function CountrySelect({ value, onChange, onNotListed }: { value: string; onChange: (code: string) => void; onNotListed: () => void }) {
  const current = findCountry(value);
  return (
    <div>
      <span id="country-label" className="mb-2 block text-sm font-medium text-navy-800">
        Delivery country
      </span>
      <Select.Root value={value} onValueChange={onChange}>
        <Select.Trigger
          aria-labelledby="country-label"
          className="flex h-11 w-full items-center justify-between gap-3 rounded-md border border-navy-200 bg-white px-3 text-left text-navy-900 hover:border-navy-300 sm:max-w-sm"
        >
          <span className="flex items-center gap-2">
            <CountryFlag code={value} />
            <Select.Value>{current?.name ?? value}</Select.Value>
          </span>
          <Select.Icon>
            <ChevronDown aria-hidden="true" className="size-4 text-navy-600" />
          </Select.Icon>
        </Select.Trigger>
        <Select.Portal>
          <Select.Content position="popper" sideOffset={4} className="z-50 max-h-[min(24rem,var(--radix-select-content-available-height))] w-[var(--radix-select-trigger-width)] overflow-hidden rounded-md border border-navy-200 bg-white shadow-lg">
            <Select.Viewport className="p-1">
              {countries.map((country) => (
                <Select.Item
                  key={country.code}
                  value={country.code}
                  className="relative flex cursor-pointer items-center gap-2 rounded px-2 py-2 text-sm text-navy-900 outline-none select-none data-[highlighted]:bg-accent-50 data-[state=checked]:font-semibold"
                >
                  <CountryFlag code={country.code} />
                  <Select.ItemText>{country.name}</Select.ItemText>
                  {!country.available && <span className="text-xs text-navy-600">(coming soon: join the waitlist)</span>}
                  <span className="ml-auto text-xs text-navy-600">{country.symbol}</span>
                  <Select.ItemIndicator>
                    <Check aria-hidden="true" className="size-4 text-accent-700" />
                  </Select.ItemIndicator>
                </Select.Item>
              ))}
            </Select.Viewport>
          </Select.Content>
        </Select.Portal>
      </Select.Root>
      <p className="mt-2 text-sm text-navy-600">
        We sell to the UK and the EU.{' '}
        <button type="button" onClick={onNotListed} className="font-medium text-accent-700 underline underline-offset-2 hover:text-accent-800">
          Your Country Not Listed?
        </button>
      </p>
    </div>
  );
}
