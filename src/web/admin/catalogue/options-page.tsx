import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  type AdminOption,
  adminOptionSchema,
  catalogueMessages,
  deleteOptionResponseSchema,
  fromMinorUnits,
  optionListSchema,
  shippingCountryCodes,
  toMinorUnits,
} from '../../../shared/catalogue/catalogue-schemas';
import { countries } from '../../../shared/countries';
import { missingTranslations, type OptionTranslations } from '../../../shared/catalogue/option-translations';
import { Button } from '../../ui/button';
import { PageLoading } from '../../ui/page-loading';
import { adminApi, useInvalidateAdmin } from '../shell/admin-api';
import { AdminHeading } from '../shell/admin-layout';
import { StateMessage } from '../shell/list-toolbar';
import { isStepUpCancelled, useStepUp } from '../shell/step-up-dialog';
import {
  BackToSettings,
  bothPrices,
  Field,
  FieldError,
  inputClass,
  priceText,
  serverFieldErrors,
} from './catalogue-form';
import { PriceField } from './price-field';
import {
  CustomsFields,
  customsBody,
  customsFieldNames,
  customsFormShape,
  customsFormValues,
  emptyCustoms,
} from './customs-fields';

interface OptionEditorKind {
  path: '/accessories' | '/shipping' | '/servicing' | '/adaptors' | '/syringe-holders';
  title: string;
  singular: string;
  idLabel: string;
  /** Accessories and shipping are added and deleted; servicing, adaptors and holders are edited only. */
  addsAndDeletes: boolean;
  /** Shipping: the countries it delivers to and its on/off switch. */
  reach: boolean;
  /** Goods that ship (accessories, adaptors, syringe holders): their customs data. */
  ships: boolean;
  messages: {
    loadFailed: string;
    added: string;
    addFailed: string;
    updated: string;
    updateFailed: string;
    deleted: string;
    deleteFailed: string;
    confirmDelete: string;
  };
}

export const accessoryEditor: OptionEditorKind = {
  path: '/accessories',
  title: 'Accessories',
  singular: 'accessory',
  idLabel: 'Accessory ID',
  addsAndDeletes: true,
  reach: false,
  ships: true,
  messages: {
    loadFailed: catalogueMessages.accessoriesLoadFailed,
    added: catalogueMessages.accessoryAdded,
    addFailed: catalogueMessages.accessoryAddFailed,
    updated: catalogueMessages.accessoryUpdated,
    updateFailed: catalogueMessages.accessoryUpdateFailed,
    deleted: catalogueMessages.accessoryDeleted,
    deleteFailed: catalogueMessages.accessoryDeleteFailed,
    confirmDelete: catalogueMessages.accessoryConfirmDelete,
  },
};

export const shippingEditor: OptionEditorKind = {
  path: '/shipping',
  title: 'Shipping Options',
  singular: 'shipping option',
  idLabel: 'Shipping ID',
  addsAndDeletes: true,
  reach: true,
  ships: false,
  messages: {
    loadFailed: catalogueMessages.shippingLoadFailed,
    added: catalogueMessages.shippingAdded,
    addFailed: catalogueMessages.shippingAddFailed,
    updated: catalogueMessages.shippingUpdated,
    updateFailed: catalogueMessages.shippingUpdateFailed,
    deleted: catalogueMessages.shippingDeleted,
    deleteFailed: catalogueMessages.shippingDeleteFailed,
    confirmDelete: catalogueMessages.shippingConfirmDelete,
  },
};

/** The edit-only kinds: their prices and names change like an accessory's; they are never added or deleted here. */
const editOnly = (
  path: '/servicing' | '/adaptors' | '/syringe-holders',
  title: string,
  singular: string,
  idLabel: string,
  messages: { loadFailed: string; updated: string; updateFailed: string },
): OptionEditorKind => ({
  path,
  title,
  singular,
  idLabel,
  addsAndDeletes: false,
  reach: false,
  ships: path !== '/servicing',
  messages: { ...messages, added: '', addFailed: '', deleted: '', deleteFailed: '', confirmDelete: '' },
});

