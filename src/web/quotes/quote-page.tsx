import { CheckCircle2, Copy, Download, Mail, Printer } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { displayLines } from '../../shared/documents/display-lines';
import { VatNotes, vatRowsIn } from '../ui/vat-summary';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import { ApiError } from '../lib/api-client';
import { PageHead } from '../lib/page-head';
import { QUOTE_CREATED_KEY, saveOrderFlow } from '../lib/flow-storage';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { Container } from '../ui/container';
import { PageLoading } from '../ui/page-loading';
import { useQuote, useQuoteDocument } from '../lib/get-quote';
import { printQuote } from './print-quote';
import { DEPOSIT_PERCENT } from '../../shared/pricing/deposit';
import { publicProfile } from '../lib/public-profile';
import { PAYMENT_DAYS } from '../../shared/terms';
import { termsIn } from '../i18n/terms-text';
import { countryNameIn } from '../i18n/country-names';
import { AcceptedNotice, QuoteActions } from './quote-actions';
import { type PageText, useT } from '../i18n/use-t';
import { batchShipTextIn } from '../i18n/batch-text';
import '../i18n/field-messages';

const BANNER_MS = 5000;
const COPIED_MS = 2000;

/** A quote within this time of its end shows its validity in amber. */
const NEAR_EXPIRY_MS = 48 * 3600 * 1000;

function useTimedFlag(durationMs: number): [boolean, () => void] {
  const [on, setOn] = useState(false);
  useEffect(() => {
    if (!on) return;
    const timer = window.setTimeout(() => setOn(false), durationMs);
    return () => window.clearTimeout(timer);
  }, [on, durationMs]);
  return [on, () => setOn(true)];
}

