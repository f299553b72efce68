import { quoteActionRefusals } from '../../shared/quotes/quote-acceptance';
import { englishText, type Message } from '../../shared/i18n/message';
import { fieldDescriptor } from '../../shared/field-messages';
import { orderNeedsAcceptance } from '../quotes/quote-acceptance';
import type { Language } from '../../shared/i18n/languages';
import { chosenOrDefaultLanguage, recipientLanguage, rememberLanguage } from '../accounts/recipient-language';
import { randomBytes } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { orderLines } from '../../shared/orders/order-lines';
import { type SelectedConfiguration, selectedConfigurationSchema } from '../../shared/configuration';
import {
  billingSchema,
  deliveryAddressSchema,
  deliveryCountryProblem,
  orderFlowRefusals,
  orderSubmitProblem,
  TERMS_VERSION,
} from '../../shared/order-flow';
import type { FrozenPricing } from '../../shared/pricing/pricing-schema';
import { firstInvoiceShare, type OrderKind } from '../../shared/orders/order-kind';
import { frozenStandardRate, retaxPricing, selectionTaxContext } from '../../shared/pricing/price-configuration';
import type { VatCustomer } from '../../shared/tax/line-vat';
import { vatCustomer } from '../../shared/tax/vat-customer';
import { isConfirmedAccountEmail } from '../accounts/confirmed-address';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/unique-violation';
import { type Address, type OrderItemType, orderItems, orders, orderStatusHistory, quotes } from '../db/schema';
import { completeOrderProgress } from '../flows/record-order-progress';
import { badRequest, conflict, notFound, unauthorized, withValues } from '../http/http-error';
import { organisationOf, organisationOfEmail, quoteOrganisation } from '../organisations/organisation-access';
import { enqueueMails, pdfAttachment } from '../mail/outbox';
import { documentFacts } from '../terms/terms-service';
import { renderAcknowledgementPdf } from '../billing/invoices';
import { orderPageUrl } from '../order-records/order-access';
import type { OrderReadModel } from '../order-records/order-read-model';
import { getProduct, PRODUCT_KEY } from '../catalogue/catalogue-service';
import { priceSelection } from '../pricing/price-selection';
import type { CurrencyCode } from '../../shared/countries';
import { decideInvoiceCurrency, invoiceCurrencies } from '../../shared/pricing/invoice-currency';
import { withPassedBatches } from '../catalogue/batch-ship';
import { holdEnds } from './place-holds';
import { holdOrderPlaces } from './batch-places';
import { offeredShipDate } from '../../shared/batches/ship-date';
import { batchRefusal } from '../../shared/pricing/validate-selection';
import { isQuoteExpired, quoteAcceptanceOf, splitStoredConfiguration } from '../quotes/quote-resource';
import { getCachedSettings } from '../settings/settings-service';
import { poNumberRequired } from '../order-records/po-document';
import { newOrderNoticeMail, orderReceivedMail } from './order-email';
import { poDocumentRefusals } from '../../shared/orders/po-document';
import { documentFilename } from '../../shared/documents/document-filename';

type OrderRow = typeof orders.$inferSelect;

export interface CreateOrderInput {
  configuration?: SelectedConfiguration | null | undefined;
  quoteReference?: string | null | undefined;
  billing: Record<string, unknown>;
  /** The delivery address when it differs from the billing address. */
  shipping?: Record<string, unknown> | null | undefined;
  /**
   * Decision 0085: the invoice currency the buyer chose, when their billing and delivery countries use
   * different ones; missing: the billing country's (an accepted quote's own, when offered).
   */
  currency?: CurrencyCode | null | undefined;
  acceptTerms?: boolean | undefined;
  notes?: string | null | undefined;
  idempotencyKey: string;
  sessionId?: string | null | undefined;
  /**
   * The buyer's "Language of your documents" (issue 40; the page's language unless they picked another);
   * missing: the quote's language, else the signed-in account's, else English (issue 53).
   */
  language?: Language | null | undefined;
  userId: string | null;
  now: Date;
  publicUrl: string;
}

export interface CreateOrderHooks {
  /** Runs inside the transaction right after the order row is written (tests inject failures here). */
  afterOrderInsert?: (tx: Db, order: OrderRow) => Promise<void>;
}

