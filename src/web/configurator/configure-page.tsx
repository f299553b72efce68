import { productIn } from '../../shared/catalogue/option-translations';
import { lazy, startTransition, Suspense, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Product } from '../../shared/catalogue';
import {
  isFree,
  offeredPowerAdaptors,
  REQUIRED_SYRINGE_HOLDER,
  shippingOptionsFor,
} from '../../shared/catalogue-rules';
import { MAX_INSTRUMENT_QUANTITY } from '../../shared/configuration-limits';
import { type CurrencyCode, currencyForCountry } from '../../shared/countries';
import { formatMoney } from '../../shared/money';
import { useT } from '../i18n/use-t';
import type { Pricing } from '../../shared/pricing';
import { DEPOSIT_PERCENT } from '../../shared/pricing/deposit';
import { PageHead } from '../lib/page-head';
import { usePublicSettings } from '../lib/get-public-settings';
import { warrantyMonths } from '../../shared/terms';
import { termsIn } from '../i18n/terms-text';
import { Container } from '../ui/container';
import { CheckboxCards } from './checkbox-cards';
import {
  type ConfiguratorAction,
  type ConfiguratorState,
  configuratorReducer,
  initialConfiguratorState,
} from './configurator-state';
import { encodeConfiguration } from '../lib/configuration-url';
import { CopyConfigurationLink } from './copy-configuration-link';
import { CountrySelect } from './country-select';
import { estimatePrice } from './estimate-price';
import { useProduct } from '../lib/get-product';
import { ImageGallery } from './image-gallery';
import { useKeepFocusVisible } from './keep-focus-visible';
import { OptionSection } from './option-section';
import { OrderSummary } from './order-summary';
import { PriceBar } from './price-bar';
import { ProgressiveList } from './progressive-list';
import { QuantityStepper } from './quantity-stepper';
import { RadioCards } from './radio-cards';
import { ServicingInfo } from './servicing-info';
import { TermsNotices } from './terms-notices';
import '../i18n/field-messages';

// The waitlist form (react-hook-form, zod) loads only when a visitor picks the USA.
const WaitlistDialog = lazy(() => import('./waitlist-dialog').then((m) => ({ default: m.WaitlistDialog })));
// 'Your Country Not Listed?' (Radix's dialog) loads when it is first opened: a first view of the
// configurator does not evaluate the dialog's code (decision 0074).
const InternationalDialog = lazy(() =>
  import('./international-dialog').then((m) => ({ default: m.InternationalDialog })),
);