/** The e-mail a buyer starts about the quote, in the page's language (issue 53). */
function contactHref(text: PageText, quote: QuoteResource, quoteUrl: string): string {
  const { t } = text;
  const total = quote.pricing ? text.money(quote.pricing.totals.total, quote.currency, { decimals: 2 }) : 'n/a';
  const subject = t('quote.mail.subject', 'Enquiry about quote {number}', { number: quote.quoteNumber });
  const body = [
    t('quote.mail.hello', 'Hello,'),
    '',
    t('quote.mail.question', 'I have a question about my quote:'),
    t('quote.mail.number', 'Quote number: {number}', { number: quote.quoteNumber }),
    t('quote.mail.reference', 'Reference: {reference}', { reference: quote.reference }),
    t('quote.mail.total', 'Total: {total}', { total }),
    t('quote.mail.url', 'Quote URL: {url}', { url: quoteUrl }),
    '',
  ].join('\n');
  return `mailto:${publicProfile().salesEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

function QuoteDetails({ quote }: { quote: QuoteResource }) {
  const navigate = useNavigate();
  const text = useT();
  const { t } = text;
  // The terms' sentences in the page's language, a summary; the English terms of sale bind (issue 53).
  const said = termsIn(text);
  const [bannerVisible, showBanner] = useTimedFlag(BANNER_MS);
  const [copied, showCopied] = useTimedFlag(COPIED_MS);
  const [quoteUrl, setQuoteUrl] = useState(`/quote/${quote.reference}`);
  const printed = useQuoteDocument(quote.reference);
  const print = () => (printed.data ? printQuote(printed.data, quoteUrl) : null);

  useEffect(() => {
    setQuoteUrl(`${window.location.origin}/quote/${quote.reference}`);
    if (window.sessionStorage.getItem(QUOTE_CREATED_KEY)) {
      window.sessionStorage.removeItem(QUOTE_CREATED_KEY);
      showBanner();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the banner is decided once, on arrival
  }, [quote.reference]);

  const validUntil = quote.validUntil ? new Date(quote.validUntil) : null;
  // A quote is ordered once (the server refuses a second order whichever browser sends it).
  const ordered = quote.status === 'accepted' || quote.order !== null;
  const expired =
    !ordered && (quote.status === 'expired' || (validUntil !== null && validUntil.getTime() < Date.now()));
  // Amber only when the end is near; red once expired; a calm note otherwise.
  const nearExpiry = !expired && validUntil !== null && validUntil.getTime() - Date.now() <= NEAR_EXPIRY_MS;
  const money = (minor: number) => text.money(minor, quote.currency, { decimals: 2 });
  const customer = quote.customerInfo;

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(quoteUrl);
      showCopied();
    } catch {
      const field = document.getElementById('quote-share-link') as HTMLInputElement | null;
      field?.select();
    }
  };

  // Issue 39: with "Orders require an accepted quote" on, the quote is accepted before it is ordered.
  const awaitingAcceptance = quote.orderNeedsAcceptance === true && !quote.acceptance;
  const orderNow = () => {
    if (ordered || expired || awaitingAcceptance || !quote.pricing || !quote.configuration || !customer) return;
    saveOrderFlow({
      quoteReference: quote.reference,
      configuration: quote.configuration,
      currency: quote.currency,
      total: quote.pricing.totals.total,
      deposit: quote.pricing.totals.deposit,
      customerInfo: customer,
      ...(quote.language ? { language: quote.language } : {}),
    });
    navigate('/order-flow');
  };

  return (
    <div className="space-y-8">
      {bannerVisible ? (
        <div
          role="status"
          className="flex items-start gap-3 rounded-lg border border-green-200 bg-green-50 p-4 text-green-900"
        >
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p>
            <span className="font-semibold">{t('quote.created', 'Quote created successfully!')}</span>{' '}
            {t('quote.emailed', 'We have e-mailed you a link to it.')}
          </p>
        </div>
      ) : null}

      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">
            {t('quote.heading', 'Quote {number}', { number: quote.quoteNumber })}
          </h1>
          <p className="mt-1 break-all text-sm text-navy-600">
            {t('quote.reference', 'Reference: {reference}', { reference: quote.reference })}
          </p>
        </div>
        <Button variant="outline" disabled={!printed.data} onClick={print}>
          <Printer aria-hidden="true" className="size-4" /> {t('quote.print', 'Print/Save')}
        </Button>
      </div>

      {ordered ? (
        <p
          data-testid="ordered-notice"
          className="rounded-md border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900"
        >
          <span className="font-semibold">{t('quote.ordered', 'Ordered')}</span>
          {quote.order ? (
            <>
              {' '}
              {t('quote.asOrder', 'as order')}{' '}
              <Link to={`/order-confirmation/${quote.order.id}`} className="font-medium underline">
                {quote.order.orderNumber}
              </Link>
              .
            </>
          ) : (
            '.'
          )}{' '}
          {t('quote.orderedOnce', 'A quote is ordered once; for another instrument, configure and order again.')}
        </p>
      ) : (
        <p
          data-testid="expiry-notice"
          data-expired={expired ? 'true' : 'false'}
          data-near-expiry={nearExpiry ? 'true' : 'false'}
          className={cn(
            'rounded-md border px-4 py-3 text-sm',
            expired
              ? 'border-red-300 bg-red-50 text-red-800'
              : nearExpiry
                ? 'border-amber-200 bg-amber-50 text-amber-900'
                : 'border-navy-100 bg-navy-50 text-navy-800',
          )}
        >
          {expired
            ? t('quote.expired', 'This quote expired on {date}. Please create a new quote or contact us.', {
                date: validUntil ? text.date(validUntil) : '',
              })
            : t('quote.validUntil', 'This quote is valid until {date}.', {
                date: validUntil ? text.date(validUntil) : t('quote.furtherNotice', 'further notice'),
              })}
        </p>
      )}

      <AcceptedNotice quote={quote} />

      <dl className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-lg border border-navy-100 p-4">
          <dt className="text-sm text-navy-600">{t('quote.createdOn', 'Created')}</dt>
          <dd className="font-medium">{text.date(quote.createdAt)}</dd>
        </div>
        <div className="rounded-lg border border-navy-100 p-4">
          <dt className="text-sm text-navy-600">{t('quote.validUntilLabel', 'Valid until')}</dt>
          <dd className="font-medium">{validUntil ? text.date(validUntil) : '-'}</dd>
        </div>
        {quote.batch ? (
          <div className="rounded-lg border border-navy-100 p-4 sm:col-span-2">
            <dt className="text-sm text-navy-600">{t('quote.batch', 'Production batch')}</dt>
            <dd data-testid="quote-batch" className="font-medium">
              {batchShipTextIn(text, quote.batch)}
            </dd>
          </div>
        ) : null}
      </dl>

      <section aria-labelledby="share-heading" className="rounded-lg border border-navy-100 bg-navy-50 p-4">
        <h2 id="share-heading" className="text-base font-semibold">
          {t('quote.share', 'Share this quote')}
        </h2>
        <div className="mt-2 flex gap-2">
          <label htmlFor="quote-share-link" className="sr-only">
            {t('quote.link', 'Quote link')}
          </label>
          <input
            id="quote-share-link"
            readOnly
            value={quoteUrl}
            className="h-11 min-w-0 flex-1 rounded-md border border-navy-200 bg-white px-3 text-sm"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button variant="outline" onClick={() => void copyLink()}>
            <Copy aria-hidden="true" className="size-4" />{' '}
            {copied ? t('quote.copied', 'Copied!') : t('quote.copy', 'Copy')}
          </Button>
        </div>
      </section>

      {customer ? (
        <section aria-labelledby="customer-heading">
          <h2 id="customer-heading" className="text-xl font-semibold">
            {t('quote.customer', 'Customer information')}
          </h2>
          <dl className="mt-3 grid gap-x-8 gap-y-2 sm:grid-cols-2">
            <div>
              <dt className="text-sm text-navy-600">{t('quote.name', 'Name')}</dt>
              <dd>
                {customer.firstName} {customer.lastName}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-navy-600">{t('quoteFlow.organization', 'Organization')}</dt>
              <dd>{customer.organization}</dd>
            </div>
            <div>
              <dt className="text-sm text-navy-600">{t('quote.email', 'Email')}</dt>
              <dd className="break-all">{customer.email}</dd>
            </div>
            <div>
              <dt className="text-sm text-navy-600">{t('quote.country', 'Country')}</dt>
              <dd>{countryNameIn(text, customer.country)}</dd>
            </div>
          </dl>
        </section>
      ) : null}

      <section aria-labelledby="summary-heading">
        <h2 id="summary-heading" className="text-xl font-semibold">
          {t('quote.summary', 'Configuration summary')}
        </h2>
        {quote.pricing ? (
          <table className="mt-3 w-full text-left text-sm tabular-nums">
            <thead>
              <tr className="border-b border-navy-200 text-navy-600">
                <th scope="col" className="py-2 font-medium">
                  {t('quote.item', 'Item')}
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  {t('quote.qty', 'Qty')}
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  {t('quote.amount', 'Amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {displayLines(quote.pricing, text.language).map((line) => (
                <tr key={line.key} className="border-b border-navy-100">
                  <td className="py-2">{line.name}</td>
                  <td className="py-2 text-right">{line.quantity}</td>
                  <td className="py-2 text-right">
                    {line.freeLabel === null
                      ? money(line.total)
                      : line.freeLabel === 'Free'
                        ? t('configure.free', 'Free')
                        : t('configure.included', 'Included')}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2} className="pt-3 text-right font-normal">
                  {t('totals.subtotal', 'Subtotal')}
                </th>
                <td className="pt-3 text-right">{money(quote.pricing.totals.subtotal)}</td>
              </tr>
              {vatRowsIn(text, quote.pricing.totals.vatSummary, quote.currency).map((row) => (
                <tr key={row.label}>
                  <th scope="row" colSpan={2} className="text-right font-normal">
                    {row.label}
                  </th>
                  <td className="text-right">{money(row.amount)}</td>
                </tr>
              ))}
              <tr className="text-base font-semibold">
                <th scope="row" colSpan={2} className="pt-2 text-right">
                  {t('totals.total', 'Total')}
                </th>
                <td data-testid="quote-total" className="pt-2 text-right">
                  {money(quote.pricing.totals.total)}
                </td>
              </tr>
              {quote.kind === 'repair' ? null : (
                <tr>
                  <th scope="row" colSpan={2} className="text-right font-normal">
                    {t('quote.deposit', 'Deposit ({percent}%)', { percent: DEPOSIT_PERCENT })}
                  </th>
                  <td className="text-right">{money(quote.pricing.totals.deposit)}</td>
                </tr>
              )}
            </tfoot>
          </table>
        ) : (
          <p className="mt-3 text-navy-700">
            {t('quote.noPricing', 'No pricing information available for this quote.')}
          </p>
        )}
        {quote.pricing ? (
          <VatNotes
            summary={quote.pricing.totals.vatSummary}
            currency={quote.currency}
            deliveryCountry={quote.configuration?.customerCountry ?? customer?.country}
          />
        ) : null}
      </section>

      <div className="flex flex-wrap gap-3">
        <Button variant="outline" disabled={!printed.data} onClick={print}>
          <Printer aria-hidden="true" className="size-4" /> {t('quote.printQuote', 'Print/Save Quote')}
        </Button>
        <Button variant="outline" asChild>
          <a href={`/api/quotes/${encodeURIComponent(quote.reference)}/pdf`} download>
            <Download aria-hidden="true" className="size-4" /> {t('quote.download', 'Download PDF')}
          </a>
        </Button>
        <Button variant="outline" asChild>
          <a href={contactHref(text, quote, quoteUrl)}>
            <Mail aria-hidden="true" className="size-4" /> {t('quote.contact', 'Contact Us About This Quote')}
          </a>
        </Button>
        {/* First on a phone, where the actions stack: ordering is the step most buyers take next. */}
        {ordered ? null : (
          <Button
            onClick={orderNow}
            disabled={expired || awaitingAcceptance || !quote.pricing}
            aria-describedby={awaitingAcceptance ? 'order-needs-acceptance' : undefined}
            className="order-first w-full sm:order-none sm:w-auto"
          >
            {t('price.orderNow', 'Order Now')}
          </Button>
        )}
        {!ordered && !expired && awaitingAcceptance ? (
          <p id="order-needs-acceptance" className="w-full text-sm text-navy-700">
            {t(
              'quote.notAccepted',
              'This quote must be accepted before it can be ordered: open the quote and use "Accept this quote", or ask your approver to.',
            )}
          </p>
        ) : null}
      </div>

      <QuoteActions quote={quote} ordered={ordered} expired={expired} />

      <section aria-labelledby="next-heading" className="rounded-lg border border-navy-100 p-6">
        <h2 id="next-heading" className="text-xl font-semibold">
          {t('quote.next', "What's Next?")}
        </h2>
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-navy-800">
          <li>{t('quote.next1', 'Review the quote and share the link with your colleagues or purchasing team.')}</li>
          {/* Issue 39: what a purchasing department needs to set us up as a supplier. */}
          <li>
            {t('quote.next2', 'New supplier for your organisation? Give your purchasing team our')}{' '}
            <Link to="/supplier-pack" className="font-medium text-accent-700 underline underline-offset-2">
              {t('quote.supplierPack', 'supplier pack')}
            </Link>
            {t('quote.next2b', ': bank details on headed paper, company and VAT numbers, and certificates.')}
          </li>
          <li>
            {t(
              'quote.next3',
              'Order online with ‘Order Now’ while the quote is valid, or contact us with any questions.',
            )}
          </li>
          {/* Issue 41: a repair quote carries the repair terms (terms.ts, repairTerms), not the sale's. */}
          {quote.kind === 'repair' ? (
            <>
              <li>{said.repairPayment}</li>
              <li>{said.repairLeadTime}</li>
              <li>{said.currency(quote.currency)}</li>
              <li>{said.repairScope}</li>
              <li>{said.repairCancellation}</li>
            </>
          ) : (
            <>
              <li>{said.binding}</li>
              <li>
                {said.deposit({ depositPercent: DEPOSIT_PERCENT, depositDueDays: PAYMENT_DAYS })}{' '}
                {t('quote.productionStarts', 'Production of your batch starts once it is paid.')}
              </li>
              <li>{said.balance}</li>
              <li>{said.currency(quote.currency)}</li>
              <li>{said.delivery(quote.customerInfo?.country, { deliveryPlace: publicProfile().deliveryPlace })}</li>
            </>
          )}
        </ol>
        {said.bindingNote ? (
          <p className="mt-3 text-sm text-navy-600">
            {said.bindingNote}{' '}
            <Link to="/terms-of-sale" className="font-medium text-accent-700 underline underline-offset-2">
              {t('terms.termsOfSale', 'Terms of Sale')}
            </Link>
          </p>
        ) : null}
      </section>
    </div>
  );
}

/** /quote/{reference}: the shareable quote (storefront spec, section 2). */
export function QuotePage() {
  const { id } = useParams();
  const quote = useQuote(id);
  const { t, said } = useT();
  let body;
  if (quote.isPending) body = <PageLoading label={t('quote.loading', 'Loading quote...')} />;
  else if (quote.isError) {
    const error = quote.error;
    const message =
      error instanceof ApiError && error.status === 404
        ? t('quote.notFound', 'Quote not found')
        : error instanceof ApiError && error.code !== 'network_error'
          ? said(error)
          : t('quote.loadFailed', 'Failed to load quote. Please try again.');
    body = (
      <div role="alert" className="py-16 text-center">
        <h1 className="text-2xl font-semibold">{message}</h1>
        <p className="mt-4">
          <Link to="/configure" className="text-accent-700 underline">
            {t('configure.heading', 'Configure your Dropwise')}
          </Link>
        </p>
      </div>
    );
  } else body = <QuoteDetails quote={quote.data} />;
  return (
    <Container className="max-w-4xl py-12 sm:py-16">
      <PageHead
        title={`${t('quote.title', 'Your quote')} | Dropwise`}
        description={t('quote.description', 'Your Dropwise quotation.')}
        noindex
      />
      {body}
    </Container>
  );
}