export interface CreateOrderResult {
  order: OrderRow;
  /** False when the idempotency key had already made this order. */
  created: boolean;
  /** A new order's read model, from the rows the transaction wrote (a replay reads it afresh). */
  model?: OrderReadModel;
}

/** A stable form of a selection, so a quote's frozen prices are used only for the very configuration it priced. */
function selectionKey(selection: SelectedConfiguration): string {
  const normal = selectedConfigurationSchema.parse(selection);
  const sortedQuantities = Object.fromEntries(
    Object.entries(normal.accessoryQuantities).sort(([a], [b]) => a.localeCompare(b)),
  );
  return JSON.stringify({
    model: normal.model,
    powerAdaptor: normal.powerAdaptor,
    quantity: normal.quantity,
    accessories: [...normal.accessories].sort(),
    accessoryQuantities: sortedQuantities,
    adaptors: [...normal.adaptors].sort(),
    syringeHolders: [...normal.syringeHolders].sort(),
    servicing: normal.servicing,
    shipping: normal.shipping,
    customerCountry: normal.customerCountry,
  });
}

async function findByIdempotencyKey(db: Db, key: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.idempotencyKey, key));
  return row;
}

/**
 * Whether a repeated idempotency key comes from whoever placed the order: the same signed-in user,
 * or for a guest order a guest with the same billing e-mail and the same configuration. Anyone
 * else gets a 409, never the order (its billing address is personal data).
 */
async function isSameRequester(db: Db, order: OrderRow, input: CreateOrderInput): Promise<boolean> {
  if (order.userId !== null || input.userId !== null) return order.userId === input.userId;
  const stored = splitStoredConfiguration(order.configuration ?? {});
  const email = typeof input.billing.email === 'string' ? input.billing.email.trim().toLowerCase() : '';
  if (email === '' || stored.customerInfo?.email !== email) return false;
  if (input.configuration) {
    const asked = selectedConfigurationSchema.safeParse(input.configuration);
    return (
      stored.configuration !== null && asked.success && selectionKey(stored.configuration) === selectionKey(asked.data)
    );
  }
  if (!input.quoteReference || !order.quoteId) return false;
  const [quote] = await db
    .select({ id: quotes.id })
    .from(quotes)
    .where(eq(quotes.quoteReference, input.quoteReference));
  return quote?.id === order.quoteId;
}

async function replay(db: Db, order: OrderRow, input: CreateOrderInput): Promise<CreateOrderResult> {
  if (!(await isSameRequester(db, order, input)))
    throw conflict(orderFlowRefusals.idempotencyConflict, { code: 'idempotency_key_conflict' });
  return { order, created: false };
}

export interface PricedOrder {
  configuration: SelectedConfiguration;
  /** The nets, taxed for the configuration's country and no VAT number until `taxOrder` taxes them for the buyer. */
  pricing: FrozenPricing;
  currency: 'GBP' | 'EUR';
  /** Decision 0085: the currencies this buyer may be invoiced in, the default first (two: a choice). */
  currencies: CurrencyCode[];
  quoteId: string | null;
  /** The standard VAT rate in percent: the quote's frozen one, else the VAT-rate setting's. */
  standardRate: number;
  /** A service quote's order: its one line is a service. */
  service: boolean;
  /** The quote's kind (decision 0062): a repair is paid in full, an instrument or a renewal by deposit and balance. */
  kind: OrderKind;
  /** The quote's document language (an order from a quote keeps it unless the buyer picks another). */
  language?: Language;
  /**
   * Issue 51: the total and currency an approver accepted (the quote's frozen ones), when the quote was
   * accepted: the order is placed at that total or the quote is accepted again.
   */
  accepted?: { total: number; currency: string } | null;
}

/** The secret of a guest order's page link: 256 random bits, URL-safe. */
const newOrderAccessKey = () => randomBytes(32).toString('base64url');

const alreadyOrdered = () => conflict(orderFlowRefusals.quoteAlreadyOrdered, { code: 'quote_already_ordered' });

/**
 * A quote's frozen prices skip the catalogue's checks, and a quote made before batches were required
 * may name none: an instrument still needs one while the product has batches (issue 34). A batch
 * whose date has passed since the quote takes no order (issue 38).
 */