function Options({
  product: catalogue,
  state,
  dispatch,
  currency,
  pricing,
  vatRate,
  onNotListed,
}: {
  product: Product;
  state: ConfiguratorState;
  dispatch: (action: ConfiguratorAction) => void;
  currency: CurrencyCode;
  pricing: Pricing | null;
  vatRate: number;
  onNotListed: () => void;
}) {
  const { selection } = state;
  const text = useT();
  const { t, money: formatIn, language } = text;
  // Issue 53: the options' names and descriptions in the page's language, as staff gave them (else English).
  const product = useMemo(() => productIn(language, catalogue), [language, catalogue]);
  const money = (minor: number) => formatIn(minor, currency);
  const plus = (minor: number, free: string) => (minor === 0 ? free : `+${money(minor)}`);
  const each = t('configure.each', 'each');
  const included = t('configure.included', 'Included');
  const free = t('configure.free', 'Free');
  const perUnit = selection.quantity > 1 ? ` ${each}` : '';
  const servicingLater =
    product.servicing.find((option) => option.id === '1-year')?.price[currency] ?? (currency === 'GBP' ? 42500 : 49800);
  // The model cards' warranty is the terms' own sentence for the plan chosen (issue 38), not the catalogue's text.
  const { defaultProductWarranty } = usePublicSettings();
  const plan = product.servicing.find((option) => option.id === selection.servicing);
  const planName = plan && plan.id !== 'none' ? plan.name : null;
  const warranty = termsIn(text).warranty(
    warrantyMonths({ standardWarrantyMonths: defaultProductWarranty }, planName ? (plan?.warrantyYears ?? null) : null),
    planName,
  );
  // The catalogue writes the yearly servicing price in pounds ("bought later at £425 a year", the
  // specification's words); a euro visitor reads it in euros (issue 38).
  const yearlyGbp = product.servicing.find((option) => option.id === '1-year')?.price.GBP;
  const inCurrency = (text: string | null) =>
    text === null || currency === 'GBP' || yearlyGbp === undefined
      ? text
      : text.replaceAll(formatMoney(yearlyGbp, 'GBP'), money(servicingLater));
  // A model's warranty feature, in any of its languages ("12 Monate Garantie", "Garantie de 12 mois").
  const featuresOf = (features: string[]) =>
    features.map((feature) => (/warranty|garantie/i.test(feature) ? warranty : feature));

  return (
    <ProgressiveList className="grid gap-8" step={1}>
      <CountrySelect
        value={selection.customerCountry}
        onChange={(code) => dispatch({ type: 'selectCountry', code, product })}
        onNotListed={onNotListed}
      />

      <OptionSection id="model-heading" title={t('configure.model', 'Model')}>
        <RadioCards
          labelledBy="model-heading"
          value={selection.model}
          onChange={(id) => dispatch({ type: 'selectModel', id })}
          options={product.configurations.map((option) => ({
            id: option.id,
            label: option.name,
            aside: money(option.price[currency]),
            description: option.description,
            extra:
              option.features.length > 0 ? (
                <ul className="mt-2 grid gap-1 text-sm text-navy-700">
                  {featuresOf(option.features).map((feature) => (
                    <li key={feature} className="flex gap-2">
                      <span aria-hidden="true" className="text-accent-600">
                        ✓
                      </span>
                      {feature}
                    </li>
                  ))}
                </ul>
              ) : undefined,
          }))}
          columns={2}
        />
        {product.configurations.some((option) => (option.documents ?? []).length > 0) ? (
          <ul
            className="mt-3 grid gap-1 text-sm text-navy-700"
            aria-label={t('configure.documents', 'Datasheets and manuals')}
          >
            {product.configurations.map((option) =>
              (option.documents ?? []).length > 0 ? (
                <li key={option.id}>
                  {`${option.name}: `}
                  {(option.documents ?? []).map((document, index) => (
                    <span key={document.kind}>
                      {index > 0 ? ' · ' : ''}
                      <a className="underline" href={document.url} target="_blank" rel="noreferrer">
                        {`${document.label} (PDF)`}
                      </a>
                    </span>
                  ))}
                </li>
              ) : null,
            )}
          </ul>
        ) : null}
      </OptionSection>

      <OptionSection id="power-heading" title={t('configure.power', 'Power adaptor')}>
        <RadioCards
          labelledBy="power-heading"
          value={selection.powerAdaptor}
          onChange={(id) => dispatch({ type: 'selectPowerAdaptor', id })}
          options={offeredPowerAdaptors(product.powerAdaptors).map((option) => ({
            id: option.id,
            label: option.name,
            aside: plus(option.price[currency], included),
          }))}
        />
      </OptionSection>

      <OptionSection id="holders-heading" title={t('configure.holders', 'Syringe holders')}>
        <CheckboxCards
          name="holder"
          selected={selection.syringeHolders}
          onToggle={(id) => dispatch({ type: 'toggleSyringeHolder', id })}
          options={product.syringeHolders.map((option) => ({
            id: option.id,
            label: option.name,
            description:
              option.id === REQUIRED_SYRINGE_HOLDER
                ? t('configure.alwaysIncluded', 'Always included.')
                : option.description,
            aside: plus(option.price[currency], included) + (option.price[currency] > 0 ? perUnit : ''),
            locked: option.id === REQUIRED_SYRINGE_HOLDER,
          }))}
        />
      </OptionSection>

      <OptionSection id="adaptors-heading" title={t('configure.adaptors', 'Consumable adaptors')}>
        <CheckboxCards
          name="adaptor"
          selected={selection.adaptors}
          onToggle={(id) => dispatch({ type: 'toggleAdaptor', id })}
          options={product.adaptors.map((option) => ({
            id: option.id,
            label: option.name,
            description: option.description,
            aside: plus(option.price[currency], free) + (option.price[currency] > 0 ? perUnit : ''),
          }))}
        />
      </OptionSection>

      <OptionSection id="quantity-heading" title={t('configure.quantity', 'Quantity')}>
        <div className="flex flex-wrap items-center gap-4">
          <QuantityStepper
            label={t('configure.instruments', 'Number of instruments')}
            value={selection.quantity}
            onDecrement={() => dispatch({ type: 'decrementQuantity' })}
            onIncrement={() => dispatch({ type: 'incrementQuantity' })}
            decrementLabel={t('configure.fewerInstruments', 'Fewer instruments')}
            incrementLabel={t('configure.moreInstruments', 'More instruments')}
            decrementDisabled={selection.quantity <= 1}
            incrementDisabled={selection.quantity >= MAX_INSTRUMENT_QUANTITY}
            onSet={(value) => dispatch({ type: 'setQuantity', value })}
            max={MAX_INSTRUMENT_QUANTITY}
          />
          <p className="text-sm text-navy-600">
            {t(
              'configure.perInstrument',
              'Model, power adaptor, holders, adaptors and servicing are priced per instrument.',
            )}
          </p>
        </div>
      </OptionSection>

      <OptionSection
        id="servicing-heading"
        title={t('configure.servicing', 'Servicing')}
        action={<ServicingInfo laterPrice={money(servicingLater)} />}
      >
        <RadioCards
          labelledBy="servicing-heading"
          value={selection.servicing}
          onChange={(id) => dispatch({ type: 'selectServicing', id })}
          columns={2}
          options={product.servicing.map((option) => ({
            id: option.id,
            label: option.name,
            aside: option.price[currency] === 0 ? money(0) : money(option.price[currency]) + perUnit,
            description: (
              <>
                {inCurrency(option.description)}
                <span className="mt-1 flex flex-wrap gap-2">
                  <span className="rounded bg-navy-100 px-2 py-0.5 text-xs font-medium text-navy-800">
                    {t('configure.yearWarranty', '{years}-year warranty', { years: option.warrantyYears })}
                  </span>
                  {option.discountPercentage ? (
                    <span className="rounded bg-accent-100 px-2 py-0.5 text-xs font-medium text-accent-900">
                      {t('configure.save', 'Save {percent}%', { percent: option.discountPercentage })}
                    </span>
                  ) : null}
                </span>
              </>
            ),
          }))}
        />
      </OptionSection>

      <OptionSection id="accessories-heading" title={t('configure.accessories', 'Accessories')}>
        <CheckboxCards
          name="accessory"
          selected={selection.accessories}
          onToggle={(id) => dispatch({ type: 'toggleAccessory', id, product })}
          options={product.accessories.map((option) => {
            const selected = selection.accessories.includes(option.id);
            const quantity = selection.accessoryQuantities[option.id] ?? 1;
            const freeItem = isFree(option);
            return {
              id: option.id,
              label: option.name,
              description: option.description,
              aside: freeItem ? free : `${money(option.price[currency])} ${each}`,
              extra: selected ? (
                <div className="mt-3 flex flex-wrap items-center gap-3 pl-8">
                  <QuantityStepper
                    size="sm"
                    label={t('configure.quantityOf', 'Quantity of {name}', { name: option.name })}
                    value={quantity}
                    onDecrement={() => dispatch({ type: 'decrementAccessory', id: option.id })}
                    onIncrement={() => dispatch({ type: 'incrementAccessory', id: option.id, product })}
                    decrementLabel={
                      quantity <= 1
                        ? t('configure.remove', 'Remove {name}', { name: option.name })
                        : t('configure.fewerOf', 'Fewer of {name}', { name: option.name })
                    }
                    incrementLabel={t('configure.moreOf', 'More of {name}', { name: option.name })}
                  />
                  {freeItem && (
                    <p
                      className={
                        state.capNotice === option.id ? 'text-sm font-medium text-amber-800' : 'text-sm text-navy-600'
                      }
                      role={state.capNotice === option.id ? 'alert' : undefined}
                    >
                      {t('configure.freeItemCap', 'Max 1 for free items')}
                    </p>
                  )}
                </div>
              ) : undefined,
            };
          })}
        />
      </OptionSection>

      <OptionSection id="shipping-heading" title={t('configure.shipping', 'Shipping')}>
        <RadioCards
          labelledBy="shipping-heading"
          value={selection.shipping}
          onChange={(id) => dispatch({ type: 'selectShipping', id })}
          options={shippingOptionsFor(product.shipping, selection.customerCountry).map((option) => ({
            id: option.id,
            label: option.name,
            description: option.description,
            aside: option.price[currency] === 0 ? free : money(option.price[currency]),
          }))}
        />
      </OptionSection>

      <OrderSummary pricing={pricing} vatRate={vatRate} />
      <CopyConfigurationLink selection={selection} />
      <TermsNotices country={selection.customerCountry} pricing={pricing} vatRate={vatRate} />
    </ProgressiveList>
  );
}

