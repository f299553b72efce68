import { zodResolver } from '@hookform/resolvers/zod';
import { TitleField } from '../ui/title-field';
import { useCallback, useEffect, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { type z } from 'zod';
import { quoteCreationErrorMessage } from '../../shared/quotes/quote-error-message';
import { quoteFlowMessages } from '../../shared/quotes/quote-messages';
import { customerInfoSchema, detailsLiveSchema, emailStepSchema } from '../../shared/quotes/quote-schemas';
import { orderFieldLimits, shippingCountries } from '../../shared/order-flow';
import { useSession } from '../lib/use-session';
import { ApiError } from '../lib/api-client';
import { PageHead } from '../lib/page-head';
import {
  clearQuoteFlow,
  clearQuoteForm,
  loadQuoteFlow,
  loadOrderForm,
  loadQuoteForm,
  type QuoteFormDraft,
  QUOTE_CREATED_KEY,
  type QuoteFlowHandoff,
  saveOrderFlow,
  saveQuoteForm,
} from '../lib/flow-storage';
import { QUOTE_FLOW_REDIRECT_KEY } from '../lib/quote-flow-redirect';
import { Button } from '../ui/button';
import { LanguageSelect } from '../ui/language-select';
import { countryLanguage, type Language } from '../../shared/i18n/languages';
import { Container } from '../ui/container';
import { PageLoading } from '../ui/page-loading';
import { useCreateQuote } from './create-quote';
import { FlowConfigurationSummary } from './flow-configuration-summary';
import { useSubmitFlowEmail } from './submit-flow-email';
import { TextField } from '../ui/text-field';
import { useT } from '../i18n/use-t';
import type { CurrencyCode } from '../../shared/countries';
import { invoiceCurrencies } from '../../shared/pricing/invoice-currency';
import { CurrencyChoice } from '../ui/currency-choice';
import '../i18n/field-messages';

/**
 * Decision 0085: the billing country (null: the delivery country) and the invoice currency picked (null:
 * the billing country's), shared by the details step and the sidebar's estimate.
 */
export interface InvoiceChoice {
  billingCountry: string | null;
  currency: CurrencyCode | null;
}

/** The billing country, the currencies it offers with the delivery country, and the one in force. */
export function invoiceChoiceOf(choice: InvoiceChoice, deliveryCountry: string) {
  const billingCountry = choice.billingCountry ?? deliveryCountry;
  const offered = invoiceCurrencies(billingCountry, deliveryCountry);
  const picked = choice.currency && offered.includes(choice.currency) ? choice.currency : null;
  return { billingCountry, offered, picked, currency: picked ?? offered[0] ?? null };
}

type EmailValues = z.input<typeof emailStepSchema>;

/** After the order form's re-price, its buyer's e-mail, name and company start this flow (step 1, to check the e-mail). */
function carriedOver(): QuoteFormDraft | null {
  const order = loadOrderForm();
  if (!order?.carryOver) return null;
  const { email, title, firstName, lastName, company } = order.values;
  return { step: 1, email, title, firstName, lastName, organization: company };
}
type DetailsValues = z.input<typeof detailsLiveSchema>;
const detailsSubmitSchema = customerInfoSchema.omit({ email: true });

function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {message}
    </p>
  );
}

function EmailStep({
  handoff,
  initialEmail,
  onDone,
  onType,
}: {
  handoff: QuoteFlowHandoff;
  initialEmail: string;
  onDone: (email: string) => void;
  onType: (email: string) => void;
}) {
  const submitEmail = useSubmitFlowEmail();
  const { t, said } = useT();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState, watch, trigger } = useForm<EmailValues>({
    resolver: zodResolver(emailStepSchema),
    mode: 'onChange',
    defaultValues: { email: initialEmail },
  });
  // A restored e-mail is checked at once, so Next is enabled for it as for a typed one.
  useEffect(() => {
    if (initialEmail) void trigger('email');
  }, [initialEmail, trigger]);
  useEffect(() => {
    const subscription = watch((values) => onType(values.email ?? ''));
    return () => subscription.unsubscribe();
  }, [watch, onType]);
  const showError = formState.touchedFields.email || formState.dirtyFields.email;
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const email = values.email.trim();
    try {
      await submitEmail.mutateAsync({ email, flowType: handoff.type, configuration: handoff.configuration });
      onDone(email);
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) setFailure(quoteFlowMessages.emailStepRateLimitedShown);
      else if (error instanceof ApiError && error.status === 400) setFailure(said(error.fieldError('email') ?? error));
      else setFailure(quoteFlowMessages.emailStepFailedShown);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <h1 className="text-3xl font-semibold tracking-tight">
        {handoff.type === 'order'
          ? t('quoteFlow.orderOnline', 'Order online')
          : t('quoteFlow.generateQuote', 'Generate Your Quote')}
      </h1>
      <p className="text-navy-700">
        {handoff.type === 'order'
          ? t('quoteFlow.enterEmailOrder', 'Enter your e-mail address to start your order.')
          : t('quoteFlow.enterEmailQuote', 'Enter your e-mail address and we will prepare your quote.')}
      </p>
      <TextField
        label={t('quoteFlow.email', 'Email address')}
        type="email"
        autoComplete="email"
        maxLength={254}
        autoFocus
        error={showError ? formState.errors.email?.message : undefined}
        {...register('email')}
      />
      <FormAlert message={failure} />
      <Button type="submit" disabled={!formState.isValid || submitEmail.isPending} className="w-full sm:w-auto">
        {submitEmail.isPending ? t('quoteFlow.checking', 'Checking...') : t('quoteFlow.next', 'Next')}
      </Button>
      <p className="text-sm text-navy-700">
        {t('quoteFlow.haveAccount', 'Have an account?')}{' '}
        <Link
          to="/login"
          className="font-medium text-accent-700 underline underline-offset-2 hover:text-accent-800"
          // Sign-in returns here, to step 2, with the details filled in from the profile.
          onClick={() => window.sessionStorage.setItem(QUOTE_FLOW_REDIRECT_KEY, '1')}
        >
          {t('quoteFlow.signIn', 'Sign in')}
        </Link>{' '}
        {t('quoteFlow.signInWhy', 'to fill in your details. You do not need to create an account to place an order.')}
      </p>
    </form>
  );
}