async function checkFrozenBatch(db: Db, configuration: SelectedConfiguration, now: Date): Promise<void> {
  const product = await getProduct(db, PRODUCT_KEY);
  if (!product) return;
  const marked = withPassedBatches(product, now);
  const named = marked.batches.find((batch) => batch.id === configuration.batch);
  const problem =
    configuration.batch === undefined || configuration.batch === null || named?.datePassed
      ? batchRefusal(marked, configuration)
      : null;
  if (problem) throw badRequest(problem, { fields: { 'configuration.batch': englishText(problem) } });
}

/** The billing country as typed, when it is one the shop sells to (the billing schema refuses anything else later). */
export function typedBillingCountry(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const code = value.trim().toUpperCase();
  return invoiceCurrencies(code, code).length > 0 ? code : null;
}

/**
 * The invoice currency (decision 0085): the buyer's choice among those the billing and delivery
 * countries offer, else the preferred (an accepted quote's), else the billing country's. A choice not
 * offered is a 400 `currency_not_offered` naming the field.
 */
function decidedCurrency(
  offered: CurrencyCode[],
  requested: CurrencyCode | null | undefined,
  preferred?: string | null,
) {
  const decision = decideInvoiceCurrency(
    offered,
    requested,
    preferred === 'EUR' || preferred === 'GBP' ? preferred : null,
  );
  if ('problem' in decision)
    throw badRequest(decision.problem, {
      code: 'currency_not_offered',
      fields: { currency: decision.problem.message },
    });
  return decision;
}

/**
 * Prices the order on the server: the quote's frozen prices while it is valid, names this
 * configuration and is in the invoice currency decided (decision 0085), else the catalogue in that
 * currency. An order naming a quote is that quote's order: a quote already
 * ordered (or expired) takes no other. An organisation's quote is ordered only by its current
 * members, signed in, and an organisation's "Orders need an accepted quote" holds for every order
 * its members place or are billed for, signed in or not (security issue 48, F3 and F4).
 */
