import { zodResolver } from '@hookform/resolvers/zod';
import { TitleField, titleWord } from '../ui/title-field';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { EMAIL_MAX } from '../../shared/email-address';
import { formatAddressLines } from '../../shared/address-format';
import {
  deliveryCountryProblem,
  orderFieldLimits,
  orderFlowRefusals,
  orderPriceAnswerSchema,
  orderSubmitProblem,
  shippingFormSchema,
  type ShippingFormInput,
} from '../../shared/order-flow';
import { displayLines } from '../../shared/documents/display-lines';
import { ApiError, api } from '../lib/api-client';
import { VatNotes, VatRows } from '../ui/vat-summary';
import { PageHead } from '../lib/page-head';
import { useOrderingOpen } from '../lib/use-ordering-open';
import { PO_DOCUMENT_BYTES, poDocumentRefusals } from '../../shared/orders/po-document';
import { poUploadBody } from '../ui/purchase-order-form';
import { attachPo } from '../lib/attach-po';
import { type SessionProfile, useSession } from '../lib/use-session';
import {
  clearOrderFlow,
  clearOrderForm,
  loadOrderFlow,
  loadOrderForm,
  type OrderFlowHandoff,
  type OrderFormDraft,
  saveOrderForm,
} from '../lib/flow-storage';
import { repriceLink } from '../lib/configuration-url';
import { useQuote } from '../lib/get-quote';
import { TextField } from '../ui/text-field';
import { Button } from '../ui/button';
import { LanguageSelect } from '../ui/language-select';
import { countryLanguage, type Language } from '../../shared/i18n/languages';
import { Container } from '../ui/container';
import { PageLoading } from '../ui/page-loading';
import { AddressFields } from './address-fields';
import { logOrderProgress, orderFlowSessionId } from './log-order-progress';
import { usePlaceOrder } from './place-order';
import { DEPOSIT_PERCENT } from '../../shared/pricing/deposit';
import type { CurrencyCode } from '../../shared/countries';
import { invoiceCurrencies } from '../../shared/pricing/invoice-currency';
import { CurrencyChoice } from '../ui/currency-choice';
import { termsIn } from '../i18n/terms-text';
import { addressLinesIn } from '../i18n/country-names';
import { type PageText, useT } from '../i18n/use-t';
import '../i18n/field-messages';

/** The quote ordered is a repair (decision 0062): paid in full, no deposit, balance or batch. */
function useRepairOrder(handoff: OrderFlowHandoff): boolean {
  return useQuote(handoff.quoteReference).data?.kind === 'repair';
}

type Values = ShippingFormInput;

/** The goods leave the UK (the delivery address's country, else the billing one's): customs want an EORI. */
const shipsAbroad = (values: Values) =>
  ((values.differentDelivery ? values.delivery?.country : values.country) ?? 'GB') !== 'GB';

/** A field as typed, cut to its limit (the progress log takes what fits; the order itself is checked whole). */
const cut = (values: Values, name: keyof typeof orderFieldLimits & keyof Values) =>
  String(values[name] ?? '').slice(0, orderFieldLimits[name]);