interface DetailsStepProps {
  handoff: QuoteFlowHandoff;
  invoice: InvoiceChoice;
  onInvoice: (invoice: InvoiceChoice) => void;
  email: string;
  /** Name and organization from the signed-in user's profile. */
  prefill: DetailsValues;
  /** Signed-in users start here and have no e-mail step to go back to. */
  onBack?: () => void;
}

function DetailsStep({ handoff, email, prefill, onBack, invoice, onInvoice }: DetailsStepProps) {
  const navigate = useNavigate();
  const { t, said, language: pageLanguage } = useT();
  const createQuote = useCreateQuote();
  const [failure, setFailure] = useState<string | null>(null);
  const [emailQuote, setEmailQuote] = useState(false);
  // Issue 53: the language of the page the buyer reads until they pick another; the delivery country's
  // language is only offered beside the select.
  const [picked, setLanguage] = useState<Language | null>(null);
  const language = picked ?? pageLanguage;
  // Live messages while typing (the resolver); the submit messages of section 5 when 'Create' is pressed.
  // What this tab typed before (a reload, or the order form before a re-price) wins over the profile's prefill.
  const [typedBefore] = useState(() => {
    const stored = loadQuoteForm();
    const kept = {
      title: stored?.title ?? '',
      firstName: stored?.firstName ?? '',
      lastName: stored?.lastName ?? '',
      organization: stored?.organization ?? '',
    };
    return kept.firstName || kept.lastName || kept.organization ? kept : null;
  });
  const { register, handleSubmit, formState, setError, getValues, watch } = useForm<DetailsValues>({
    resolver: zodResolver(detailsLiveSchema) as unknown as Resolver<DetailsValues>,
    // Checked as the buyer types, not on leaving a field: a message appearing on blur moved the
    // buttons under a press that had started, and the press was lost (the submit messages never showed).
    mode: 'onChange',
    defaultValues: typedBefore ?? prefill,
  });
  useEffect(() => {
    const subscription = watch((values) =>
      saveQuoteForm({
        step: 2,
        email,
        title: values.title ?? '',
        firstName: values.firstName ?? '',
        lastName: values.lastName ?? '',
        organization: values.organization ?? '',
      }),
    );
    return () => subscription.unsubscribe();
  }, [watch, email]);
  const isOrder = handoff.type === 'order';
  const deliveryCountry = handoff.configuration.customerCountry;
  const chosen = invoiceChoiceOf(invoice, deliveryCountry);
  const billingCountryId = 'quote-billing-country';

  const create = async (values: DetailsValues) => {
    setFailure(null);
    try {
      const quote = await createQuote.mutateAsync({
        configuration: handoff.configuration,
        customerInfo: {
          email,
          ...values,
          ...(chosen.billingCountry !== deliveryCountry ? { billingCountry: chosen.billingCountry } : {}),
        },
        ...(chosen.picked ? { currency: chosen.picked } : {}),
        flowType: handoff.type,
        ...(isOrder && emailQuote ? { emailQuote: true } : {}),
        language,
      });
      clearQuoteFlow();
      clearQuoteForm();
      if (isOrder && quote.pricing && quote.customerInfo) {
        saveOrderFlow({
          quoteReference: quote.reference,
          configuration: handoff.configuration,
          currency: quote.currency,
          total: quote.pricing.totals.total,
          deposit: quote.pricing.totals.deposit,
          customerInfo: quote.customerInfo,
          language: quote.language ?? language,
        });
        navigate('/order-flow');
      } else {
        window.sessionStorage.setItem(QUOTE_CREATED_KEY, '1');
        navigate(`/quote/${quote.reference}`);
      }
    } catch (error) {
      if (error instanceof ApiError && error.code !== 'network_error') {
        const shown = quoteCreationErrorMessage(
          error.message,
          error.code === 'http_error' ? {} : { code: error.code, fields: error.fields },
        );
        // The server's own refusal by its id; the specification's browser texts as they are.
        setFailure(shown === error.message ? said(error) : shown);
      } else setFailure(quoteFlowMessages.createFallback);
    }
  };
  // The live schema passes or fails exactly as the submit schema does; only the messages differ.
  const submitMessages = () => {
    const parsed = detailsSubmitSchema.safeParse(getValues());
    if (parsed.success) return;
    let first = true;
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field !== 'firstName' && field !== 'lastName' && field !== 'organization' && field !== 'vatNumber') continue;
      setError(field, { type: 'submit', message: issue.message }, { shouldFocus: first });
      first = false;
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(create, submitMessages)(event)} noValidate className="space-y-5">
      <h1 className="text-3xl font-semibold tracking-tight">{t('quoteFlow.aboutYou', 'Tell us about yourself')}</h1>
      <p className="text-navy-700">
        {isOrder
          ? t('quoteFlow.confirmationTo', 'We will send your order confirmation to')
          : t('quoteFlow.quoteTo', 'Your quote will be sent to')}{' '}
        <span className="font-medium text-navy-900">{email}</span>.
      </p>
      <TitleField
        className="sm:w-1/2"
        defaultValue={(typedBefore ?? prefill).title ?? ''}
        error={formState.errors.title?.message}
        {...register('title')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t('quoteFlow.firstName', 'First name')}
          autoComplete="given-name"
          maxLength={100}
          autoFocus
          error={formState.errors.firstName?.message}
          {...register('firstName')}
        />
        <TextField
          label={t('quoteFlow.lastName', 'Last name')}
          autoComplete="family-name"
          maxLength={100}
          error={formState.errors.lastName?.message}
          {...register('lastName')}
        />
      </div>
      <TextField
        label={t('quoteFlow.organization', 'Organization')}
        autoComplete="organization"
        maxLength={200}
        error={formState.errors.organization?.message}
        {...register('organization')}
      />
      {/* Issue 51: asked here so the quote, and the total an approver accepts, is taxed as the order will be. */}
      <TextField
        label={t('quoteFlow.vatNumber', 'VAT number')}
        optional
        maxLength={orderFieldLimits.vatNumber}
        hint={t(
          'quoteFlow.vatNumberHint',
          'Your organisation’s VAT number, with its country code (e.g. DE): the quote’s VAT is worked out with it, as your order’s will be.',
        )}
        error={formState.errors.vatNumber?.message}
        {...register('vatNumber')}
      />
      {/* Decision 0085: the quote's currency and the VAT follow the billing country; a choice where two currencies fit. */}
      <div>
        <label htmlFor={billingCountryId} className="block text-sm font-medium text-navy-900">
          {t('quoteFlow.billingCountry', 'Billing country')}
        </label>
        <select
          id={billingCountryId}
          value={chosen.billingCountry}
          aria-describedby={`${billingCountryId}-hint`}
          onChange={(event) => onInvoice({ ...invoice, billingCountry: event.currentTarget.value })}
          className="mt-1 block h-11 w-full rounded-md border border-navy-200 bg-white px-3 focus-visible:outline-2 focus-visible:outline-accent-600"
        >
          {shippingCountries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
        <p id={`${billingCountryId}-hint`} className="mt-1 text-sm text-navy-600">
          {t(
            'quoteFlow.billingCountryHint',
            'The country your invoices are addressed to: your quote is in its currency.',
          )}
        </p>
      </div>
      {chosen.offered.length > 1 && chosen.currency ? (
        <CurrencyChoice
          offered={chosen.offered}
          value={chosen.currency}
          onChange={(currency) => onInvoice({ ...invoice, currency })}
        />
      ) : null}
      <LanguageSelect
        value={language}
        onChange={setLanguage}
        suggested={countryLanguage(handoff.configuration.customerCountry)}
      />
      {isOrder ? (
        <label className="flex items-start gap-3 text-sm text-navy-800">
          <input
            type="checkbox"
            checked={emailQuote}
            onChange={(event) => setEmailQuote(event.currentTarget.checked)}
            className="mt-0.5 size-5 accent-accent-600"
          />
          {t('quoteFlow.alsoEmailQuote', 'Also e-mail me a quote for this configuration')}
        </label>
      ) : null}
      <FormAlert message={failure} />
      <div className="flex flex-wrap gap-3">
        {onBack ? (
          <Button variant="outline" onClick={onBack} disabled={createQuote.isPending}>
            {t('quoteFlow.back', 'Back')}
          </Button>
        ) : null}
        <Button type="submit" disabled={createQuote.isPending}>
          {createQuote.isPending
            ? isOrder
              ? t('quoteFlow.creatingOrder', 'Creating Order...')
              : t('quoteFlow.creatingQuote', 'Creating Quote...')
            : isOrder
              ? t('quoteFlow.createOrder', 'Create Order')
              : t('quoteFlow.createQuote', 'Create Quote')}
        </Button>
      </div>
    </form>
  );
}

