import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  systemSettingsMessages,
  systemSettingsResponseSchema,
  type UpdateSystemSettingsRequest,
} from '../../../shared/admin/settings-schemas';
import type { SystemSettings } from '../../../shared/settings';
import { paymentReminderPlaceholders } from '../../../shared/orders/payment-reminders';
import { Button, buttonClasses } from '../../ui/button';
import { cn } from '../../ui/cn';
import { PageLoading } from '../../ui/page-loading';
import { adminApi } from '../shell/admin-api';
import { isStepUpCancelled, useStepUp } from '../shell/step-up-dialog';
import { AdminHeading } from '../shell/admin-layout';
import { StateMessage } from '../shell/list-toolbar';
import { Field, inputClass, serverFieldErrors } from '../catalogue/catalogue-form';

/** The form's values: numbers are edited as text and parsed on save (spec section 5). */
interface FormValues {
  siteName: string;
  siteDescription: string;
  maintenanceMode: boolean;
  allowRegistration: boolean;
  emailNotifications: boolean;
  defaultCurrency: string;
  taxRate: string;
  shippingCalculationMethod: string;
  orderNumberPrefix: string;
  quoteNumberPrefix: string;
  autoQuoteExpiry: string;
  defaultProductWarranty: string;
  requirePasskeyForPayments: boolean;
  requirePoNumber: boolean;
  batchFewPlacesThreshold: string;
  batchHoldDays: string;
  coverReminderDays: string;
  repairQuoteApprovalThreshold: string;
  /** One carrier a line: id | name | tracking address with {tracking}. */
  carriers: string;
  paymentReminderDueSubject: string;
  paymentReminderDueBody: string;
  paymentReminderOverdueSubject: string;
  paymentReminderOverdueBody: string;
  /** Issue 51: the hour (London) the day's reminders go. */
  paymentReminderHour: string;
  /** Issue 41: the factory test's limits (decimals as text) and the declaration's lists, one a line. */
  factoryTestRateLimitPercent: string;
  factoryTestNominalVolumeMl: string;
  factoryTestVolumeLimitPercent: string;
  conformityUkcaLegislation: string;
  conformityCeLegislation: string;
  conformityStandards: string;
  /** Issue 39: an order from a quote needs the buyer's acceptance; the single-supplier reasons, one a line. */
  ordersRequireAcceptedQuote: boolean;
  singleSupplierReasons: string;
  /** Issue 53: the reasons in German and French, one a line. */
  singleSupplierReasonsDe: string;
  singleSupplierReasonsFr: string;
  /** Issue 54: the business profile's staff alert address, shown and saved here too (one stored value). */
  adminEmail: string;
}

const toForm = (settings: SystemSettings, adminEmail: string): FormValues => ({
  ...settings,
  adminEmail,
  taxRate: String(settings.taxRate),
  autoQuoteExpiry: String(settings.autoQuoteExpiry),
  defaultProductWarranty: String(settings.defaultProductWarranty),
  batchFewPlacesThreshold: String(settings.batchFewPlacesThreshold),
  batchHoldDays: String(settings.batchHoldDays),
  coverReminderDays: String(settings.coverReminderDays),
  paymentReminderHour: String(settings.paymentReminderHour),
  repairQuoteApprovalThreshold: String(settings.repairQuoteApprovalThreshold),
  carriers: settings.carriers.map((carrier) => `${carrier.id} | ${carrier.name} | ${carrier.trackingUrl}`).join('\n'),
  factoryTestRateLimitPercent: String(settings.factoryTestRateLimitPercent),
  factoryTestNominalVolumeMl: String(settings.factoryTestNominalVolumeMl),
  factoryTestVolumeLimitPercent: String(settings.factoryTestVolumeLimitPercent),
  conformityUkcaLegislation: settings.conformityUkcaLegislation.join('\n'),
  conformityCeLegislation: settings.conformityCeLegislation.join('\n'),
  conformityStandards: settings.conformityStandards.join('\n'),
  singleSupplierReasons: settings.singleSupplierReasons.join('\n'),
  singleSupplierReasonsDe: settings.singleSupplierReasonsDe.join('\n'),
  singleSupplierReasonsFr: settings.singleSupplierReasonsFr.join('\n'),
});