export async function priceOrder(
  db: Db,
  input: Pick<CreateOrderInput, 'quoteReference' | 'configuration' | 'now' | 'currency'> & {
    userId: string | null;
    /** The billing e-mail as typed, when the order is placed (the review step has none). */
    billingEmail?: unknown;
    /** The billing country as typed (missing or not sold to: the delivery country's currency). */
    billingCountry?: unknown;
  },
): Promise<PricedOrder | null> {
  const buyerOrganisation =
    (await organisationOf(db, input.userId)) ??
    (typeof input.billingEmail === 'string' ? await organisationOfEmail(db, input.billingEmail) : null);
  if (input.quoteReference) {
    const [quote] = await db.select().from(quotes).where(eq(quotes.quoteReference, input.quoteReference));
    if (!quote) throw notFound(quoteActionRefusals.notFound);
    const quotesOrganisation = await quoteOrganisation(db, quote);
    if (quotesOrganisation) {
      if (input.userId === null) throw unauthorized(quoteActionRefusals.signInToView, { code: 'sign_in_to_view' });
      if ((await organisationOf(db, input.userId))?.id !== quotesOrganisation.id)
        throw notFound(quoteActionRefusals.notFound);
    }
    const [ordered] = await db.select({ id: orders.id }).from(orders).where(eq(orders.quoteId, quote.id));
    if (quote.status === 'accepted' || ordered) throw alreadyOrdered();
    if (isQuoteExpired(quote, input.now)) throw conflict(orderFlowRefusals.quoteExpired, { code: 'quote_expired' });
    // Issue 39 (decision 0065): with "Orders require an accepted quote" on, for the shop, the quote's
    // organisation or the buyer's, the quote is accepted first.
    const needsAcceptance =
      (await orderNeedsAcceptance(db, quote)) || buyerOrganisation?.ordersRequireAcceptedQuote === true;
    const acceptance = await quoteAcceptanceOf(db, quote.id);
    if (needsAcceptance && !acceptance) throw conflict(quoteActionRefusals.notAccepted, { code: 'quote_not_accepted' });
    const stored = splitStoredConfiguration(quote.configuration);
    const accepted =
      acceptance && stored.pricing ? { total: stored.pricing.totals.total, currency: quote.currency } : null;
    const configuration =
      quote.kind === 'instrument' ? (input.configuration ?? stored.configuration) : stored.configuration;
    if (!configuration) return null;
    // A service quote (a servicing renewal or a repair) is ordered at its frozen price, never repriced
    // as an instrument: in its own currency only. An instrument quote offers the billing and delivery
    // countries' currencies; unless the buyer chooses, it keeps its own currency when accepted or made
    // for this billing country (that was the buyer's choice, or the default, for it), else the billing
    // country's currency.
    const billingCountry = typedBillingCountry(input.billingCountry) ?? configuration.customerCountry;
    const quotesBillingCountry = stored.customerInfo?.billingCountry ?? stored.customerInfo?.country;
    const keepsItsCurrency = accepted !== null || quotesBillingCountry === billingCountry;
    const { currency, offered } =
      quote.kind === 'instrument'
        ? decidedCurrency(
            invoiceCurrencies(billingCountry, configuration.customerCountry),
            input.currency,
            keepsItsCurrency ? quote.currency : null,
          )
        : decidedCurrency([quote.currency === 'EUR' ? 'EUR' : 'GBP'], input.currency);
    const frozen =
      quote.kind !== 'instrument' ||
      (stored.configuration !== null &&
        selectionKey(stored.configuration) === selectionKey(configuration) &&
        quote.currency === currency);
    if (stored.configuration && stored.pricing && frozen) {
      if (quote.kind === 'instrument') await checkFrozenBatch(db, configuration, input.now);
      return {
        configuration,
        pricing: stored.pricing,
        currency,
        currencies: offered,
        quoteId: quote.id,
        standardRate: frozenStandardRate(stored.pricing) ?? (await getCachedSettings(db)).taxRate,
        service: quote.kind !== 'instrument',
        kind: quote.kind,
        language: quote.language,
        accepted,
      };
    }
    // Other items, or another currency than the quote's: today's catalogue prices in the currency decided.
    const { pricing } = await priceSelection(db, configuration, input.now, currency);
    return {
      configuration,
      pricing,
      currency: pricing.currency,
      currencies: offered,
      quoteId: quote.id,
      standardRate: (await getCachedSettings(db)).taxRate,
      service: false,
      kind: 'instrument',
      language: quote.language,
      accepted,
    };
  }
  // Without a quote there is nothing accepted: an organisation that needs acceptance orders from quotes only.
  if (buyerOrganisation?.ordersRequireAcceptedQuote)
    throw conflict(quoteActionRefusals.acceptedQuoteRequired, { code: 'accepted_quote_required' });
  if (!input.configuration) return null;
  const deliveryCountry = input.configuration.customerCountry;
  const billingCountry = typedBillingCountry(input.billingCountry) ?? deliveryCountry;
  const offeredHere = invoiceCurrencies(billingCountry, deliveryCountry);
  // A country not sold to is the selection's own 400 (priceSelection), not a currency's.
  const { currency, offered } =
    offeredHere.length > 0 ? decidedCurrency(offeredHere, input.currency) : { currency: undefined, offered: [] };
  const { pricing } = await priceSelection(db, input.configuration, input.now, currency);
  return {
    configuration: input.configuration,
    pricing,
    currency: pricing.currency,
    currencies: offered.length > 0 ? offered : [pricing.currency],
    quoteId: null,
    standardRate: (await getCachedSettings(db)).taxRate,
    service: false,
    kind: 'instrument',
  };
}

/**
 * The order's VAT for its buyer (issue 37): the nets as priced, each line taxed again for the delivery
 * country and the buyer's billing country and VAT number. The server's figures are the order's. Its
 * `deposit` is what the first invoice asks: the whole total for a repair (decision 0062).
 */
export function taxOrder(priced: PricedOrder, customer: VatCustomer): { pricing: FrozenPricing; vatRate: number } {
  const context = selectionTaxContext(priced.configuration, customer);
  const retaxed = retaxPricing(priced.pricing, context, priced.standardRate, { service: priced.service });
  const pricing = {
    ...retaxed,
    totals: { ...retaxed.totals, deposit: firstInvoiceShare(priced.kind, retaxed.totals) },
  };
  // The order's one rate (kept for its register and older screens): the standard rate where any line carries it.
  return { pricing, vatRate: pricing.totals.showVAT ? priced.standardRate : 0 };
}

/**
 * Issue 51: the refusal when the order's total is not the one its quote was accepted at: the VAT
 * number, billing country, currency or items given at checkout change it. Null when it is the same,
 * or when nobody accepted the quote (there is no signed total to keep).
 */