/** /quote-flow: the e-mail step, then the details step that creates the quote (storefront spec, sections 2, 4, 5 and 8). */
export function QuoteFlowPage() {
  const navigate = useNavigate();
  const { t } = useT();
  const [handoff, setHandoff] = useState<QuoteFlowHandoff | null>(null);
  // The step and e-mail come back after a reload, Back or Forward (issue 23).
  const [restored] = useState(() => {
    if (typeof window === 'undefined') return null;
    const stored = loadQuoteForm();
    if (stored) return stored;
    // Kept as this flow's own from the start, so the details step finds the carried name and company.
    const carried = carriedOver();
    if (carried) saveQuoteForm(carried);
    return carried;
  });
  const [step, setStepState] = useState<1 | 2>(restored?.email ? restored.step : 1);
  const [email, setEmailState] = useState(restored?.email ?? '');
  const keep = useCallback((next: { step?: 1 | 2; email?: string }) => {
    const stored = loadQuoteForm();
    saveQuoteForm({ step: 1, ...stored, ...next });
  }, []);
  const setStep = (next: 1 | 2) => {
    setStepState(next);
    keep({ step: next });
  };
  const setEmail = (next: string) => {
    setEmailState(next);
    keep({ email: next });
  };
  const session = useSession();
  const profile = session.data?.profile;
  const [invoice, setInvoice] = useState<InvoiceChoice>({ billingCountry: null, currency: null });
  const signedInEmail = session.signedIn && !session.needsChallenge ? session.data?.user?.email : undefined;
  // The name and organization are prefilled only when all three are in the profile (storefront spec, section 4).
  const prefill: DetailsValues =
    profile?.firstName && profile.lastName && profile.company
      ? {
          title: profile.title ?? '',
          firstName: profile.firstName,
          lastName: profile.lastName,
          organization: profile.company,
        }
      : { title: profile?.title ?? '', firstName: '', lastName: '', organization: '' };

  useEffect(() => {
    const stored = loadQuoteFlow();
    if (!stored) navigate('/configure', { replace: true });
    else setHandoff(stored);
  }, [navigate]);

  // Signed-in users skip the e-mail step; this also brings a visitor back to step 2 after signing in.
  useEffect(() => {
    if (!signedInEmail) return;
    window.sessionStorage.removeItem(QUOTE_FLOW_REDIRECT_KEY);
    setEmailState(signedInEmail);
    setStepState(2);
  }, [signedInEmail]);

  const onTypeEmail = useCallback((value: string) => keep({ email: value }), [keep]);
  const title =
    handoff?.type === 'order'
      ? t('quoteFlow.orderOnline', 'Order online')
      : t('quoteFlow.generateQuote', 'Generate Your Quote');
  return (
    <Container className="py-12 sm:py-16">
      <PageHead
        title={`${title} | Dropwise`}
        description={t('quoteFlow.description', 'Get a quote for your Dropwise configuration.')}
        noindex
      />
      {!handoff || session.isPending ? (
        <PageLoading />
      ) : (
        <div className="mx-auto grid max-w-4xl gap-10 lg:grid-cols-[1fr_18rem]">
          <div className="rounded-lg border border-navy-100 bg-white p-6 shadow-sm sm:p-8">
            <p className="mb-4 text-sm font-medium text-accent-700">
              {t('quoteFlow.step', 'Step {step} of 2', { step })}
            </p>
            {step === 1 ? (
              <EmailStep
                handoff={handoff}
                initialEmail={email}
                onType={onTypeEmail}
                onDone={(value) => {
                  setEmail(value);
                  setStep(2);
                }}
              />
            ) : (
              <DetailsStep
                key={signedInEmail ?? 'guest'}
                handoff={handoff}
                email={email}
                prefill={prefill}
                invoice={invoice}
                onInvoice={setInvoice}
                {...(signedInEmail ? {} : { onBack: () => setStep(1) })}
              />
            )}
          </div>
          <FlowConfigurationSummary
            handoff={handoff}
            invoice={invoiceChoiceOf(invoice, handoff.configuration.customerCountry)}
          />
        </div>
      )}
    </Container>
  );
}
