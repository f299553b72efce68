import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { orderFieldLimits, shippingCountries } from '../../shared/order-flow';
import { countriesIn } from '../i18n/country-names';
import { TextField } from '../ui/text-field';
import { type PageText, useT } from '../i18n/use-t';
import '../i18n/field-messages';

type AddressField =
  'firstName' | 'lastName' | 'company' | 'phone' | 'address' | 'city' | 'state' | 'postalCode' | 'country';

const blocks = {
  billing: {
    autoComplete: '',
    countryId: 'order-country',
    labels: ({ t }: PageText) => ({
      firstName: t('quoteFlow.firstName', 'First name'),
      lastName: t('quoteFlow.lastName', 'Last name'),
      company: t('address.company', 'Company'),
      phone: t('address.phone', 'Phone'),
      address: t('address.address', 'Address'),
      city: t('address.city', 'City'),
      state: t('address.state', 'State / County'),
      postalCode: t('address.postalCode', 'Postal code'),
      country: t('quote.country', 'Country'),
    }),
  },
  delivery: {
    autoComplete: 'shipping ',
    countryId: 'delivery-country',
    labels: ({ t }: PageText) => ({
      firstName: t('address.deliveryFirstName', 'Delivery first name'),
      lastName: t('address.deliveryLastName', 'Delivery last name'),
      company: t('address.deliveryCompany', 'Delivery company'),
      phone: t('address.deliveryPhone', 'Delivery phone'),
      address: t('address.deliveryStreet', 'Delivery street address'),
      city: t('address.deliveryCity', 'Delivery city'),
      state: t('address.deliveryState', 'Delivery state / county'),
      postalCode: t('address.deliveryPostalCode', 'Delivery postal code'),
      country: t('country.label', 'Delivery country'),
    }),
  },
} as const;

interface AddressFieldsProps {
  /** The billing address (with the buyer's e-mail as `contact`) or the delivery address. */
  block: keyof typeof blocks;
  /** The form's registration of one of this block's fields. */
  field: (name: AddressField) => UseFormRegisterReturn;
  errors: Partial<Record<AddressField, { message?: string | undefined } | undefined>> | undefined;
  /** Shown after the company (the billing block's e-mail). */
  contact?: ReactNode;
  /** Shown before the names (the billing block's title, issue 53). */
  title?: ReactNode;
}

/**
 * One address block of the order flow: name, company, phone, street, city, state, postal code and
 * country, with the limits of `orderFieldLimits` (the server's) and the browser's address autofill.
 */
export function AddressFields({ block, field, errors, contact, title }: AddressFieldsProps) {
  const pageText = useT();
  const { autoComplete, countryId } = blocks[block];
  const labels = blocks[block].labels(pageText);
  const text = (name: Exclude<AddressField, 'country'>, autofill: string, optional = false) => (
    <TextField
      label={labels[name]}
      optional={optional || undefined}
      type={name === 'phone' ? 'tel' : undefined}
      autoComplete={`${autoComplete}${autofill}`}
      maxLength={orderFieldLimits[name]}
      error={errors?.[name]?.message}
      {...field(name)}
    />
  );
  const countryError = errors?.country?.message;
  return (
    <>
      {title}
      {text('firstName', 'given-name')}
      {text('lastName', 'family-name')}
      {text('company', 'organization', true)}
      {contact}
      {text('phone', 'tel', true)}
      {text('address', 'street-address')}
      {text('city', 'address-level2')}
      {text('state', 'address-level1', true)}
      {text('postalCode', 'postal-code')}
      <div>
        <label htmlFor={countryId} className="block text-sm font-medium">
          {labels.country}
        </label>
        <select
          id={countryId}
          autoComplete={`${autoComplete}country`}
          aria-invalid={countryError ? true : undefined}
          className="mt-1 block h-11 w-full rounded-md border border-navy-200 bg-white px-3 focus-visible:outline-2 focus-visible:outline-accent-600"
          {...field('country')}
        >
          {countriesIn(pageText, shippingCountries).map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
        {countryError ? (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {pageText.said(countryError)}
          </p>
        ) : null}
      </div>
    </>
  );
}