/** A list entered one item a line (blank lines dropped). */
const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

const carriersOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [id = '', name = '', trackingUrl = ''] = line.split('|').map((part) => part.trim());
      return { id, name, trackingUrl };
    });

/** Section 5: Tax Rate as a decimal, the Business Rules as integers; a non-number becomes 0. */
const decimal = (text: string) => {
  const value = Number.parseFloat(text);
  return Number.isNaN(value) ? 0 : value;
};
const integer = (text: string) => {
  const value = Number.parseInt(text, 10);
  return Number.isNaN(value) ? 0 : value;
};

const toRequest = (values: FormValues): UpdateSystemSettingsRequest => ({
  ...values,
  taxRate: decimal(values.taxRate),
  autoQuoteExpiry: integer(values.autoQuoteExpiry),
  defaultProductWarranty: integer(values.defaultProductWarranty),
  batchFewPlacesThreshold: integer(values.batchFewPlacesThreshold),
  batchHoldDays: integer(values.batchHoldDays),
  coverReminderDays: integer(values.coverReminderDays),
  paymentReminderHour: integer(values.paymentReminderHour),
  repairQuoteApprovalThreshold: integer(values.repairQuoteApprovalThreshold),
  carriers: carriersOf(values.carriers),
  factoryTestRateLimitPercent: decimal(values.factoryTestRateLimitPercent),
  factoryTestNominalVolumeMl: decimal(values.factoryTestNominalVolumeMl),
  factoryTestVolumeLimitPercent: decimal(values.factoryTestVolumeLimitPercent),
  conformityUkcaLegislation: linesOf(values.conformityUkcaLegislation),
  conformityCeLegislation: linesOf(values.conformityCeLegislation),
  conformityStandards: linesOf(values.conformityStandards),
  singleSupplierReasons: linesOf(values.singleSupplierReasons),
  singleSupplierReasonsDe: linesOf(values.singleSupplierReasonsDe),
  singleSupplierReasonsFr: linesOf(values.singleSupplierReasonsFr),
});

const fieldNames: (keyof FormValues)[] = [
  'siteName',
  'siteDescription',
  'adminEmail',
  'defaultCurrency',
  'taxRate',
  'shippingCalculationMethod',
  'orderNumberPrefix',
  'quoteNumberPrefix',
  'autoQuoteExpiry',
  'defaultProductWarranty',
  'batchFewPlacesThreshold',
  'batchHoldDays',
  'coverReminderDays',
  'repairQuoteApprovalThreshold',
  'carriers',
  'paymentReminderDueSubject',
  'paymentReminderDueBody',
  'paymentReminderOverdueSubject',
  'paymentReminderOverdueBody',
  'paymentReminderHour',
  'factoryTestRateLimitPercent',
  'factoryTestNominalVolumeMl',
  'factoryTestVolumeLimitPercent',
  'conformityUkcaLegislation',
  'conformityCeLegislation',
  'conformityStandards',
  'singleSupplierReasons',
  'singleSupplierReasonsDe',
  'singleSupplierReasonsFr',
];

const SAVED_BANNER_MS = 3000;

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-lg border border-navy-100 bg-white p-5" aria-label={title}>
      <h2 className="mb-3 text-lg font-semibold text-navy-900">{title}</h2>
      <div className="grid gap-3">{children}</div>
    </section>
  );
}

function Switch({
  label,
  description,
  checked,
  onChange,
}: {
  label: string;
  description: string;
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <div className="flex items-center justify-between gap-4">
      <div>
        <p className="text-sm font-medium text-navy-900">{label}</p>
        <p className="text-sm text-navy-600">{description}</p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-label={label}
        onClick={() => onChange(!checked)}
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
          checked ? 'bg-accent-600' : 'bg-navy-200',
        )}
      >
        <span
          className={cn(
            'inline-block size-5 rounded-full bg-white shadow transition-transform',
            checked ? 'translate-x-5' : 'translate-x-0.5',
          )}
        />
      </button>
    </div>
  );
}