export function reacceptanceProblem(priced: PricedOrder, total: number): Message | null {
  const { accepted } = priced;
  if (!accepted) return null;
  if (accepted.currency === priced.currency && accepted.total === total) return null;
  // The amounts raw: the page writes them in its language ("4.807,90 €"), the API's English as the shop does.
  return withValues(quoteActionRefusals.reacceptanceRequired, {
    accepted: { amount: accepted.total, currency: accepted.currency },
    total: { amount: total, currency: priced.currency },
  });
}

/** Checks a form block with a schema; its problems are keyed `prefix.field` (the first is the message). */
function checkBlock<T extends z.ZodType>(schema: T, value: unknown, prefix: string): z.output<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[`${prefix}.${issue.path.join('.')}`] ??= issue.message;
  // A shared field's message is its id: the refusal says the first field's by the id, its English beside.
  const first = Object.values(fields)[0];
  throw badRequest((first && fieldDescriptor(first)) || first || `Invalid ${prefix} details`, { fields });
}

const orNull = (value: string) => (value === '' ? null : value);

function itemRows(orderId: string, pricing: PricedOrder['pricing']) {
  const { items } = pricing;
  type Line = (typeof items)['baseConfiguration'];
  const row = (itemType: OrderItemType, line: Line) => ({
    orderId,
    itemType,
    itemId: line.id,
    itemName: line.name,
    itemNames: line.names ?? null,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    totalPrice: line.total,
    supply: line.supply,
    vatTreatment: line.vatTreatment,
    vatRate: line.vatRate,
    vatAmount: line.vat,
  });
  const rows = [row('base_configuration', items.baseConfiguration)];
  // A service quote's order has no power adaptor (its line has quantity 0).
  if (items.powerAdaptor.quantity > 0) rows.push(row('power_adaptor', items.powerAdaptor));
  rows.push(...items.accessories.map((line) => row('accessory', line)));
  rows.push(...items.adaptors.map((line) => row('adaptor', line)));
  rows.push(...items.syringeHolders.map((line) => row('syringe_holder', line)));
  if (items.shipping.total > 0) rows.push(row('shipping', items.shipping));
  if (items.servicing.total > 0) rows.push(row('servicing', items.servicing));
  return rows;
}

/**
 * Places an order in one transaction: its number from generate_order_number(), the order, its
 * items, the 'Order created' history row, the e-mails and the incomplete order marked completed.
 * The idempotency key makes a retry or a double click return the first order instead of a second.
 */
