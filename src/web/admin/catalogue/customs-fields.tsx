import type { UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import type { AdminCustoms } from '../../../shared/catalogue/catalogue-schemas';
import { customsMessages, formatCommodityCode, normaliseCommodityCode } from '../../../shared/customs';
import { Field, inputClass } from './catalogue-form';

/** The customs fields of goods that ship as the forms take them: text, checked here and again by the server. */
const gramsText = z
  .string()
  .trim()
  .refine((value) => value === '' || (/^\d{1,7}$/.test(value) && Number(value) <= 1_000_000), {
    error: customsMessages.weight,
  });

/** Issue 51: a value for customs as typed, in pounds or euros with up to 2 decimals; '' when not set. */
const CUSTOMS_VALUE_MESSAGE = 'Enter the value as an amount, for example 8.00';
const moneyText = z
  .string()
  .trim()
  .refine((value) => value === '' || /^\d{1,6}(\.\d{1,2})?$/.test(value), { error: CUSTOMS_VALUE_MESSAGE });

export const customsFormShape = {
  commodityCode: z
    .string()
    .trim()
    .refine((value) => value === '' || normaliseCommodityCode(value) !== null, {
      error: customsMessages.commodityCode,
    }),
  originCountry: z
    .string()
    .trim()
    .refine((value) => /^([A-Za-z]{2})?$/.test(value), { error: customsMessages.originCountry }),
  netWeightGrams: gramsText,
  grossWeightGrams: gramsText,
  customsValueGbp: moneyText,
  customsValueEur: moneyText,
};
export interface CustomsFormValues {
  commodityCode: string;
  originCountry: string;
  netWeightGrams: string;
  grossWeightGrams: string;
  customsValueGbp: string;
  customsValueEur: string;
}
export const customsFieldNames = [
  'commodityCode',
  'originCountry',
  'netWeightGrams',
  'grossWeightGrams',
  'customsValueGbp',
  'customsValueEur',
] as const;

export const emptyCustoms: CustomsFormValues = {
  commodityCode: '',
  originCountry: '',
  netWeightGrams: '',
  grossWeightGrams: '',
  customsValueGbp: '',
  customsValueEur: '',
};

const majorText = (minor: number | null | undefined) => (minor == null ? '' : (minor / 100).toFixed(2));
/** "8.5" → 850, exactly (no floating point): '' → null. */
const minorOf = (value: string) => {
  const text = value.trim();
  if (text === '') return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};

export const customsFormValues = (customs: AdminCustoms | null): CustomsFormValues =>
  customs
    ? {
        commodityCode: customs.commodityCode ? formatCommodityCode(customs.commodityCode) : '',
        originCountry: customs.originCountry ?? '',
        netWeightGrams: customs.netWeightGrams === null ? '' : String(customs.netWeightGrams),
        grossWeightGrams: customs.grossWeightGrams === null ? '' : String(customs.grossWeightGrams),
        customsValueGbp: majorText(customs.customsValueGbp),
        customsValueEur: majorText(customs.customsValueEur),
      }
    : emptyCustoms;

const gramsOf = (value: string) => (value.trim() === '' ? null : Number(value));

/** What a save sends: the code as typed (the server keeps its digits), empty fields as null. */
export const customsBody = (values: CustomsFormValues) => ({
  commodityCode: values.commodityCode.trim() || null,
  originCountry: values.originCountry.trim() || null,
  netWeightGrams: gramsOf(values.netWeightGrams),
  grossWeightGrams: gramsOf(values.grossWeightGrams),
  customsValueGbp: minorOf(values.customsValueGbp),
  customsValueEur: minorOf(values.customsValueEur),
});

type CustomsRegistrations = Record<keyof CustomsFormValues, { registration: UseFormRegisterReturn; error?: string }>;

/** The four customs inputs of a catalogue editor (issue 37): they print on the commercial invoice. */
export function CustomsFields({ fields, idPrefix = '' }: { fields: CustomsRegistrations; idPrefix?: string }) {
  const input = (name: keyof CustomsFormValues, label: string, extra: Record<string, string> = {}) => (
    <Field label={label} name={`${idPrefix}${name}`} error={fields[name].error}>
      <input
        className={inputClass}
        aria-invalid={fields[name].error ? true : undefined}
        {...extra}
        {...fields[name].registration}
      />
    </Field>
  );
  return (
    <fieldset className="grid gap-3 sm:col-span-2 sm:grid-cols-4" aria-describedby={`${idPrefix}customs-value-help`}>
      <legend className="text-sm font-medium text-navy-800">Customs (commercial invoice)</legend>
      {input('commodityCode', 'Commodity code (HS/CN)', { placeholder: '8479 89 97', inputMode: 'numeric' })}
      {input('originCountry', 'Country of origin', { placeholder: 'GB', maxLength: '2' })}
      {input('netWeightGrams', 'Net weight (g)', { inputMode: 'numeric' })}
      {input('grossWeightGrams', 'Packed weight (g)', { inputMode: 'numeric' })}
      {input('customsValueGbp', 'Value for customs (£)', { inputMode: 'decimal', placeholder: '8.00' })}
      {input('customsValueEur', 'Value for customs (€)', { inputMode: 'decimal', placeholder: '9.50' })}
      <p id={`${idPrefix}customs-value-help`} className="text-xs text-navy-600 sm:col-span-2">
        Given at no charge (a plug, a mount, an adaptor), the item is declared at this value on the commercial invoice:
        &ldquo;no charge, value for customs purposes only&rdquo;.
      </p>
    </fieldset>
  );
}