export const servicingEditor = editOnly('/servicing', 'Servicing Plans', 'servicing plan', 'Servicing ID', {
  loadFailed: catalogueMessages.servicingLoadFailed,
  updated: catalogueMessages.servicingUpdated,
  updateFailed: catalogueMessages.servicingUpdateFailed,
});
export const adaptorEditor = editOnly('/adaptors', 'Adaptors', 'adaptor', 'Adaptor ID', {
  loadFailed: catalogueMessages.adaptorsLoadFailed,
  updated: catalogueMessages.adaptorUpdated,
  updateFailed: catalogueMessages.adaptorUpdateFailed,
});
export const holderEditor = editOnly('/syringe-holders', 'Syringe Holders', 'syringe holder', 'Holder ID', {
  loadFailed: catalogueMessages.holdersLoadFailed,
  updated: catalogueMessages.holderUpdated,
  updateFailed: catalogueMessages.holderUpdateFailed,
});

/** Every option editor with its page under /admin/settings (admin-app.tsx routes them, the hub links them). */
export const optionEditors = [accessoryEditor, shippingEditor, servicingEditor, adaptorEditor, holderEditor];

const shopCountries = countries.filter((country) => shippingCountryCodes.includes(country.code));

const formSchema = z.object({
  optionId: z.string().trim().min(1, { error: catalogueMessages.idRequired }).max(100),
  name: z.string().trim().min(1, { error: catalogueMessages.nameRequired }).max(200),
  description: z.string().max(2000),
  priceGbp: priceText,
  priceEur: priceText,
  everywhere: z.boolean(),
  countries: z.array(z.string()),
  active: z.boolean(),
  // Issue 53: the German and French name and description ('' when not given: the English shows).
  nameDe: z.string().max(200),
  descriptionDe: z.string().max(2000),
  nameFr: z.string().max(200),
  descriptionFr: z.string().max(2000),
  ...customsFormShape,
});
type FormValues = z.infer<typeof formSchema>;

const translationValues = (translations: OptionTranslations | undefined) => ({
  nameDe: translations?.de?.name ?? '',
  descriptionDe: translations?.de?.description ?? '',
  nameFr: translations?.fr?.name ?? '',
  descriptionFr: translations?.fr?.description ?? '',
});
const translationsOf = (values: FormValues): OptionTranslations => ({
  de: { name: values.nameDe, description: values.descriptionDe },
  fr: { name: values.nameFr, description: values.descriptionFr },
});

/** The editor's warning (issue 53): what the option lacks in German or French, which then shows the English. */
function TranslationWarning({ option }: { option: { description: string | null; translations: OptionTranslations } }) {
  const missing = missingTranslations(option, option.translations);
  if (missing.length === 0) return null;
  return (
    <p role="note" className="text-sm text-amber-800">
      Translation missing ({missing.join(', ')}): German and French buyers see the English.
    </p>
  );
}

const empty: FormValues = {
  optionId: '',
  name: '',
  description: '',
  priceGbp: '',
  priceEur: '',
  everywhere: true,
  countries: [],
  active: true,
  ...translationValues(undefined),
  ...emptyCustoms,
};
const fieldNames = ['optionId', 'name', 'description', 'priceGbp', 'priceEur', ...customsFieldNames] as const;

