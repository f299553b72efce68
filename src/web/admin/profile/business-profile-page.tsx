import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FieldPath, type FieldValues, get, type UseFormReturn, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  bankAccountsSchema,
  businessProfileEditSchema,
  businessProfileMessages,
  businessProfileResponseSchema,
  type BusinessProfileResponse,
} from '../../../shared/business-profile-schemas';
import { publicProfileOf } from '../../../shared/business-profile';
import { ApiError } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { PageLoading } from '../../ui/page-loading';
import { BackToSettings, Field, inputClass, serverFieldErrors } from '../catalogue/catalogue-form';
import { adminApi } from '../shell/admin-api';
import { AdminHeading } from '../shell/admin-layout';
import { StateMessage } from '../shell/list-toolbar';
import { useStepUp } from '../shell/step-up-dialog';
import { SupplierPackSection } from './supplier-pack-section';

type Details = z.input<typeof businessProfileEditSchema>;
type Bank = z.input<typeof bankAccountsSchema>;

const QUERY_KEY = ['admin', 'business-profile'];

function Card({ title, children, description }: { title: string; description?: string; children: React.ReactNode }) {
  return (
    <fieldset className="rounded-lg border border-navy-100 bg-white p-5">
      <legend className="px-1 text-lg font-semibold text-navy-900">{title}</legend>
      {description ? <p className="mb-3 text-sm text-navy-600">{description}</p> : null}
      <div className="grid gap-3 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/** One text input of a form, with its error (client-side from the shared schema, or the server's) beside it. */
function TextField<T extends FieldValues>({
  form,
  name,
  label,
  type = 'text',
}: {
  form: UseFormReturn<T>;
  name: FieldPath<T>;
  label: string;
  type?: string;
}) {
  const error = get(form.formState.errors, name) as { message?: string } | undefined;
  const id = name.replaceAll('.', '-');
  return (
    <Field label={label} name={id} error={error?.message}>
      <input
        type={type}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...form.register(name)}
      />
    </Field>
  );
}

/** Puts each of the server's field messages beside its field. */
function showServerErrors<T extends FieldValues>(form: UseFormReturn<T>, error: unknown) {
  for (const [name, message] of Object.entries(serverFieldErrors(error)))
    form.setError(name as FieldPath<T>, { message });
}

/**
 * The set-up checklist. `example` false: the profile is filled in and only the dashboard's batch item
 * (issue 38) is open, which closes no ordering but leaves the storefront no batch to sell into.
 */
function SetupChecklist({
  checklist,
  example = true,
}: {
  checklist: BusinessProfileResponse['checklist'];
  example?: boolean;
}) {
  return (
    <section aria-label="Set-up checklist" className="rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h2 className="font-semibold text-amber-900">
        {example ? 'The business profile is still the example' : 'No batch dated in the future'}
      </h2>
      <p className="text-sm text-amber-900">
        {example
          ? 'Until every item is filled in, a production shop takes no orders (quotes still work).'
          : 'No batch that is not sold out is dated in the future. A batch whose date has passed takes no quotes or orders: re-date a batch or add one.'}
      </p>
      <ul className="mt-2 space-y-1 text-sm">
        {checklist.map((item) => (
          <li key={item.key} className={item.done ? 'text-green-800' : 'text-amber-900'}>
            {item.done ? '✓ ' : '○ '}
            {item.label}
            <span className="sr-only">{item.done ? ' (done)' : ' (to do)'}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export { SetupChecklist };

function DetailsForm({ data }: { data: BusinessProfileResponse }) {
  const client = useQueryClient();
  const form = useForm<Details>({
    resolver: zodResolver(businessProfileEditSchema),
    values: { ...publicProfileOf(data.profile), mail: data.profile.mail },
  });
  const save = useMutation({
    mutationFn: (values: Details) =>
      adminApi(businessProfileResponseSchema, '/business-profile', { method: 'PUT', body: values }),
    onSuccess: (answer) => {
      client.setQueryData(QUERY_KEY, answer);
      void client.invalidateQueries({ queryKey: [...QUERY_KEY, 'checklist'] });
      toast.success(businessProfileMessages.saved);
    },
    onError: (error) => {
      showServerErrors(form, error);
      toast.error(error instanceof ApiError ? error.message : businessProfileMessages.saveFailed);
    },
  });
  const text = (name: FieldPath<Details>, label: string, type?: string) => (
    <TextField form={form} name={name} label={label} type={type} />
  );
  const address = (prefix: 'registeredAddress' | 'tradingAddress') => (
    <>
      {text(`${prefix}.street`, 'Street')}
      {text(`${prefix}.city`, 'City')}
      {text(`${prefix}.postalCode`, 'Postcode')}
      {text(`${prefix}.region`, 'Region (optional)')}
      {text(`${prefix}.country`, 'Country')}
      {text(`${prefix}.countryCode`, 'Country code (e.g. GB)')}
    </>
  );
  return (
    <form
      aria-label="Company details"
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
    >
      <Card title="Company">
        {text('legalName', 'Legal name')}
        {text('tradingName', 'Trading name')}
        {text('companyNumber', 'Company number')}
        {text('registeredIn', 'Registered in')}
        {text('vatNumber', 'VAT number')}
        {text('eoriNumber', 'EORI number (GB and 12 digits; on the commercial invoice)')}
      </Card>
      <Card title="Registered address">{address('registeredAddress')}</Card>
      <Card title="Trading address" description="Shown in the footer, on the contact page and on documents.">
        {address('tradingAddress')}
      </Card>
      <Card title="Contact">
        {text('phone', 'Phone', 'tel')}
        {text('officeHours', 'Office hours')}
        {text('salesEmail', 'Sales mailbox (Reply-To of the shop’s e-mails)', 'email')}
        {text('supportEmail', 'Support mailbox', 'email')}
        {text('privacyEmail', 'Privacy mailbox', 'email')}
      </Card>
      <Card
        title="E-mail"
        description="The sender of every e-mail the shop sends (a deployment's MAIL_FROM, where set, wins) and where new-order alerts go. A production shop takes no orders while either is at an example domain."
      >
        {text('mail.senderName', 'Sender name')}
        {text('mail.senderEmail', 'Sender address', 'email')}
        {text('mail.alertEmail', 'Staff alert address (new orders)', 'email')}
      </Card>
      <Card title="Site" description="The About page, the contact page's map and the footer.">
        {text('foundedYear', 'Year founded')}
        <span />
        {text('mapLatitude', 'Map latitude (e.g. 52.2053; empty: no map)')}
        {text('mapLongitude', 'Map longitude (e.g. 0.1218)')}
      </Card>
      <Card title="Documents">
        {text('deliveryPlace', 'Named place for DDP (UK) and DAP (EU)')}
        <span />
        {text('signatoryName', 'Signatory’s name')}
        {text('signatoryTitle', 'Signatory’s title')}
      </Card>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save company details'}
      </Button>
    </form>
  );
}

function BankForm({ data }: { data: BusinessProfileResponse }) {
  const client = useQueryClient();
  const { withStepUp, dialog } = useStepUp();
  const form = useForm<Bank>({ resolver: zodResolver(bankAccountsSchema), values: data.profile.bank });
  const save = useMutation({
    mutationFn: (values: Bank) =>
      withStepUp(() =>
        adminApi(businessProfileResponseSchema, '/business-profile/bank', { method: 'PUT', body: values }),
      ),
    onSuccess: (answer) => {
      client.setQueryData(QUERY_KEY, answer);
      void client.invalidateQueries({ queryKey: [...QUERY_KEY, 'checklist'] });
      toast.success(businessProfileMessages.bankSaved);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'step_up_cancelled') return;
      showServerErrors(form, error);
      toast.error(error instanceof ApiError ? error.message : businessProfileMessages.saveFailed);
    },
  });
  const text = (name: FieldPath<Bank>, label: string) => <TextField form={form} name={name} label={label} />;
  return (
    <form
      aria-label="Bank accounts"
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
    >
      <p className="text-sm text-navy-700">
        Printed on quotes, order acknowledgements and invoices in their currency. Saving asks for a fresh authenticator
        code, is audited, and every admin is e-mailed about the change.
      </p>
      <Card title="GBP account">
        {text('GBP.accountName', 'Account name')}
        {text('GBP.bankName', 'Bank')}
        {text('GBP.sortCode', 'Sort code')}
        {text('GBP.accountNumber', 'Account number')}
      </Card>
      <Card title="EUR account">
        {text('EUR.accountName', 'Account name')}
        {text('EUR.bankName', 'Bank')}
        {text('EUR.iban', 'IBAN')}
        {text('EUR.bic', 'BIC')}
      </Card>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save bank accounts'}
      </Button>
      {dialog}
    </form>
  );
}

/** /admin/business-profile: the company's details and bank accounts (issue 23). */
export function BusinessProfilePage() {
  const profile = useQuery({
    queryKey: QUERY_KEY,
    queryFn: () => adminApi(businessProfileResponseSchema, '/business-profile'),
  });
  return (
    <section className="space-y-4">
      <BackToSettings />
      <AdminHeading title="Business Profile" />
      {profile.isPending ? (
        <PageLoading label="Loading the business profile..." />
      ) : profile.isError ? (
        <StateMessage tone="error">{businessProfileMessages.loadFailed}</StateMessage>
      ) : (
        <>
          {profile.data.example ? <SetupChecklist checklist={profile.data.checklist} /> : null}
          <h2 className="text-xl font-semibold text-navy-900">Company details</h2>
          <DetailsForm data={profile.data} />
          <h2 className="text-xl font-semibold text-navy-900">Bank accounts</h2>
          <BankForm data={profile.data} />
          <h2 className="text-xl font-semibold text-navy-900">Supplier pack</h2>
          <SupplierPackSection />
        </>
      )}
    </section>
  );
}