/** /admin/system-settings (spec sections 2, 4, 5 and 8). */
export function SystemSettingsPage() {
  const client = useQueryClient();
  const settings = useQuery({
    queryKey: ['admin', 'settings'],
    queryFn: () => adminApi(systemSettingsResponseSchema, '/settings'),
  });
  const form = useForm<FormValues>();
  const { withStepUp, dialog } = useStepUp();
  const [saved, setSaved] = useState(false);
  const [failed, setFailed] = useState(false);
  const bannerTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const loaded = settings.data;
  // The form mounts only once it holds the stored values, so no one ever sees (or reads) it empty.
  const [filled, setFilled] = useState(false);
  useEffect(() => {
    if (!loaded) return;
    form.reset(toForm(loaded.settings, loaded.adminEmail));
    setFilled(true);
  }, [loaded, form]);
  useEffect(() => () => clearTimeout(bannerTimer.current), []);

  const save = useMutation({
    // A new VAT rate (or passkey rule, repair approval threshold, reminder text, quote validity, warranty, single-supplier
    // reason or conformity line) needs a fresh second factor: the server asks (for a passkey where it must), the dialog takes it.
    mutationFn: (values: FormValues) =>
      withStepUp(() => adminApi(systemSettingsResponseSchema, '/settings', { method: 'PUT', body: toRequest(values) })),
    onMutate: () => {
      setSaved(false);
      setFailed(false);
      form.clearErrors();
    },
    onSuccess: (answer) => {
      client.setQueryData(['admin', 'settings'], answer);
      form.reset(toForm(answer.settings, answer.adminEmail));
      setSaved(true);
      clearTimeout(bannerTimer.current);
      bannerTimer.current = setTimeout(() => setSaved(false), SAVED_BANNER_MS);
      toast.success('Success', { description: systemSettingsMessages.savedToast });
    },
    onError: (error) => {
      if (isStepUpCancelled(error)) return;
      const fields = serverFieldErrors(error);
      for (const name of fieldNames) if (fields[name]) form.setError(name, { message: fields[name] });
      const carrierError = Object.entries(fields).find(([key]) => key.startsWith('carriers'));
      if (carrierError) form.setError('carriers', { message: `${carrierError[0]}: ${carrierError[1]}` });
      setFailed(true);
      toast.error('Error', { description: systemSettingsMessages.saveFailed });
    },
  });

  const reset = async () => {
    clearTimeout(bannerTimer.current);
    setSaved(false);
    setFailed(false);
    form.clearErrors();
    const fresh = await settings.refetch();
    if (fresh.data) form.reset(toForm(fresh.data.settings, fresh.data.adminEmail));
  };

  const errors = form.formState.errors;
  const text = (
    name: keyof FormValues,
    label: string,
    options: { type?: string; placeholder?: string; step?: string } = {},
  ) => (
    <Field label={label} name={name} error={errors[name]?.message}>
      <input
        type={options.type ?? 'text'}
        step={options.step}
        placeholder={options.placeholder}
        className={inputClass}
        aria-invalid={errors[name] ? true : undefined}
        {...form.register(name)}
      />
    </Field>
  );
  const toggle = (
    name:
      | 'maintenanceMode'
      | 'allowRegistration'
      | 'emailNotifications'
      | 'requirePasskeyForPayments'
      | 'ordersRequireAcceptedQuote'
      | 'requirePoNumber',
    label: string,
    description: string,
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Switch label={label} description={description} checked={field.value} onChange={field.onChange} />
      )}
    />
  );

  return (
    <section className="space-y-4">
      <Link to="/admin/settings" className={buttonClasses('outline', 'sm')}>
        Back to Settings
      </Link>
      <AdminHeading title="System Settings" />
      {settings.isError && !filled ? (
        <StateMessage tone="error">{systemSettingsMessages.loadFailed}</StateMessage>
      ) : !filled ? (
        <PageLoading label="Loading settings..." />
      ) : (
        <form
          onSubmit={form.handleSubmit((values) => save.mutate(values))}
          noValidate
          className="space-y-4"
          aria-label="System settings"
        >
          {saved ? (
            <p role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-green-800">
              {systemSettingsMessages.saved}
            </p>
          ) : null}
          {failed ? (
            <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-red-800">
              {systemSettingsMessages.saveFailed}
            </p>
          ) : null}
          <div className="grid gap-4 lg:grid-cols-2">
            <Card title="General Settings">
              {text('siteName', 'Site Name')}
              <Field label="Site Description" name="siteDescription" error={errors.siteDescription?.message}>
                <textarea rows={3} className={inputClass} {...form.register('siteDescription')} />
              </Field>
              {/* Issue 54: Admin Email is the business profile's staff alert address: one value, saved from either page. */}
              {text('adminEmail', 'Admin Email', { type: 'email' })}
              <p className="text-sm text-navy-700">
                New-order alerts go here. It is the staff alert address of the{' '}
                <Link to="/admin/business-profile" className="font-medium text-accent-700 underline">
                  Business Profile
                </Link>
                : changing it on either page changes both.
              </p>
            </Card>
            <Card title="System Configuration">
              {toggle('maintenanceMode', 'Maintenance Mode', 'Disable site access for maintenance')}
              {toggle('allowRegistration', 'Allow Registration', 'Allow new users to register')}
              {toggle('emailNotifications', 'Email Notifications', 'Send system email notifications')}
              {toggle(
                'requirePasskeyForPayments',
                'Require Passkeys for Payments',
                'Staff confirm recording payments and issuing invoices with a passkey, not a code',
              )}
              {toggle(
                'requirePoNumber',
                'Orders require a PO number',
                'Buyers must give their purchase order number to place an order (needs a fresh code to change)',
              )}
            </Card>
            <Card title="Commerce Settings">
              {text('defaultCurrency', 'Default Currency', { placeholder: 'GBP' })}
              {text('taxRate', 'Tax Rate (%)', { type: 'number', step: '0.1' })}
              {text('shippingCalculationMethod', 'Shipping Calculation Method', {
                placeholder: 'weight, volume, flat_rate',
              })}
              {text('orderNumberPrefix', 'Order Number Prefix')}
              {text('quoteNumberPrefix', 'Quote Number Prefix')}
            </Card>
            <Card title="Business Rules">
              {text('autoQuoteExpiry', 'Auto Quote Expiry (days)', { type: 'number', step: '1' })}
              {text('defaultProductWarranty', 'Default Product Warranty (months)', { type: 'number', step: '1' })}
              {text('batchFewPlacesThreshold', 'Show "N places left" at or below', { type: 'number', step: '1' })}
              {text('batchHoldDays', 'Hold an unconfirmed order’s batch places for (days)', {
                type: 'number',
                step: '1',
              })}
              {text('coverReminderDays', 'Warranty and service-plan reminder (days before the end)', {
                type: 'number',
                step: '1',
              })}
              {text(
                'repairQuoteApprovalThreshold',
                'Repair quotes above this net price need Finance or an Owner (£, or € on a euro order)',
                { type: 'number', step: '1' },
              )}
            </Card>
            <Card title="Quotes for organisations">
              {toggle(
                'ordersRequireAcceptedQuote',
                'Orders require an accepted quote',
                'An order from a quote is refused until the buyer or their approver accepts the quote (asks for a code to change)',
              )}
              <Field
                label="Single-supplier statement: why the instrument is the only one (one reason a line)"
                name="singleSupplierReasons"
                error={errors.singleSupplierReasons?.message}
              >
                <textarea rows={6} className={inputClass} {...form.register('singleSupplierReasons')} />
              </Field>
              {(
                [
                  ['singleSupplierReasonsDe', 'Deutsch', 'German'],
                  ['singleSupplierReasonsFr', 'Français', 'French'],
                ] as const
              ).map(([name, language, english]) => (
                <div key={name}>
                  <Field
                    label={`Single-supplier reasons (${language}), one a line`}
                    name={name}
                    error={errors[name]?.message}
                  >
                    <textarea rows={6} className={inputClass} {...form.register(name)} />
                  </Field>
                  {/* Issue 53: an empty list prints the English reasons on that language's statement. */}
                  {(form.watch(name) ?? '').trim() === '' && (
                    <p className="mt-1 text-sm text-amber-800">
                      No {english} reasons: a {english} quote&rsquo;s statement lists the English ones.
                    </p>
                  )}
                </div>
              ))}
            </Card>
            <Card title="Carriers">
              <Field
                label="Carriers (one a line: id | name | tracking address with {tracking})"
                name="carriers"
                error={errors.carriers?.message}
              >
                <textarea rows={5} className={inputClass} {...form.register('carriers')} />
              </Field>
            </Card>
            <Card title="Factory test and declaration of conformity">
              <p className="text-sm text-navy-600">
                The limits each instrument&apos;s final test must meet before it ships, and the legislation and
                standards its declaration of conformity names (one a line). No declaration is issued until UKCA or CE
                legislation is entered.
              </p>
              {text('factoryTestRateLimitPercent', 'Rate accuracy limit (± %)', { type: 'number', step: '0.01' })}
              {text('factoryTestNominalVolumeMl', 'Volume test: nominal volume (mL)', { type: 'number', step: '0.01' })}
              {text('factoryTestVolumeLimitPercent', 'Volume test: limit (± % of the nominal volume)', {
                type: 'number',
                step: '0.01',
              })}
              {(
                [
                  ['conformityUkcaLegislation', 'UKCA: UK regulations (one a line)'],
                  ['conformityCeLegislation', 'CE: EU directives or regulations (one a line)'],
                  ['conformityStandards', 'Standards applied (one a line)'],
                ] as const
              ).map(([name, label]) => (
                <Field key={name} label={label} name={name} error={errors[name]?.message}>
                  <textarea rows={4} className={inputClass} {...form.register(name)} />
                </Field>
              ))}
            </Card>
            <Card title="Payment reminders">
              <p className="text-sm text-navy-600" id="reminder-placeholders">
                Sent 3 days before an invoice is due, on the day, 7, 21, 30, 60 and 90 days after, then a final notice
                at 100 days, until it is paid; to the organisation’s accounts payable with the orderer in copy. From 30
                days on, and for German and French orders, the shop’s own wording is used. Placeholders:{' '}
                {paymentReminderPlaceholders.map((name) => `{${name}}`).join(', ')}. Changing a text needs a fresh code
                and is e-mailed to every admin; bank details are printed on the invoice, not here.
              </p>
              {text(
                'paymentReminderHour',
                'Send reminders from (hour, 0–23, UK time; after the bank statement is in)',
                {
                  type: 'number',
                  step: '1',
                },
              )}
              {text('paymentReminderDueSubject', 'Reminder subject (before or on the due date)')}
              <Field
                label="Reminder text (before or on the due date)"
                name="paymentReminderDueBody"
                error={errors.paymentReminderDueBody?.message}
              >
                <textarea
                  rows={7}
                  className={inputClass}
                  aria-describedby="reminder-placeholders"
                  aria-invalid={errors.paymentReminderDueBody ? true : undefined}
                  {...form.register('paymentReminderDueBody')}
                />
              </Field>
              {text('paymentReminderOverdueSubject', 'Reminder subject (overdue)')}
              <Field
                label="Reminder text (overdue)"
                name="paymentReminderOverdueBody"
                error={errors.paymentReminderOverdueBody?.message}
              >
                <textarea
                  rows={7}
                  className={inputClass}
                  aria-describedby="reminder-placeholders"
                  aria-invalid={errors.paymentReminderOverdueBody ? true : undefined}
                  {...form.register('paymentReminderOverdueBody')}
                />
              </Field>
            </Card>
          </div>
          <div className="flex gap-2">
            <Button type="button" variant="outline" onClick={() => void reset()} disabled={save.isPending}>
              Reset
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? systemSettingsMessages.saving : 'Save Settings'}
            </Button>
          </div>
        </form>
      )}
      {dialog}
    </section>
  );
}
