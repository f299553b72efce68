import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  type AdminConfiguration,
  adminConfigurationSchema,
  catalogueMessages,
  configurationListSchema,
  fromMinorUnits,
  toMinorUnits,
} from '../../../shared/catalogue/catalogue-schemas';
import { missingModelTranslations, type ModelTranslations } from '../../../shared/catalogue/option-translations';
import {
  MODEL_DOCUMENT_BYTES,
  type ModelDocumentKind,
  modelDocumentKinds,
  modelDocumentLabels,
  modelDocumentMessages,
} from '../../../shared/instruments/model-documents';
import { Button } from '../../ui/button';
import { PageLoading } from '../../ui/page-loading';
import { adminApi, useInvalidateAdmin } from '../shell/admin-api';
import { isStepUpCancelled, useStepUp } from '../shell/step-up-dialog';
import { AdminHeading } from '../shell/admin-layout';
import { StateMessage } from '../shell/list-toolbar';
import { BackToSettings, bothPrices, Field, inputClass, priceText, serverFieldErrors } from './catalogue-form';
import { PriceField } from './price-field';
import { formatWeight } from '../../../shared/customs';
import { CustomsFields, customsBody, customsFieldNames, customsFormShape, customsFormValues } from './customs-fields';
import { fileAsBase64 } from '../../lib/file-as-base64';

const formSchema = z.object({
  name: z.string().trim().min(1, { error: catalogueMessages.nameRequired }).max(200),
  description: z.string().max(2000),
  priceGbp: priceText,
  priceEur: priceText,
  /** One feature per line; empty lines are dropped. */
  features: z.string().max(20_000),
  /** Issue 41: the model's current software version (each instrument shipped records it). */
  softwareVersion: z.string().max(40),
  /** Issue 53: the German and French name, description and features (one per line). */
  nameDe: z.string().max(200),
  nameFr: z.string().max(200),
  descriptionDe: z.string().max(2000),
  descriptionFr: z.string().max(2000),
  featuresDe: z.string().max(20_000),
  featuresFr: z.string().max(20_000),
  ...customsFormShape,
});
type FormValues = z.infer<typeof formSchema>;
const fieldNames = [
  'name',
  'description',
  'priceGbp',
  'priceEur',
  'features',
  'softwareVersion',
  ...customsFieldNames,
] as const;

/** One feature per line, empty lines dropped. */
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

const translationValues = (translations: ModelTranslations) => ({
  nameDe: translations.de?.name ?? '',
  nameFr: translations.fr?.name ?? '',
  descriptionDe: translations.de?.description ?? '',
  descriptionFr: translations.fr?.description ?? '',
  featuresDe: (translations.de?.features ?? []).join('\n'),
  featuresFr: (translations.fr?.features ?? []).join('\n'),
});
const translationsOf = (values: FormValues): ModelTranslations => ({
  de: { name: values.nameDe, description: values.descriptionDe, features: lines(values.featuresDe) },
  fr: { name: values.nameFr, description: values.descriptionFr, features: lines(values.featuresFr) },
});

/** The editor's warning (issue 53): what the model lacks in German or French, which then shows the English. */
function TranslationWarning({ configuration }: { configuration: AdminConfiguration }) {
  const missing = missingModelTranslations(configuration, configuration.translations);
  if (missing.length === 0) return null;
  return (
    <p role="note" className="text-sm text-amber-800 sm:col-span-2">
      Translation missing ({missing.join(', ')}): German and French buyers see the English.
    </p>
  );
}

const megabytes = (size: number) => `${(size / (1024 * 1024)).toFixed(1)} MB`;

/**
 * The model's datasheet and user manual (issue 41): upload (PDF only, at most 10 MB, checked by the
 * server), replace or remove; the configurator and each instrument's page link them.
 */
