import { type FormEvent, useState } from 'react';
import { TitleField } from '../ui/title-field';
import { asTitle } from '../../shared/accounts/title';
import { toast } from 'sonner';
import { useT } from '../i18n/use-t';
import { countries } from '../../shared/countries';
import { countriesIn } from '../i18n/country-names';
import { Button } from '../ui/button';
import { useAccountOrganisation } from './account-organisation';
import { AuthField } from './auth-field';
import { errorMessage } from './auth-request';
import {
  EINVOICE_DELIVERIES,
  type EInvoiceDelivery,
  einvoiceDeliveryHint,
  einvoiceDeliveryLabel,
  isEInvoiceDelivery,
} from './einvoice-delivery-words';
import { useUpdateProfile } from './update-profile';
import type { SessionProfile } from '../lib/use-session';

const selectClass =
  'mt-1 block h-11 w-full rounded-md border border-navy-200 bg-white px-3 text-navy-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600';

export function ProfileTab({ profile }: { profile: SessionProfile }) {
  const update = useUpdateProfile();
  const organisation = useAccountOrganisation().data?.organisation ?? null;
  // '': follow the organisation's choice (null on the profile); without an organisation that is the PDF.
  const [delivery, setDelivery] = useState<EInvoiceDelivery | ''>(profile.einvoiceDelivery ?? '');
  const [form, setForm] = useState({
    // Issue 53: '' is no title.
    title: profile.title ?? '',
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    phone: profile.phone ?? '',
    company: profile.company ?? '',
    country: profile.country ?? '',
  });
  const [error, setError] = useState<string | null>(null);
  const text = useT();
  const { t } = text;
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    update.mutate(
      { ...form, title: asTitle(form.title), einvoiceDelivery: delivery === '' ? null : delivery },
      {
        onSuccess: () => toast.success(t('profile.updated', 'Profile updated successfully!')),
        onError: (failure) => setError(errorMessage(failure) ?? t('profile.failed', 'Failed to update profile')),
      },
    );
  };

  return (
    <form onSubmit={submit} className="max-w-2xl space-y-4" aria-labelledby="profile-heading" noValidate>
      <h2 id="profile-heading" className="text-xl font-semibold text-navy-900">
        {t('account.profile', 'Profile')}
      </h2>
      {error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <TitleField className="sm:w-1/2" name="title" value={form.title} onChange={set('title')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <AuthField
          label={t('quoteFlow.firstName', 'First name')}
          name="firstName"
          autoComplete="given-name"
          value={form.firstName}
          onChange={set('firstName')}
          maxLength={100}
        />
        <AuthField
          label={t('quoteFlow.lastName', 'Last name')}
          name="lastName"
          autoComplete="family-name"
          value={form.lastName}
          onChange={set('lastName')}
          maxLength={100}
        />
      </div>
      <div>
        <AuthField
          label={t('quote.email', 'Email')}
          name="email"
          type="email"
          value={profile.email}
          readOnly
          disabled
          aria-describedby="email-fixed"
        />
        <p id="email-fixed" className="mt-1 text-sm text-navy-600">
          {t('profile.emailFixed', 'Email cannot be changed')}
        </p>
      </div>
      <AuthField
        label={t('address.phone', 'Phone')}
        name="phone"
        type="tel"
        autoComplete="tel"
        value={form.phone}
        onChange={set('phone')}
        maxLength={50}
      />
      <AuthField
        label={t('address.company', 'Company')}
        name="company"
        autoComplete="organization"
        value={form.company}
        onChange={set('company')}
        maxLength={200}
      />
      <div>
        <label htmlFor="profile-country" className="block text-sm font-medium text-navy-900">
          {t('quote.country', 'Country')}
        </label>
        <select
          id="profile-country"
          name="country"
          className={selectClass}
          value={form.country}
          onChange={set('country')}
        >
          <option value="">{t('profile.selectCountry', 'Select a country')}</option>
          {countriesIn(text, countries).map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="profile-einvoice-delivery" className="block text-sm font-medium text-navy-900">
          {t('einvoiceDelivery.profileLabel', 'How invoices are e-mailed to you')}
        </label>
        <select
          id="profile-einvoice-delivery"
          name="einvoiceDelivery"
          aria-describedby="profile-einvoice-delivery-hint"
          className={selectClass}
          value={delivery === '' && !organisation ? 'pdf' : delivery}
          onChange={(event) => setDelivery(isEInvoiceDelivery(event.target.value) ? event.target.value : '')}
        >
          {organisation ? (
            <option value="">
              {t('einvoiceDelivery.followOrganisation', 'Follow the organisation’s choice ({choice})', {
                choice: einvoiceDeliveryLabel(text, organisation.einvoiceDelivery ?? 'pdf'),
              })}
            </option>
          ) : null}
          {EINVOICE_DELIVERIES.map((choice) => (
            <option key={choice} value={choice}>
              {einvoiceDeliveryLabel(text, choice)}
            </option>
          ))}
        </select>
        <p id="profile-einvoice-delivery-hint" className="mt-1 text-sm text-navy-600">
          {einvoiceDeliveryHint(text)}
        </p>
      </div>
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? t('profile.updating', 'Updating...') : t('profile.update', 'Update Profile')}
      </Button>
    </form>
  );
}