/** The form's values as session storage keeps them (strings and the delivery switch only). */
function toDraft(values: Partial<Values>): OrderFormDraft['values'] {
  const { delivery, differentDelivery, ...rest } = values;
  const strings = (record: object) =>
    Object.fromEntries(
      Object.entries(record).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  return { ...strings(rest), differentDelivery: differentDelivery === true, delivery: strings(delivery ?? {}) };
}

interface AddressBlock {
  /** Issue 53: the billing block's title ('' or absent: none). */
  title?: string | null | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  company?: string | undefined;
  address?: string | undefined;
  city?: string | undefined;
  state?: string | undefined;
  postalCode?: string | undefined;
  country?: string | undefined;
}

/**
 * Whether the delivery country is the one the order was priced for (order-flow.ts `deliveryCountryProblem`),
 * said in the page's language with the countries named in it: the refusal carries their codes (issue 53).
 */
function deliveryCountryNoteIn(text: PageText, priced: string, delivery: string): string | null {
  const problem = deliveryCountryProblem(priced, delivery);
  return problem === null ? null : text.message(problem);
}

function ReviewAddress({ block }: { block: AddressBlock }) {
  const text = useT();
  const title = block.title === 'mr' || block.title === 'ms' ? titleWord(text, block.title) : '';
  const lines = addressLinesIn(
    text,
    formatAddressLines({
      name: [title, block.firstName ?? '', block.lastName ?? ''].filter(Boolean).join(' '),
      company: block.company,
      street: block.address ?? '',
      city: block.city ?? '',
      state: block.state,
      postalCode: block.postalCode ?? '',
      country: block.country ?? '',
    }),
    block.country,
  );
  return <address className="mt-2 text-sm whitespace-pre-line not-italic text-navy-800">{lines.join('\n')}</address>;
}

/**
 * The order's price as the server will place it (issue 37): the quote's nets taxed for the billing
 * country and VAT number typed in step 1, with what changed against the quote and why, in the
 * currency chosen (decision 0085; none chosen: the server's default).
 */
function useOrderPrice(handoff: OrderFlowHandoff, values: Values, currency: CurrencyCode | null) {
  const body = {
    quoteReference: handoff.quoteReference,
    configuration: handoff.configuration,
    billing: { country: values.country ?? '', vatNumber: values.vatNumber ?? '' },
    ...(currency ? { currency } : {}),
  };
  return useQuery({
    queryKey: ['order-price', body],
    queryFn: async () =>
      orderPriceAnswerSchema.parse(await api<unknown>('/api/orders/price', { method: 'POST', body })),
    retry: false,
    staleTime: Infinity,
    // A change of currency keeps the figures shown (in their own currency) until the new price comes.
    placeholderData: keepPreviousData,
  });
}

/** The currency the buyer picked, when their billing and delivery countries offer it (else none: the server's default). */
const offeredPick = (values: Values, handoff: OrderFlowHandoff, picked: CurrencyCode | null) =>
  picked && invoiceCurrencies(values.country ?? '', handoff.configuration.customerCountry).includes(picked)
    ? picked
    : null;

function Review({
  handoff,
  values,
  currency: picked,
  onCurrency,
}: {
  handoff: OrderFlowHandoff;
  values: Values;
  currency: CurrencyCode | null;
  onCurrency: (currency: CurrencyCode) => void;
}) {
  const quote = useQuote(handoff.quoteReference);
  const chosen = offeredPick(values, handoff, picked);
  const repriced = useOrderPrice(handoff, values, chosen);
  const text = useT();
  const { t } = text;
  // Decision 0085: the server's answer says which currency the order is in, and which it may be in.
  const currency = repriced.data?.pricing.currency ?? chosen ?? handoff.currency;
  const offered = repriced.data?.currencies ?? [];
  const money = (minor: number | null) => (minor === null ? '…' : text.money(minor, currency, { decimals: 2 }));
  // The server's re-price is authoritative; the quote's own figures only until it answers, and only in
  // the quote's currency (another currency waits for the server's price).
  const quoteFigures = currency === handoff.currency;
  const pricing = repriced.data?.pricing ?? (quoteFigures ? quote.data?.pricing : undefined);
  const total = pricing?.totals.total ?? (quoteFigures ? handoff.total : null);
  const deposit = pricing?.totals.deposit ?? (quoteFigures ? handoff.deposit : null);
  const changes = repriced.data?.changes ?? [];
  const repair = (repriced.data?.kind ?? quote.data?.kind) === 'repair';
  return (
    <div className="space-y-6">
      {repriced.data?.reacceptance ? (
        <section
          role="alert"
          aria-labelledby="review-reaccept"
          className="rounded-md border border-red-300 bg-red-50 p-4 text-sm text-navy-900"
        >
          <h3 id="review-reaccept" className="font-semibold">
            {t('orderFlow.reacceptTitle', 'Your quote must be accepted again')}
          </h3>
          <p className="mt-2">
            {repriced.data.reacceptanceMessage
              ? text.message(repriced.data.reacceptanceMessage)
              : repriced.data.reacceptance}
          </p>
        </section>
      ) : null}
      {changes.length > 0 && repriced.data ? (
        <section
          role="status"
          aria-labelledby="review-changes"
          className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-navy-900"
        >
          <h3 id="review-changes" className="font-semibold">
            {t('orderFlow.vatChanged', 'Your VAT has changed since your quote')}
          </h3>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {changes.map((change) => (
              <li key={change}>{change}</li>
            ))}
          </ul>
          <p className="mt-2">
            {t('orderFlow.totalNow', 'Your total is now {total} (your quote said {quoted}).', {
              total: money(repriced.data.pricing.totals.total),
              quoted: money(repriced.data.quotedTotal),
            })}
          </p>
        </section>
      ) : null}
      {offered.length > 1 ? (
        <CurrencyChoice offered={offered} value={chosen ?? currency} onChange={onCurrency} />
      ) : null}
      <section aria-labelledby="review-items">
        <h3 id="review-items" className="font-semibold">
          {t('orderFlow.yourOrder', 'Your order')}
        </h3>
        {pricing ? (
          <ul className="mt-2 divide-y divide-navy-100 text-sm tabular-nums">
            {displayLines(pricing, text.language).map((line) => (
              <li key={line.key} className="flex justify-between gap-4 py-2">
                <span>
                  {line.quantity} x {line.name}
                </span>
                <span>
                  {line.freeLabel === null
                    ? money(line.total)
                    : line.freeLabel === 'Free'
                      ? t('configure.free', 'Free')
                      : t('configure.included', 'Included')}
                </span>
              </li>
            ))}
          </ul>
        ) : quote.isPending ? (
          <p className="mt-2 text-sm text-navy-600">{t('orderFlow.loadingQuote', 'Loading your quote...')}</p>
        ) : null}
        <dl className="mt-3 space-y-1 text-sm tabular-nums">
          {pricing ? <VatRows summary={pricing.totals.vatSummary} currency={currency} /> : null}
          <div className="flex justify-between text-base font-semibold">
            <dt>{t('totals.total', 'Total')}</dt>
            <dd data-testid="review-total">{money(total)}</dd>
          </div>
          {repair ? null : (
            <>
              <div className="flex justify-between">
                <dt>
                  {t('totals.deposit', 'Deposit, due on our written confirmation ({percent}%)', {
                    percent: DEPOSIT_PERCENT,
                  })}
                </dt>
                <dd>{money(deposit)}</dd>
              </div>
              <div className="flex justify-between text-navy-600">
                <dt>{t('orderFlow.balance', 'Balance, due before dispatch')}</dt>
                <dd>{money(total === null || deposit === null ? null : total - deposit)}</dd>
              </div>
            </>
          )}
        </dl>
        {pricing ? (
          <VatNotes
            summary={pricing.totals.vatSummary}
            currency={currency}
            deliveryCountry={handoff.configuration.customerCountry}
          />
        ) : null}
      </section>
      <div className="grid gap-6 sm:grid-cols-2">
        <section aria-labelledby="review-billing">
          <h3 id="review-billing" className="font-semibold">
            {t('orderFlow.billingAddress', 'Billing address')}
          </h3>
          <ReviewAddress block={values} />
          <p className="mt-1 text-sm text-navy-800">
            {values.email}
            {values.phone ? ` · ${values.phone}` : ''}
          </p>
          {values.poNumber ? (
            <p className="mt-1 text-sm text-navy-800">
              {t('orderFlow.poNumberIs', 'PO number: {number}', { number: values.poNumber })}
            </p>
          ) : null}
          {values.buyerRoutingReference ? (
            <p className="mt-1 text-sm text-navy-800">Leitweg-ID: {values.buyerRoutingReference}</p>
          ) : null}
          {values.publicBuyerSiret ? (
            <p className="mt-1 text-sm text-navy-800">
              {t('orderFlow.siretIs', 'SIRET: {number}', { number: values.publicBuyerSiret })}
              {values.publicBuyerServiceCode
                ? ` · ${t('orderFlow.serviceCodeIs', 'Service code: {code}', { code: values.publicBuyerServiceCode })}`
                : ''}
              {values.publicBuyerEngagementNumber
                ? ` · ${t('orderFlow.engagementNumberIs', 'Engagement number: {number}', { number: values.publicBuyerEngagementNumber })}`
                : ''}
            </p>
          ) : null}
          {values.vatNumber ? (
            <p className="mt-1 text-sm text-navy-800">
              {t('orderFlow.vatNumberIs', 'VAT number: {number}', { number: values.vatNumber })}
            </p>
          ) : null}
          {values.eoriNumber && shipsAbroad(values) ? (
            <p className="mt-1 text-sm text-navy-800">
              {t('orderFlow.eoriNumberIs', 'EORI number: {number}', { number: values.eoriNumber })}
            </p>
          ) : null}
        </section>
        <section aria-labelledby="review-shipping">
          <h3 id="review-shipping" className="font-semibold">
            {t('orderFlow.deliveryAddress', 'Delivery address')}
          </h3>
          {values.differentDelivery && values.delivery ? (
            <ReviewAddress block={values.delivery} />
          ) : (
            <>
              <ReviewAddress block={values} />
              <p className="mt-1 text-sm text-navy-600">{t('orderFlow.sameAddress', 'Same as the billing address')}</p>
            </>
          )}
        </section>
      </div>
      <fieldset className="space-y-3">
        <legend className="font-semibold">{t('orderFlow.payment', 'Payment')}</legend>
        <label className="flex items-start gap-3 rounded-md border border-accent-600 bg-accent-50 p-3 text-sm">
          <input type="radio" name="payment" defaultChecked className="mt-1" />
          {repair ? (
            <span>
              <span className="font-medium">{t('orderFlow.payInFull', 'Payment in full by invoice')}</span>
              <br />
              {termsIn(text).repairPayment}{' '}
              {t('orderFlow.invoiceFor', 'We will send you the invoice for {total}.', { total: money(total) })}
            </span>
          ) : (
            <span>
              <span className="font-medium">{t('orderFlow.depositByInvoice', 'Deposit by invoice')}</span>
              <br />
              {t(
                'orderFlow.depositContact',
                'We will contact you within 24 hours to arrange the {percent}% deposit of {deposit} by invoice.',
                { percent: DEPOSIT_PERCENT, deposit: money(deposit) },
              )}
            </span>
          )}
        </label>
        <label className="flex items-start gap-3 rounded-md border border-navy-100 p-3 text-sm text-navy-500">
          <input type="radio" name="payment" disabled className="mt-1" />
          <span>
            <span className="font-medium">{t('orderFlow.card', 'Card payment')}</span>{' '}
            {t('orderFlow.comingSoon', '(coming soon)')}
          </span>
        </label>
      </fieldset>
    </div>
  );
}

/** The shipping form starts from the quote's customer details, and a signed-in customer's profile fills the rest. */
function OrderFlow({ handoff, profile }: { handoff: OrderFlowHandoff; profile: SessionProfile | undefined }) {
  const navigate = useNavigate();
  const location = useLocation();
  const placeOrder = usePlaceOrder();
  const text = useT();
  const { t } = text;
  // The terms' sentences in the page's language, a summary; the English terms of sale bind (issue 53).
  const said = termsIn(text);
  const repairOrder = useRepairOrder(handoff);
  // Each step is a history entry (?step=2), so Back and Forward move between them; a reload stays put.
  const [search] = useSearchParams();
  const step: 1 | 2 = search.get('step') === '2' ? 2 : 1;
  // What was typed for this quote (or carried over by a re-price), kept in session storage.
  const [draft] = useState(() => {
    const stored = loadOrderForm();
    return stored && (stored.quoteReference === handoff.quoteReference || stored.carryOver) ? stored.values : null;
  });
  // Issue 53: the title typed before, else the one given with the quote, else the account's; none ('') by default.
  const initialTitle = draft?.title ?? handoff.customerInfo.title ?? profile?.title ?? '';
  const [failure, setFailure] = useState<string | null>(null);
  // One key per visit of the order flow: a retry or a double click returns the same order.
  const idempotencyKey = useRef<string>('');
  // The quote's language (issue 40), else the language of the page the buyer reads (issue 53); the
  // buyer can change it, and the delivery country's language is only offered as a suggestion.
  const [picked, setLanguage] = useState<Language | null>(handoff.language ?? null);
  const language = picked ?? text.language;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    idempotencyKey.current ||= crypto.randomUUID();
  }, []);

  const { register, handleSubmit, formState, getValues, watch, setError, setValue } = useForm<Values>({
    resolver: zodResolver(shippingFormSchema),
    mode: 'onTouched',
    defaultValues: {
      title: initialTitle,
      firstName: handoff.customerInfo.firstName || (profile?.firstName ?? ''),
      lastName: handoff.customerInfo.lastName || (profile?.lastName ?? ''),
      company: handoff.customerInfo.organization || (profile?.company ?? ''),
      email: handoff.customerInfo.email || (profile?.email ?? ''),
      phone: profile?.phone ?? '',
      address: '',
      city: '',
      state: '',
      postalCode: '',
      // The billing country the quote was made for (decision 0085), else its delivery country.
      country: handoff.customerInfo.billingCountry ?? handoff.configuration.customerCountry,
      notes: '',
      poNumber: '',
      buyerRoutingReference: '',
      publicBuyerSiret: '',
      publicBuyerServiceCode: '',
      publicBuyerEngagementNumber: '',
      vatNumber: handoff.customerInfo.vatNumber ?? '',
      eoriNumber: '',
      differentDelivery: false,
      ...draft,
      delivery: {
        firstName: '',
        lastName: '',
        company: '',
        phone: '',
        address: '',
        city: '',
        state: '',
        postalCode: '',
        country: handoff.configuration.customerCountry,
        ...draft?.delivery,
      },
    },
  });
  // Every change is kept, for this quote, until the order is placed.
  useEffect(() => {
    const keep = (values: Partial<Values>) =>
      saveOrderForm({ quoteReference: handoff.quoteReference, carryOver: false, values: toDraft(values) });
    keep(getValues());
    const subscription = watch((values) => keep(values as Partial<Values>));
    return () => subscription.unsubscribe();
  }, [watch, getValues, handoff.quoteReference]);
  const differentDelivery = watch('differentDelivery');
  const billingCountry = watch('country');
  const deliveryCountry = watch('delivery.country');
  const shipsTo = differentDelivery ? deliveryCountry : billingCountry;
  const countryNote = shipsTo ? deliveryCountryNoteIn(text, handoff.configuration.customerCountry, shipsTo) : null;
  // A UK delivery asks no EORI: one typed for a delivery abroad is dropped, so a hidden field never blocks the form.
  useEffect(() => {
    if (shipsTo === 'GB' && getValues('eoriNumber')) setValue('eoriNumber', '');
  }, [shipsTo, getValues, setValue]);
  // Issue 40: a German public body routes e-invoices by its Leitweg-ID (the XRechnung's BT-10), so the
  // form asks when the billing or delivery country is Germany; elsewhere a typed one is dropped.
  const germany = billingCountry === 'DE' || shipsTo === 'DE';
  const [publicSector, setPublicSector] = useState(() => Boolean(getValues('buyerRoutingReference')));
  useEffect(() => {
    if (!germany && getValues('buyerRoutingReference')) setValue('buyerRoutingReference', '');
  }, [germany, getValues, setValue]);
  // Issue 52: a French public body invoices through Chorus Pro, which routes by its SIRET and matches by
  // its service code and engagement number: asked when the billing country is France.
  const france = billingCountry === 'FR';
  const [frenchPublicBody, setFrenchPublicBody] = useState(() => Boolean(getValues('publicBuyerSiret')));
  useEffect(() => {
    if (france) return;
    for (const name of ['publicBuyerSiret', 'publicBuyerServiceCode', 'publicBuyerEngagementNumber'] as const)
      if (getValues(name)) setValue(name, '');
  }, [france, getValues, setValue]);
  const [termsAccepted, setTermsAccepted] = useState(false);
  // Decision 0085: the invoice currency the buyer picks on the review step where both fit (none: the default).
  const [currency, setCurrency] = useState<CurrencyCode | null>(null);
  // Issue 39: the PO number may be required (said here, before the last step); the PO's PDF is optional
  // and is attached right after the order is placed (the order page can attach it later too).
  const requirePoNumber = useOrderingOpen().requirePoNumber === true;
  const [poFile, setPoFile] = useState<File | null>(null);
  const [poFileError, setPoFileError] = useState<string | null>(null);

  const lastLogged = useRef('');
  const logProgress = useCallback(
    (stepName: string) => {
      const values = getValues();
      const progress = {
        email: (values.email ?? '').trim().slice(0, EMAIL_MAX),
        step: stepName,
        sessionId: orderFlowSessionId(),
        firstName: cut(values, 'firstName'),
        lastName: cut(values, 'lastName'),
        company: cut(values, 'company'),
        phone: cut(values, 'phone'),
        address: cut(values, 'address'),
        city: cut(values, 'city'),
        state: cut(values, 'state'),
        postalCode: cut(values, 'postalCode'),
        country: (values.country ?? '').slice(0, 2),
        notes: cut(values, 'notes'),
        configuration: handoff.configuration,
        currency: handoff.currency,
        totalAmount: handoff.total,
      };
      const key = JSON.stringify(progress);
      if (key === lastLogged.current || !/^\S+@\S+\.\S+$/.test(progress.email)) return;
      lastLogged.current = key;
      logOrderProgress(progress);
    },
    [getValues, handoff],
  );

  const goTo = (next: 1 | 2) => {
    if (next === 2) navigate({ search: '?step=2' }, { state: { fromStep1: true } });
    // Back returns through history when step 2 was reached from step 1 here; after a reload on step 2, it replaces.
    else if ((location.state as { fromStep1?: boolean } | null)?.fromStep1) navigate(-1);
    else navigate({ search: '' }, { replace: true });
  };
  const firstStep = useRef(step);
  useEffect(() => {
    if (firstStep.current === step) return;
    firstStep.current = step;
    headingRef.current?.focus();
  }, [step]);
  // Step 2 only with a complete step 1 (a link or a cleared form goes back to it).
  useEffect(() => {
    if (step !== 2) return;
    const values = getValues();
    const shipsTo = (values.differentDelivery ? values.delivery?.country : values.country) ?? '';
    if (
      !shippingFormSchema.safeParse(values).success ||
      deliveryCountryProblem(handoff.configuration.customerCountry, shipsTo)
    )
      navigate({ search: '' }, { replace: true });
  }, [step, getValues, navigate, handoff.configuration.customerCountry]);

  const continueToPayment = handleSubmit((values) => {
    if (requirePoNumber && !values.poNumber?.trim()) {
      setError('poNumber', { message: text.message(poDocumentRefusals.poNumberRequired) }, { shouldFocus: true });
      return;
    }
    if (poFile && poFile.size > PO_DOCUMENT_BYTES) {
      setPoFileError(t('po.tooLarge', 'The purchase order file is larger than 10 MB.'));
      return;
    }
    // The delivery country prices the order: a mismatch stays on step 1, beside the delivery country's field.
    const deliveryCountry = (values.differentDelivery ? values.delivery?.country : values.country) ?? '';
    const problem = deliveryCountryNoteIn(text, handoff.configuration.customerCountry, deliveryCountry);
    if (problem) {
      setError(values.differentDelivery ? 'delivery.country' : 'country', { message: problem }, { shouldFocus: true });
      return;
    }
    logProgress('payment');
    goTo(2);
  });

  const submitOrder = async () => {
    setFailure(null);
    const values = getValues();
    const problem = orderSubmitProblem({
      configuration: handoff.configuration,
      email: values.email,
      firstName: values.firstName,
      lastName: values.lastName,
      total: handoff.total,
    });
    if (problem) {
      setFailure(text.message(problem));
      toast.error(text.message(problem));
      return;
    }
    if (!termsAccepted) {
      setFailure(text.message(orderFlowRefusals.termsNotAccepted));
      return;
    }
    try {
      const { notes, differentDelivery: useDelivery, delivery, ...billing } = shippingFormSchema.parse(values);
      const { order, accessKey } = await placeOrder.mutateAsync({
        configuration: handoff.configuration,
        quoteReference: handoff.quoteReference,
        billing,
        shipping: useDelivery ? delivery : null,
        acceptTerms: true,
        notes,
        idempotencyKey: idempotencyKey.current,
        sessionId: orderFlowSessionId(),
        language,
        ...(offeredPick(values, handoff, currency) ? { currency } : {}),
      });
      clearOrderFlow();
      clearOrderForm();
      toast.success(t('orderFlow.placed', 'Order placed successfully!'));
      if (poFile) {
        // The order stands whatever happens to the file: a refused one is said, and can be attached on the order page.
        try {
          await attachPo(order.id, accessKey, await poUploadBody(poFile, billing.poNumber ?? ''));
        } catch (error) {
          toast.error(
            t('orderFlow.poNotAttached', 'Your order is placed, but the purchase order was not attached: {reason}', {
              reason:
                error instanceof ApiError
                  ? text.said(error)
                  : t('orderFlow.attachOnOrderPage', 'please attach it on the order page.'),
            }),
          );
        }
      }
      navigate(`/order-confirmation/${order.id}${accessKey ? `?key=${encodeURIComponent(accessKey)}` : ''}`);
    } catch (error) {
      const message =
        error instanceof ApiError
          ? error.code === 'network_error'
            ? t('orderFlow.submitFailed', 'Failed to submit order. Please try again.')
            : text.said(error) || t('orderFlow.placeFailed', 'Failed to place order')
          : t('orderFlow.unexpected', 'An unexpected error occurred while placing your order');
      setFailure(message);
      toast.error(message);
    }
  };

  type FieldName =
    Exclude<keyof Values, 'delivery' | 'differentDelivery'> | `delivery.${keyof NonNullable<Values['delivery']>}`;
  const field = (name: FieldName) => ({
    ...register(name, { onBlur: () => logProgress('shipping') }),
  });
  const errors = formState.errors;
  const deliveryErrors = errors.delivery;

  return (
    <div className="rounded-lg border border-navy-100 bg-white p-6 shadow-sm sm:p-8">
      <p className="text-sm font-medium text-accent-700">{t('quoteFlow.step', 'Step {step} of 2', { step })}</p>
      {step === 1 ? (
        <form onSubmit={continueToPayment} noValidate className="mt-2 space-y-5">
          <h2 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold focus:outline-none">
            {t('orderFlow.shippingInformation', 'Shipping Information')}
          </h2>
          <div className="grid gap-5 sm:grid-cols-2">
            <AddressFields
              block="billing"
              field={field}
              errors={errors}
              title={<TitleField defaultValue={initialTitle} error={errors.title?.message} {...field('title')} />}
              contact={
                <TextField
                  label={t('quote.email', 'Email')}
                  type="email"
                  autoComplete="email"
                  maxLength={EMAIL_MAX}
                  error={errors.email?.message}
                  {...field('email')}
                />
              }
            />
            <LanguageSelect
              value={language}
              onChange={setLanguage}
              suggested={countryLanguage(handoff.configuration.customerCountry)}
            />
            <TextField
              label={t('orderFlow.poNumber', 'Purchase order (PO) number')}
              optional={!requirePoNumber}
              required={requirePoNumber}
              maxLength={orderFieldLimits.poNumber}
              hint={
                requirePoNumber
                  ? t(
                      'orderFlow.poNumberRequiredNotice',
                      'Orders require a purchase order (PO) number. Please enter it before you place the order.',
                    )
                  : undefined
              }
              error={errors.poNumber?.message}
              {...field('poNumber')}
            />
            <div>
              <label htmlFor="order-po-file" className="block text-sm font-medium">
                {t('orderFlow.poDocument', 'Purchase order document')}{' '}
                <span className="font-normal text-navy-500">
                  {t('orderFlow.poDocumentHint', '(optional, PDF up to 10 MB)')}
                </span>
              </label>
              <input
                id="order-po-file"
                type="file"
                accept="application/pdf,.pdf"
                className="mt-1 block text-sm"
                aria-invalid={poFileError ? true : undefined}
                onChange={(event) => {
                  setPoFileError(null);
                  setPoFile(event.target.files?.[0] ?? null);
                }}
              />
              {poFileError ? (
                <p role="alert" className="mt-1 text-sm text-red-700">
                  {poFileError}
                </p>
              ) : null}
            </div>
            <TextField
              label={t('orderFlow.vatNumber', 'VAT number')}
              optional
              maxLength={orderFieldLimits.vatNumber}
              hint={t(
                'orderFlow.vatNumberHint',
                'With its country code, e.g. DE or GB. Shown on your documents; we confirm it with VIES or HMRC after you order.',
              )}
              error={errors.vatNumber?.message}
              {...field('vatNumber')}
            />
            {germany ? (
              <div className="space-y-3 sm:col-span-2">
                <label className="flex items-center gap-3 text-sm font-medium">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={publicSector}
                    onChange={(event) => {
                      setPublicSector(event.target.checked);
                      if (!event.target.checked) setValue('buyerRoutingReference', '');
                    }}
                  />
                  {t('orderFlow.publicSector', 'Are you a public-sector body in Germany?')}
                </label>
                {publicSector ? (
                  <TextField
                    label="Leitweg-ID"
                    maxLength={orderFieldLimits.buyerRoutingReference}
                    hint={t(
                      'orderFlow.leitwegHint',
                      'Your routing reference for e-invoices (e.g. 04011000-1234512345-06): your XRechnung invoices carry it.',
                    )}
                    error={errors.buyerRoutingReference?.message}
                    {...field('buyerRoutingReference')}
                  />
                ) : null}
              </div>
            ) : null}
            {france ? (
              <div className="space-y-3 sm:col-span-2">
                <label className="flex items-center gap-3 text-sm font-medium">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={frenchPublicBody}
                    onChange={(event) => {
                      setFrenchPublicBody(event.target.checked);
                      if (!event.target.checked)
                        for (const name of [
                          'publicBuyerSiret',
                          'publicBuyerServiceCode',
                          'publicBuyerEngagementNumber',
                        ] as const)
                          setValue(name, '');
                    }}
                  />
                  {t('orderFlow.frenchPublicBody', 'Are you a public body in France (invoices through Chorus Pro)?')}
                </label>
                {frenchPublicBody ? (
                  <>
                    <TextField
                      label="SIRET"
                      maxLength={orderFieldLimits.publicBuyerSiret}
                      hint={t(
                        'orderFlow.siretHint',
                        'The 14 digits of the SIRET your invoices go to in Chorus Pro: your invoices and their Factur-X carry it.',
                      )}
                      error={errors.publicBuyerSiret?.message}
                      {...field('publicBuyerSiret')}
                    />
                    <TextField
                      label={t('orderFlow.serviceCode', 'Service code')}
                      optional
                      maxLength={orderFieldLimits.publicBuyerServiceCode}
                      error={errors.publicBuyerServiceCode?.message}
                      {...field('publicBuyerServiceCode')}
                    />
                    <TextField
                      label={t('orderFlow.engagementNumber', 'Engagement number')}
                      optional
                      maxLength={orderFieldLimits.publicBuyerEngagementNumber}
                      hint={t(
                        'orderFlow.engagementHint',
                        'Your purchase commitment’s number (numéro d’engagement), when your body gave you one.',
                      )}
                      error={errors.publicBuyerEngagementNumber?.message}
                      {...field('publicBuyerEngagementNumber')}
                    />
                  </>
                ) : null}
              </div>
            ) : null}
            {shipsTo && shipsTo !== 'GB' ? (
              <TextField
                label={t('orderFlow.eoriNumber', 'EORI number')}
                optional
                maxLength={orderFieldLimits.eoriNumber}
                hint={t('orderFlow.eoriHint', 'Your customs number as importer, for the commercial invoice.')}
                error={errors.eoriNumber?.message}
                {...field('eoriNumber')}
              />
            ) : null}
          </div>
          <div className="space-y-4">
            <label className="flex items-center gap-3 text-sm font-medium">
              <input type="checkbox" className="size-4" {...register('differentDelivery')} />
              {t('orderFlow.differentAddress', 'Deliver to a different address')}
            </label>
            {differentDelivery ? (
              <fieldset className="space-y-4 rounded-md border border-navy-100 p-4">
                <legend className="px-1 font-semibold">{t('orderFlow.deliveryAddress', 'Delivery address')}</legend>
                <div className="grid gap-5 sm:grid-cols-2">
                  <AddressFields block="delivery" field={(name) => field(`delivery.${name}`)} errors={deliveryErrors} />
                </div>
              </fieldset>
            ) : null}
            {countryNote ? (
              <p
                role="status"
                className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
              >
                {countryNote}{' '}
                <a
                  className="font-medium underline"
                  href={repriceLink(handoff.configuration, shipsTo ?? '')}
                  // The addresses typed here follow the re-price to the new quote's order form.
                  onClick={() =>
                    saveOrderForm({
                      quoteReference: handoff.quoteReference,
                      carryOver: true,
                      values: toDraft(getValues()),
                    })
                  }
                >
                  {t('orderFlow.reprice', 'Re-price for this country')}
                </a>
              </p>
            ) : null}
          </div>
          <div>
            <label htmlFor="order-notes" className="block text-sm font-medium">
              {t('orderFlow.notes', 'Order notes')}{' '}
              <span className="font-normal text-navy-500">{t('common.optional', '(optional)')}</span>
            </label>
            <textarea
              id="order-notes"
              rows={3}
              maxLength={orderFieldLimits.notes}
              className="mt-1 block w-full rounded-md border border-navy-200 px-3 py-2 focus-visible:outline-2 focus-visible:outline-accent-600"
              {...field('notes')}
            />
          </div>
          <p className="text-sm text-navy-600">
            {t('orderFlow.noAccount', 'You do not need to create an account to place an order.')}
          </p>
          <Button type="submit">{t('orderFlow.continue', 'Continue to Payment')}</Button>
        </form>
      ) : (
        <div className="mt-2 space-y-6">
          <h2 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold focus:outline-none">
            {t('orderFlow.confirmPay', 'Confirm & Pay')}
          </h2>
          <Review handoff={handoff} values={getValues()} currency={currency} onCurrency={setCurrency} />
          {poFile ? (
            <p className="text-sm text-navy-800">
              {t('orderFlow.poAttached', 'Purchase order document: {name} (attached when you place the order)', {
                name: poFile.name,
              })}
            </p>
          ) : null}
          <p className="text-sm text-navy-700" data-testid="binding-note">
            {said.binding} {repairOrder ? said.repairLeadTime : said.balance}
            {said.bindingNote ? ` ${said.bindingNote}` : ''}
          </p>
          <label className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4"
              checked={termsAccepted}
              onChange={(event) => setTermsAccepted(event.target.checked)}
            />
            <span>
              {t('orderFlow.iAccept', 'I accept the')}{' '}
              <a href="/terms-of-sale" target="_blank" rel="noopener" className="font-medium text-accent-700 underline">
                {t('orderFlow.termsOfSale', 'terms of sale')}
              </a>{' '}
              {t('orderFlow.newTab', '(opens in a new tab).')}
            </span>
          </label>
          {failure ? (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
              {failure}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <Button variant="outline" onClick={() => goTo(1)} disabled={placeOrder.isPending}>
              {t('quoteFlow.back', 'Back')}
            </Button>
            <Button onClick={() => void submitOrder()} disabled={placeOrder.isPending}>
              {placeOrder.isPending ? t('orderFlow.placing', 'Placing Order...') : t('orderFlow.place', 'Place Order')}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}

/** /order-flow: shipping details, then review and place the order (storefront spec, sections 2, 4 and 5). */
export function OrderFlowPage() {
  const navigate = useNavigate();
  const { t } = useT();
  const [handoff, setHandoff] = useState<OrderFlowHandoff | null>(null);
  const session = useSession();
  useEffect(() => {
    const stored = loadOrderFlow();
    if (!stored) navigate('/configure', { replace: true });
    else setHandoff(stored);
  }, [navigate]);
  return (
    <Container className="max-w-3xl py-12 sm:py-16">
      <PageHead
        title={`${t('orderFlow.heading', 'Place your order')} | Dropwise`}
        description={t('orderFlow.description', 'Order your Dropwise.')}
        noindex
      />
      <h1 className="mb-6 text-3xl font-semibold tracking-tight">{t('orderFlow.heading', 'Place your order')}</h1>
      <OrderingNotOpen />
      {handoff && !session.isPending ? (
        <OrderFlow handoff={handoff} profile={session.data?.profile} />
      ) : (
        <PageLoading />
      )}
    </Container>
  );
}

/** While the shop takes no orders yet, the order page says so before the buyer fills anything in. */
function OrderingNotOpen() {
  const ordering = useOrderingOpen();
  const { t, message } = useT();
  if (ordering.open) return null;
  return (
    <p role="status" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
      {message(orderFlowRefusals.orderingNotOpen)}{' '}
      <Link to="/configure" className="font-medium underline">
        {t('orderFlow.requestQuote', 'Request a quote')}
      </Link>
    </p>
  );
}