export async function createOrder(
  db: Db,
  input: CreateOrderInput,
  hooks: CreateOrderHooks = {},
): Promise<CreateOrderResult> {
  const existing = await findByIdempotencyKey(db, input.idempotencyKey);
  if (existing) return replay(db, existing, input);

  const billingInput = input.billing;
  // Checks 1-3 of section 5 before any pricing; an order from a quote may take the quote's configuration.
  const early = orderSubmitProblem({
    configuration: input.configuration ?? input.quoteReference ?? null,
    email: billingInput.email,
    firstName: billingInput.firstName,
    lastName: billingInput.lastName,
    total: 1,
  });
  if (early) throw badRequest(early);

  const priced = await priceOrder(db, {
    ...input,
    billingEmail: billingInput.email,
    billingCountry: billingInput.country,
  });
  if (!priced) throw badRequest(orderFlowRefusals.configurationMissing);
  // Check 4 of section 5, on the server's total (a client's total is never read).
  if (!(priced.pricing.totals.total > 0)) throw badRequest(orderFlowRefusals.invalidTotal);

  // The schemas clean every field: one-line fields by cleanLine, the notes by cleanText.
  const parsed = checkBlock(billingSchema, billingInput, 'billing');
  const taxed = taxOrder(priced, vatCustomer(parsed.country, parsed.vatNumber));
  const reaccept = reacceptanceProblem(priced, taxed.pricing.totals.total);
  if (reaccept) throw conflict(reaccept, { code: 'quote_reacceptance_required' });
  const billing = { ...parsed, email: parsed.email.toLowerCase() };
  const delivery = input.shipping ? checkBlock(deliveryAddressSchema, input.shipping, 'shipping') : null;
  // The delivery country prices the order: it must be the priced country. The error names the
  // delivery country's own field (the billing country is free when a delivery address is given).
  const deliveryCountry = delivery?.country ?? billing.country;
  const countryProblem = deliveryCountryProblem(priced.configuration.customerCountry, deliveryCountry);
  if (countryProblem) {
    throw badRequest(countryProblem, {
      fields: { [delivery ? 'shipping.country' : 'billing.country']: englishText(countryProblem) },
    });
  }
  if (input.acceptTerms !== true) throw badRequest(orderFlowRefusals.termsNotAccepted, { code: 'terms_not_accepted' });
  // Issue 39: "no PO, no pay": with the shop's or the organisation's setting on, an order without the
  // buyer's PO number is refused.
  if (billing.poNumber === '' && (await poNumberRequired(db, input.userId)))
    throw badRequest(poDocumentRefusals.poNumberRequired, {
      code: 'po_number_required',
      fields: { 'billing.poNumber': poDocumentRefusals.poNumberRequired.message },
    });

  const notes = input.notes ?? '';
  // The batch's name is kept with the order, so its pages and documents never show the raw id.
  const batchId = priced.configuration.batch ?? null;
  const batch = batchId ? (await getProduct(db, PRODUCT_KEY))?.batches.find((row) => row.id === batchId) : undefined;
  const batchName = batch?.name ?? null;
  // The ship date the acknowledgement tells the buyer: a later re-date's e-mail says "Before:" this (issue 38).
  const shipDateTold = offeredShipDate(batch?.date, input.now);
  const settings = await getCachedSettings(db);
  // Anyone can type anyone's address into a guest order: only a confirmed account's own address gets their text back.
  const confirmedAddress = await isConfirmedAccountEmail(db, input.userId, billing.email);
  const totals = taxed.pricing.totals;
  const address: Address = {
    street: billing.address,
    city: billing.city,
    state: billing.state || null,
    postal_code: billing.postalCode,
    country: billing.country,
    name: `${billing.firstName} ${billing.lastName}`,
    company: orNull(billing.company),
    phone: orNull(billing.phone),
  };
  const shippingAddress: Address = delivery
    ? {
        street: delivery.address,
        city: delivery.city,
        state: orNull(delivery.state),
        postal_code: delivery.postalCode,
        country: delivery.country,
        name: `${delivery.firstName} ${delivery.lastName}`,
        company: orNull(delivery.company),
        phone: orNull(delivery.phone),
      }
    : address;
  const customerInfo = {
    email: billing.email,
    // Issue 53: the buyer's title, kept beside the names (none: the key is left out).
    ...(billing.title ? { title: billing.title } : {}),
    firstName: billing.firstName,
    lastName: billing.lastName,
    organization: billing.company,
    country: priced.configuration.customerCountry,
  };

  // Issue 53: the language the buyer chose (the page's by default), else the quote's, else the account's or English.
  const language = await chosenOrDefaultLanguage(db, input.language ?? priced.language, input.userId);
  const writeOrder = () =>
    db.transaction(async (tx) => {
      if (input.language) await rememberLanguage(tx, input.userId, input.language);
      const [row] = await tx
        .insert(orders)
        .values({
          // Numbered by the insert itself (one statement fewer); a number lost to a conflict is skipped.
          orderNumber: sql`generate_order_number()`,
          userId: input.userId,
          quoteId: priced.quoteId,
          kind: priced.kind,
          configuration: {
            ...priced.configuration,
            ...(batchName ? { batchName } : {}),
            customerInfo,
            pricing: { items: taxed.pricing.items, totals },
          },
          totalAmount: totals.total,
          depositAmount: totals.deposit,
          remainingAmount: totals.total - totals.deposit,
          currency: priced.currency,
          status: 'pending',
          paymentStatus: 'pending',
          notes: notes || null,
          billingAddress: address,
          shippingAddress,
          poNumber: orNull(billing.poNumber),
          buyerRoutingReference: orNull(billing.buyerRoutingReference),
          // Issue 52: a French public body's Chorus Pro references, kept only with its SIRET.
          ...(billing.publicBuyerSiret
            ? {
                publicBuyerSiret: billing.publicBuyerSiret,
                publicBuyerServiceCode: orNull(billing.publicBuyerServiceCode),
                publicBuyerEngagementNumber: orNull(billing.publicBuyerEngagementNumber),
              }
            : {}),
          vatNumber: orNull(billing.vatNumber),
          shipDateTold,
          // Customs want the importer's EORI for a delivery leaving the UK; a UK delivery has none to clear.
          eoriNumber: deliveryCountry === 'GB' ? null : orNull(billing.eoriNumber),
          language,
          termsVersion: TERMS_VERSION,
          termsAcceptedAt: input.now,
          subtotalAmount: totals.subtotal,
          vatAmount: totals.vat,
          vatRate: taxed.vatRate,
          idempotencyKey: input.idempotencyKey,
          accessKey: newOrderAccessKey(),
          createdAt: input.now,
          updatedAt: input.now,
        })
        .onConflictDoNothing({ target: orders.idempotencyKey })
        .returning();
      // Another request with this key won the race: give up ours (its number is simply skipped).
      if (!row) return null;
      // The quote is accepted with the order it became, in this transaction. A concurrent order from the
      // same quote waits on this row (PostgreSQL) or the whole transaction (PGlite), then finds it taken.
      if (priced.quoteId) {
        const accepted = await tx
          .update(quotes)
          .set({ status: 'accepted', updatedAt: input.now })
          .where(and(eq(quotes.id, priced.quoteId), ne(quotes.status, 'accepted')))
          .returning({ id: quotes.id });
        if (accepted.length === 0) throw alreadyOrdered();
      }
      // An instrument order holds its batch places from now until staff confirm it or the hold lapses (issue 38).
      if (!priced.service) await holdOrderPlaces(tx, row, holdEnds(input.now, settings.batchHoldDays));
      await hooks.afterOrderInsert?.(tx, row);
      const items = itemRows(row.id, taxed.pricing);
      const writtenItems = await tx.insert(orderItems).values(items).returning();
      const history = await tx
        .insert(orderStatusHistory)
        .values({
          orderId: row.id,
          oldStatus: null,
          newStatus: 'pending',
          changedBy: input.userId,
          notes: 'Order created',
          createdAt: input.now,
        })
        .returning();
      const mailContext = {
        order: row,
        customer: {
          email: billing.email,
          title: billing.title,
          firstName: billing.firstName,
          lastName: billing.lastName,
          company: billing.company,
        },
        lines: orderLines(items, language),
        vatSummary: totals.vatSummary,
        confirmedAddress,
        orderUrl: orderPageUrl(input.publicUrl, row),
        facts: await documentFacts(tx, input.publicUrl),
      };
      // New-order alerts go to the business profile's staff alert address (issue 38).
      const adminEmail = mailContext.facts.profile.mail.alertEmail.trim();
      const notifyAdmin = settings.emailNotifications && adminEmail !== '';
      // The acknowledgement PDF prints the addresses and references typed: attached only for a
      // confirmed account's own address (docs/decisions/0005); the order page offers it to everyone.
      const received = orderReceivedMail(mailContext);
      if (confirmedAddress)
        received.attachments = [
          pdfAttachment(
            documentFilename('acknowledgement', recipientLanguage(row), { orderNumber: row.orderNumber }),
            await renderAcknowledgementPdf(tx, row, input.now, input.publicUrl),
          ),
        ];
      await enqueueMails(tx, [received, ...(notifyAdmin ? [newOrderNoticeMail(mailContext, adminEmail)] : [])]);
      await completeOrderProgress(tx, billing.email, input.sessionId, input.now);
      // A new order has no payments or invoices yet: its whole read model is what was just written.
      const model: OrderReadModel = {
        order: row,
        items: writtenItems,
        payments: [],
        history,
        invoices: [],
        refunds: [],
        batchMoves: [],
        batchDates: [],
      };
      return model;
    });

  let order: Awaited<ReturnType<typeof writeOrder>>;
  try {
    order = await writeOrder();
  } catch (error) {
    // The unique index on orders.quote_id: another order from this quote committed first.
    if (!isUniqueViolation(error, 'orders_quote_id_key')) throw error;
    const winner = await findByIdempotencyKey(db, input.idempotencyKey);
    if (winner) return replay(db, winner, input);
    throw alreadyOrdered();
  }
  if (order) return { order: order.order, created: true, model: order };
  const winner = await findByIdempotencyKey(db, input.idempotencyKey);
  if (!winner) throw new Error('Failed to create order');
  return replay(db, winner, input);
}
