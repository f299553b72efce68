import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { catalogueMessages, MAX_PRICE_MINOR, toMinorUnits } from '../../../shared/catalogue/catalogue-schemas';
import { ApiError } from '../../lib/api-client';
import { money } from '../shell/format';

export const inputClass =
  'mt-1 block w-full rounded-md border border-navy-200 bg-white px-2 py-1.5 text-sm text-navy-900';

/** A price field's text: a number with at most 2 decimals, not negative (docs/decisions/0013). */
export const priceText = z
  .string()
  .trim()
  .min(1, { error: catalogueMessages.priceNumber })
  .refine((value) => !Number.isNaN(Number(value)), { error: catalogueMessages.priceNumber })
  .refine((value) => Number(value) >= 0, { error: catalogueMessages.priceNegative })
  .refine((value) => !Number.isNaN(toMinorUnits(value)), { error: catalogueMessages.priceDecimals })
  .refine((value) => toMinorUnits(value) <= MAX_PRICE_MINOR, { error: catalogueMessages.priceTooLarge });

/** Both prices with their symbols and 2 decimals. */
export const bothPrices = (gbp: number, eur: number) => `${money(gbp, 'GBP')} / ${money(eur, 'EUR')}`;

/** The message beside a field, announced to screen readers. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <span id={id} role="alert" className="mt-1 block text-sm text-red-700">
      {message}
    </span>
  );
}

export function Field({
  label,
  error,
  name,
  children,
}: {
  label: string;
  error: string | undefined;
  name: string;
  children: ReactNode;
}) {
  return (
    <label className="block text-sm text-navy-800">
      {label}
      {children}
      <FieldError id={`${name}-error`} message={error} />
    </label>
  );
}

/** The server's messages per field, keyed as in the form (an API error's `fields`). */
export function serverFieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.fields : {};
}

export function BackToSettings() {
  return (
    <Link to="/admin/settings" className="text-sm font-medium text-accent-700 hover:underline">
      ← Back to Settings
    </Link>
  );
}