/** One form for adding (no option chosen) and editing (the id is then fixed). */
function OptionForm({
  kind,
  editing,
  onDone,
}: {
  kind: OptionEditorKind;
  editing: AdminOption | null;
  onDone: () => void;
}) {
  const invalidate = useInvalidateAdmin();
  const { withStepUp, dialog } = useStepUp();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    values: editing
      ? {
          optionId: editing.optionId,
          name: editing.name,
          description: editing.description ?? '',
          priceGbp: fromMinorUnits(editing.priceGbp),
          priceEur: fromMinorUnits(editing.priceEur),
          everywhere: editing.countries === null,
          countries: editing.countries ?? [],
          active: editing.active,
          ...translationValues(editing.translations),
          ...customsFormValues(editing.customs),
        }
      : empty,
  });
  const everywhere = form.watch('everywhere');
  const save = useMutation({
    // Every price and name change needs a fresh second factor: the server asks, the dialog takes it.
    mutationFn: (values: FormValues) => {
      const reach = kind.reach ? { countries: values.everywhere ? null : values.countries } : {};
      const body = {
        name: values.name,
        description: values.description.trim() || null,
        translations: translationsOf(values),
        priceGbp: toMinorUnits(values.priceGbp),
        priceEur: toMinorUnits(values.priceEur),
        ...reach,
        ...(kind.ships ? customsBody(values) : {}),
      };
      return withStepUp(() =>
        editing
          ? adminApi(z.object({ item: adminOptionSchema }), `${kind.path}/${encodeURIComponent(editing.optionId)}`, {
              method: 'PUT',
              body: kind.reach ? { ...body, active: values.active } : body,
            })
          : adminApi(z.object({ item: adminOptionSchema }), kind.path, {
              method: 'POST',
              body: { ...body, optionId: values.optionId.trim() },
            }),
      );
    },
    onSuccess: () => {
      toast.success(editing ? kind.messages.updated : kind.messages.added);
      form.reset(empty);
      onDone();
      void invalidate();
    },
    onError: (error) => {
      if (isStepUpCancelled(error)) return;
      const fields = serverFieldErrors(error);
      for (const name of fieldNames) if (fields[name]) form.setError(name, { message: fields[name] });
      const countriesError = Object.entries(fields).find(([key]) => key.startsWith('countries'));
      if (countriesError) form.setError('countries', { message: countriesError[1] });
      toast.error(editing ? kind.messages.updateFailed : kind.messages.addFailed);
    },
  });
  const errors = form.formState.errors;
  const heading = editing ? `Edit ${kind.singular}` : `Add ${kind.singular}`;
  return (
    <form
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      aria-label={heading}
      noValidate
      className="grid gap-3 rounded-lg border border-navy-100 bg-white p-4 sm:grid-cols-2"
    >
      <h2 className="text-lg font-semibold text-navy-900 sm:col-span-2">{heading}</h2>
      <Field label={kind.idLabel} name="optionId" error={errors.optionId?.message}>
        <input
          className={inputClass}
          readOnly={editing !== null}
          aria-invalid={errors.optionId ? true : undefined}
          {...form.register('optionId')}
        />
      </Field>
      <Field label="Name" name="name" error={errors.name?.message}>
        <input className={inputClass} aria-invalid={errors.name ? true : undefined} {...form.register('name')} />
      </Field>
      <div className="sm:col-span-2">
        <Field label="Description" name="description" error={errors.description?.message}>
          <textarea rows={2} className={inputClass} {...form.register('description')} />
        </Field>
      </div>
      <fieldset className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
        <legend className="text-sm font-medium text-navy-800">German and French (empty: the English shows)</legend>
        <Field label="Name (Deutsch)" name="nameDe" error={errors.nameDe?.message}>
          <input className={inputClass} lang="de" {...form.register('nameDe')} />
        </Field>
        <Field label="Name (Français)" name="nameFr" error={errors.nameFr?.message}>
          <input className={inputClass} lang="fr" {...form.register('nameFr')} />
        </Field>
        <Field label="Description (Deutsch)" name="descriptionDe" error={errors.descriptionDe?.message}>
          <textarea rows={2} className={inputClass} lang="de" {...form.register('descriptionDe')} />
        </Field>
        <Field label="Description (Français)" name="descriptionFr" error={errors.descriptionFr?.message}>
          <textarea rows={2} className={inputClass} lang="fr" {...form.register('descriptionFr')} />
        </Field>
      </fieldset>
      <PriceField
        label="Price (£)"
        name="priceGbp"
        error={errors.priceGbp?.message}
        registration={form.register('priceGbp')}
      />
      <PriceField
        label="Price (€)"
        name="priceEur"
        error={errors.priceEur?.message}
        registration={form.register('priceEur')}
      />
      {kind.ships ? (
        <CustomsFields
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
      ) : null}
      {kind.reach ? (
        <fieldset className="space-y-2 sm:col-span-2" aria-describedby="countries-error">
          <legend className="text-sm font-medium text-navy-800">Delivers to</legend>
          <label className="flex items-center gap-2 text-sm text-navy-800">
            <input type="checkbox" {...form.register('everywhere')} />
            Every country the shop sells to
          </label>
          {everywhere ? null : (
            <div className="grid grid-cols-2 gap-1 sm:grid-cols-4" role="group" aria-label="Countries">
              {shopCountries.map((country) => (
                <label key={country.code} className="flex items-center gap-2 text-sm text-navy-800">
                  <input type="checkbox" value={country.code} {...form.register('countries')} />
                  {country.name}
                </label>
              ))}
            </div>
          )}
          <FieldError id="countries-error" message={errors.countries?.message} />
          {editing ? (
            <label className="flex items-center gap-2 text-sm text-navy-800">
              <input type="checkbox" {...form.register('active')} />
              Active (offered in the configurator)
            </label>
          ) : null}
        </fieldset>
      ) : null}
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : editing ? 'Save changes' : `Add ${kind.singular}`}
        </Button>
        {editing ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => {
              form.reset(empty);
              onDone();
            }}
          >
            Cancel
          </Button>
        ) : null}
      </div>
      {dialog}
    </form>
  );
}