/** /configure: the instrument configurator with its live price (storefront spec, sections 2, 4 and 9). */
export function ConfigurePage() {
  const query = useProduct();
  const [state, dispatch] = useReducer(configuratorReducer, undefined, initialConfiguratorState);
  const [notListedOpen, setNotListedOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  const { t, said } = useT();
  const barRef = useRef<HTMLElement>(null);
  useKeepFocusVisible(barRef);

  const product = query.data?.product;
  const vatRate = query.data?.vatRate ?? 0;
  useEffect(() => {
    // A transition lets React render the long options list in slices instead of one long task.
    // The search is read once, when the product arrives: the link's selection is validated against it.
    if (product) startTransition(() => dispatch({ type: 'productLoaded', product, search: window.location.search }));
  }, [product]);

  const { selection } = state;
  // The selection lives in the URL (replacing the entry, so Back leaves /configure rather than undoing
  // a click). The defaults keep the bare /configure address.
  const encoded = state.productApplied ? encodeConfiguration(selection) : null;
  const wanted =
    encoded === null || (state.defaults && encoded === encodeConfiguration(state.defaults)) ? '' : `?${encoded}`;
  useEffect(() => {
    if (encoded === null || location.search === wanted) return;
    navigate({ pathname: location.pathname, search: wanted }, { replace: true, preventScrollReset: true });
  }, [encoded, wanted, location.pathname, location.search, navigate]);

  const currency = currencyForCountry(selection.customerCountry) ?? 'GBP';
  const pricing: Pricing | null = state.productApplied ? estimatePrice(product, selection, vatRate) : null;
  const batch = product?.batches.find((option) => option.id === selection.batch);

  const leave = async (type: 'quote' | 'order') => {
    if (!pricing || leaving) return;
    setLeaving(true);
    const { saveQuoteFlow } = await import('../lib/flow-storage');
    const { totals } = pricing;
    saveQuoteFlow({
      type,
      configuration: selection,
      currency: pricing.currency,
      total: totals.total,
      subtotal: totals.subtotal,
      vat: totals.vat,
      showVAT: totals.showVAT,
    });
    navigate('/quote-flow');
  };

  return (
    <>
      <PageHead
        title={`${t('configure.heading', 'Configure your Dropwise')} | Dropwise`}
        description={`Configure the Dropwise benchtop instrument: model, power adaptor, syringe holders, adaptors, servicing, accessories and shipping, with a live estimated price and ${DEPOSIT_PERCENT}% deposit.`}
      />
      <Container className="pt-8 pb-12">
        <h1 className="text-2xl font-semibold tracking-tight text-navy-900 sm:text-3xl md:text-4xl">
          {t('configure.heading', 'Configure your Dropwise')}
        </h1>
        <p className="mt-2 max-w-2xl text-navy-700">
          {t(
            'configure.intro',
            'Choose your options and see the estimated price as you go. Generate a quote to share, or order with a {percent}% deposit.',
            { percent: DEPOSIT_PERCENT },
          )}
        </p>
        <div className="mt-8 grid gap-8 lg:grid-cols-12">
          <div className="lg:col-span-6">
            <ImageGallery images={product?.images} />
          </div>
          <div className="min-h-[100vh] lg:col-span-6">
            {query.isError ? (
              <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-5 text-red-800">
                <p className="font-semibold">{t('configure.loadFailed', 'Failed to load product configuration')}</p>
                <p className="mt-1 text-sm">{said(query.error) || t('configure.notFound', 'Product not found')}</p>
              </div>
            ) : product && state.productApplied ? (
              <>
                {state.linkNote && (
                  <div
                    role="status"
                    className="mb-6 flex items-start justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
                  >
                    <p>{state.linkNote}</p>
                    <button
                      type="button"
                      className="shrink-0 font-medium underline"
                      onClick={() => dispatch({ type: 'dismissLinkNote' })}
                    >
                      {t('configure.dismiss', 'Dismiss')}
                    </button>
                  </div>
                )}
                <Options
                  product={product}
                  state={state}
                  dispatch={dispatch}
                  currency={currency}
                  pricing={pricing}
                  vatRate={vatRate}
                  onNotListed={() => setNotListedOpen(true)}
                />
              </>
            ) : (
              <p role="status" className="flex items-center gap-3 text-navy-700">
                <span
                  aria-hidden="true"
                  className="size-5 animate-spin rounded-full border-2 border-navy-200 border-t-accent-600"
                />
                {t('configure.loading', 'Loading product configuration...')}
              </p>
            )}
          </div>
        </div>
      </Container>
      <PriceBar
        barRef={barRef}
        pricing={pricing}
        vatRate={vatRate}
        batch={batch}
        leaving={leaving}
        onLeave={(type) => void leave(type)}
      />
      {notListedOpen && (
        <Suspense fallback={null}>
          <InternationalDialog open onOpenChange={setNotListedOpen} />
        </Suspense>
      )}
      {state.waitlistOpen && (
        <Suspense fallback={null}>
          <WaitlistDialog open onOpenChange={(open) => !open && dispatch({ type: 'closeWaitlist' })} />
        </Suspense>
      )}
    </>
  );
}