function ModelDocuments({ configuration }: { configuration: AdminConfiguration }) {
  const invalidate = useInvalidateAdmin();
  const path = (kind: ModelDocumentKind) =>
    `/product-configurations/${encodeURIComponent(configuration.configId)}/documents/${kind}`;
  const upload = useMutation({
    mutationFn: async ({ kind, file }: { kind: ModelDocumentKind; file: File }) => {
      if (file.size > MODEL_DOCUMENT_BYTES) throw new Error(modelDocumentMessages.tooLarge);
      return adminApi(z.object({ item: adminConfigurationSchema }), path(kind), {
        method: 'PUT',
        body: { filename: file.name, dataBase64: await fileAsBase64(file) },
      });
    },
    onSuccess: () => {
      toast.success('Document uploaded');
      void invalidate();
    },
    onError: (error) => toast.error(error instanceof Error ? error.message : 'Upload failed'),
  });
  const remove = useMutation({
    mutationFn: (kind: ModelDocumentKind) =>
      adminApi(z.object({ item: adminConfigurationSchema }), path(kind), { method: 'DELETE' }),
    onSuccess: () => {
      toast.success('Document removed');
      void invalidate();
    },
    onError: () => toast.error('Removing failed'),
  });
  return (
    <fieldset className="grid gap-2 text-sm text-navy-800 sm:col-span-2">
      <legend className="font-medium">Datasheet and user manual (PDF, at most 10 MB)</legend>
      {modelDocumentKinds.map((kind) => {
        const stored = configuration.documents.find((document) => document.kind === kind);
        return (
          <div key={kind} className="flex flex-wrap items-center gap-3">
            <span className="w-28 font-medium">{modelDocumentLabels[kind]}</span>
            {stored ? (
              <a className="text-navy-700 underline" href={stored.url} target="_blank" rel="noreferrer">
                {`${stored.filename} (${megabytes(stored.size)})`}
              </a>
            ) : (
              <span className="text-navy-600">None</span>
            )}
            <label className="text-xs">
              {stored
                ? `Replace ${modelDocumentLabels[kind].toLowerCase()}`
                : `Upload ${modelDocumentLabels[kind].toLowerCase()}`}
              <input
                type="file"
                accept="application/pdf,.pdf"
                className="ml-2 text-xs"
                disabled={upload.isPending}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) upload.mutate({ kind, file });
                  event.target.value = '';
                }}
              />
            </label>
            {stored ? (
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={remove.isPending}
                onClick={() => remove.mutate(kind)}
              >
                Remove
              </Button>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}

function ConfigurationForm({ configuration }: { configuration: AdminConfiguration }) {
  const invalidate = useInvalidateAdmin();
  const { withStepUp, dialog } = useStepUp();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    values: {
      name: configuration.name,
      description: configuration.description ?? '',
      priceGbp: fromMinorUnits(configuration.priceGbp),
      priceEur: fromMinorUnits(configuration.priceEur),
      features: configuration.features.join('\n'),
      softwareVersion: configuration.softwareVersion ?? '',
      ...translationValues(configuration.translations),
      ...customsFormValues(configuration.customs),
    },
  });
  const save = useMutation({
    mutationFn: (values: FormValues) =>
      withStepUp(() =>
        adminApi(
          z.object({ item: adminConfigurationSchema }),
          `/product-configurations/${encodeURIComponent(configuration.configId)}`,
          {
            method: 'PUT',
            body: {
              name: values.name,
              description: values.description.trim() || null,
              priceGbp: toMinorUnits(values.priceGbp),
              priceEur: toMinorUnits(values.priceEur),
              features: lines(values.features),
              translations: translationsOf(values),
              softwareVersion: values.softwareVersion.trim(),
              ...customsBody(values),
            },
          },
        ),
      ),
    onSuccess: () => {
      toast.success(catalogueMessages.configurationUpdated);
      void invalidate();
    },
    onError: (error) => {
      if (isStepUpCancelled(error)) return;
      const fields = serverFieldErrors(error);
      for (const name of fieldNames) if (fields[name]) form.setError(name, { message: fields[name] });
      toast.error(catalogueMessages.configurationUpdateFailed);
    },
  });
  const errors = form.formState.errors;
  return (
    <form
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      aria-label={`Edit ${configuration.name}`}
      noValidate
      className="grid gap-3 rounded-lg border border-navy-100 bg-white p-4 sm:grid-cols-2"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2 sm:col-span-2">
        <h2 className="text-lg font-semibold text-navy-900">{configuration.name}</h2>
        <span className="text-sm text-navy-700">
          {configuration.configId} · {bothPrices(configuration.priceGbp, configuration.priceEur)} · Net weight{' '}
          {formatWeight(configuration.customs.netWeightGrams)}
        </span>
      </div>
      <Field label="Name" name={`${configuration.configId}-name`} error={errors.name?.message}>
        <input className={inputClass} {...form.register('name')} />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <PriceField
          label="Price (£)"
          name={`${configuration.configId}-gbp`}
          error={errors.priceGbp?.message}
          registration={form.register('priceGbp')}
        />
        <PriceField
          label="Price (€)"
          name={`${configuration.configId}-eur`}
          error={errors.priceEur?.message}
          registration={form.register('priceEur')}
        />
      </div>
      <div className="sm:col-span-2">
        <Field label="Description" name={`${configuration.configId}-description`} error={errors.description?.message}>
          <textarea rows={2} className={inputClass} {...form.register('description')} />
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Field
          label="Features (one per line)"
          name={`${configuration.configId}-features`}
          error={errors.features?.message}
        >
          <textarea rows={5} className={inputClass} {...form.register('features')} />
        </Field>
      </div>
      <fieldset className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
        <legend className="text-sm font-medium text-navy-800">German and French (empty: the English shows)</legend>
        <TranslationWarning configuration={configuration} />
        <Field label="Name (Deutsch)" name={`${configuration.configId}-name-de`} error={errors.nameDe?.message}>
          <input className={inputClass} lang="de" {...form.register('nameDe')} />
        </Field>
        <Field label="Name (Français)" name={`${configuration.configId}-name-fr`} error={errors.nameFr?.message}>
          <input className={inputClass} lang="fr" {...form.register('nameFr')} />
        </Field>
        <Field
          label="Description (Deutsch)"
          name={`${configuration.configId}-description-de`}
          error={errors.descriptionDe?.message}
        >
          <textarea rows={2} className={inputClass} lang="de" {...form.register('descriptionDe')} />
        </Field>
        <Field
          label="Description (Français)"
          name={`${configuration.configId}-description-fr`}
          error={errors.descriptionFr?.message}
        >
          <textarea rows={2} className={inputClass} lang="fr" {...form.register('descriptionFr')} />
        </Field>
        <Field
          label="Features (Deutsch, one per line)"
          name={`${configuration.configId}-features-de`}
          error={errors.featuresDe?.message}
        >
          <textarea rows={5} className={inputClass} lang="de" {...form.register('featuresDe')} />
        </Field>
        <Field
          label="Features (Français, one per line)"
          name={`${configuration.configId}-features-fr`}
          error={errors.featuresFr?.message}
        >
          <textarea rows={5} className={inputClass} lang="fr" {...form.register('featuresFr')} />
        </Field>
      </fieldset>
      <Field
        label="Current software version"
        name={`${configuration.configId}-software-version`}
        error={errors.softwareVersion?.message}
      >
        <input className={inputClass} maxLength={40} {...form.register('softwareVersion')} />
      </Field>
      <ModelDocuments configuration={configuration} />
      <CustomsFields
        idPrefix={`${configuration.configId}-`}
        fields={{
          commodityCode: { registration: form.register('commodityCode'), error: errors.commodityCode?.message },
          originCountry: { registration: form.register('originCountry'), error: errors.originCountry?.message },
          netWeightGrams: { registration: form.register('netWeightGrams'), error: errors.netWeightGrams?.message },
          grossWeightGrams: {
            registration: form.register('grossWeightGrams'),
            error: errors.grossWeightGrams?.message,
          },
          customsValueGbp: { registration: form.register('customsValueGbp'), error: errors.customsValueGbp?.message },
          customsValueEur: { registration: form.register('customsValueEur'), error: errors.customsValueEur?.message },
        }}
      />
      <div className="sm:col-span-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save changes'}
        </Button>
      </div>
      {dialog}
    </form>
  );
}

/** /admin/product-configurations and /admin/settings/configurations: edit only. */
export function ConfigurationsPage() {
  const list = useQuery({
    queryKey: ['admin', 'catalogue', 'configurations'],
    queryFn: () => adminApi(configurationListSchema, '/product-configurations'),
  });
  return (
    <section className="space-y-4">
      <BackToSettings />
      <AdminHeading title="Product Configurations" />
      {list.isPending ? (
        <PageLoading label="Loading configurations..." />
      ) : list.isError ? (
        <StateMessage tone="error">{catalogueMessages.configurationsLoadFailed}</StateMessage>
      ) : (
        list.data.items.map((configuration) => (
          <ConfigurationForm key={configuration.id} configuration={configuration} />
        ))
      )}
    </section>
  );
}