/** Where a shipping option delivers, and whether it is offered at all. */
function reachText(option: AdminOption) {
  const where =
    option.countries === null
      ? 'Every country'
      : option.countries.map((code) => countries.find((country) => country.code === code)?.name ?? code).join(', ');
  return option.active ? where : `Inactive · ${where}`;
}

/** /admin/accessories, /admin/shipping and /admin/settings/<kind> for every editor in `optionEditors`. */
export function OptionsPage({ kind }: { kind: OptionEditorKind }) {
  const invalidate = useInvalidateAdmin();
  const { withStepUp, dialog } = useStepUp();
  const [editing, setEditing] = useState<AdminOption | null>(null);
  const list = useQuery({
    queryKey: ['admin', 'catalogue', kind.path],
    queryFn: () => adminApi(optionListSchema, kind.path),
  });
  const remove = useMutation({
    mutationFn: (option: AdminOption) =>
      withStepUp(() =>
        adminApi(deleteOptionResponseSchema, `${kind.path}/${encodeURIComponent(option.optionId)}`, {
          method: 'DELETE',
        }),
      ),
    onSuccess: (_answer, option) => {
      toast.success(kind.messages.deleted);
      if (editing?.optionId === option.optionId) setEditing(null);
      void invalidate();
    },
    onError: (error) => {
      if (!isStepUpCancelled(error)) toast.error(kind.messages.deleteFailed);
    },
  });
  return (
    <section className="space-y-4">
      <BackToSettings />
      <AdminHeading title={kind.title} />
      {list.isPending ? (
        <PageLoading label={`Loading ${kind.title.toLowerCase()}...`} />
      ) : list.isError ? (
        <StateMessage tone="error">{kind.messages.loadFailed}</StateMessage>
      ) : (
        <ul className="divide-y divide-navy-100 rounded-lg border border-navy-100 bg-white" aria-label={kind.title}>
          {list.data.items.map((option) => (
            <li
              key={option.id}
              className="flex flex-wrap items-center justify-between gap-3 p-4"
              data-option-id={option.optionId}
            >
              <div>
                <p className="font-medium text-navy-900">{option.name}</p>
                <p className="text-xs text-navy-500">{option.optionId}</p>
                {option.description ? <p className="text-sm text-navy-700">{option.description}</p> : null}
                {kind.reach ? <p className="text-sm text-navy-600">{reachText(option)}</p> : null}
                <TranslationWarning option={option} />
              </div>
              <div className="flex items-center gap-3">
                <span className="text-sm text-navy-800">{bothPrices(option.priceGbp, option.priceEur)}</span>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  onClick={() => setEditing(option)}
                  aria-label={`Edit ${option.name}`}
                >
                  Edit
                </Button>
                {kind.addsAndDeletes ? (
                  <Button
                    type="button"
                    size="sm"
                    variant="danger"
                    aria-label={`Delete ${option.name}`}
                    disabled={remove.isPending}
                    onClick={() => {
                      if (window.confirm(kind.messages.confirmDelete)) remove.mutate(option);
                    }}
                  >
                    Delete
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {kind.addsAndDeletes || editing ? (
        <OptionForm kind={kind} editing={editing} onDone={() => setEditing(null)} />
      ) : null}
      {dialog}
    </section>
  );
}
