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
};
export interface CustomsFormValues {
  commodityCode: string;
  originCountry: string;
  netWeightGrams: string;
  grossWeightGrams: string;
}
export const customsFieldNames = ['commodityCode', 'originCountry', 'netWeightGrams', 'grossWeightGrams'] as const;

export const emptyCustoms: CustomsFormValues = {
  commodityCode: '',
  originCountry: '',
  netWeightGrams: '',
  grossWeightGrams: '',
};

export const customsFormValues = (customs: AdminCustoms | null): CustomsFormValues =>
  customs
    ? {
        commodityCode: customs.commodityCode ? formatCommodityCode(customs.commodityCode) : '',
        originCountry: customs.originCountry ?? '',
        netWeightGrams: customs.netWeightGrams === null ? '' : String(customs.netWeightGrams),
        grossWeightGrams: customs.grossWeightGrams === null ? '' : String(customs.grossWeightGrams),
      }
    : emptyCustoms;

const gramsOf = (value: string) => (value.trim() === '' ? null : Number(value));

/** What a save sends: the code as typed (the server keeps its digits), empty fields as null. */
export const customsBody = (values: CustomsFormValues) => ({
  commodityCode: values.commodityCode.trim() || null,
  originCountry: values.originCountry.trim() || null,
  netWeightGrams: gramsOf(values.netWeightGrams),
  grossWeightGrams: gramsOf(values.grossWeightGrams),
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
    <fieldset className="grid gap-3 sm:col-span-2 sm:grid-cols-4">
      <legend className="text-sm font-medium text-navy-800">Customs (commercial invoice)</legend>
      {input('commodityCode', 'Commodity code (HS/CN)', { placeholder: '8479 89 97', inputMode: 'numeric' })}
      {input('originCountry', 'Country of origin', { placeholder: 'GB', maxLength: '2' })}
      {input('netWeightGrams', 'Net weight (g)', { inputMode: 'numeric' })}
      {input('grossWeightGrams', 'Packed weight (g)', { inputMode: 'numeric' })}
    </fieldset>
  );
}
