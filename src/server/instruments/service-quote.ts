import { recipientLanguage } from '../accounts/recipient-language';
import { eq } from 'drizzle-orm';
import { selectedConfigurationSchema } from '../../shared/configuration';
import { englishOf } from '../../shared/i18n/message';
import { serviceRefusals } from '../../shared/service-requests/service-lifecycle';
import { priceServiceLine } from '../../shared/pricing';
import { vatCustomer } from '../../shared/tax/vat-customer';
import { getProduct, PRODUCT_KEY } from '../catalogue/catalogue-service';
import type { Db } from '../db/client';
import { instruments, orders, type quotes } from '../db/schema';
import { badRequest, notFound } from '../http/http-error';
import { storedCustomerInfo } from '../order-records/order-read-model';
import { insertNumberedQuote } from '../quotes/create-quote';
import { getCachedSettings } from '../settings/settings-service';

const DAY_MS = 24 * 60 * 60 * 1000;

export type ServiceQuoteKind = 'servicing_renewal' | 'repair';

export interface ServiceQuoteInput {
  kind: ServiceQuoteKind;
  instrumentId: string;
  /** A repair's line text (what is repaired); the serial number is always named. */
  description?: string | undefined;
  /** A repair's net price set by staff, in the order's currency (minor units); a renewal is priced by the catalogue. */
  netAmountMinor?: number | undefined;
  now: Date;
}

export const serviceQuoteMessages = englishOf({
  noRenewalOption: serviceRefusals.noRenewalOption,
  repairNeedsAmount: serviceRefusals.repairNeedsAmount,
});

/**
 * A quote for one instrument (decision 0043), made through the quote engine: a servicing renewal at
 * the catalogue's yearly servicing price (the specification's "None: can be bought later at £425",
 * the 1-year option, in the order's currency), or a repair at the net amount staff set. Its currency
 * follows the order's delivery country; its VAT, a service's, the order's billing country and VAT
 * number (priceServiceLine). The quote is the order
 * customer's, valid for the Auto Quote Expiry days, and carries the order's selection (one unit, no
 * batch) so the order flow takes it like any quote: its frozen price, no batch places, no serial at dispatch.
 */
export async function createServiceQuote(tx: Db, input: ServiceQuoteInput): Promise<typeof quotes.$inferSelect> {
  const [found] = await tx
    .select({ instrument: instruments, order: orders })
    .from(instruments)
    .innerJoin(orders, eq(orders.id, instruments.orderId))
    .where(eq(instruments.id, input.instrumentId));
  if (!found) throw notFound(serviceRefusals.instrumentNotFound);
  const { instrument, order } = found;
  const settings = await getCachedSettings(tx);
  const selection = selectedConfigurationSchema.parse({ ...order.configuration, quantity: 1, batch: null });
  const country = order.shippingAddress?.country ?? selection.customerCountry;
  const currency = order.currency === 'EUR' ? 'EUR' : 'GBP';

  let line: { id: string; name: string; unitPrice: number };
  if (input.kind === 'servicing_renewal') {
    const product = await getProduct(tx, PRODUCT_KEY);
    const yearly = product?.servicing
      .filter((option) => option.warrantyYears === 1 && option.price[currency] > 0)
      .sort((a, b) => b.price[currency] - a.price[currency])[0];
    if (!yearly) throw badRequest(serviceRefusals.noRenewalOption);
    line = {
      id: 'servicing-renewal',
      name: `Servicing renewal, 1 year (${yearly.name}), instrument ${instrument.serialNumber}`,
      unitPrice: yearly.price[currency],
    };
  } else {
    if (input.netAmountMinor === undefined || !(input.netAmountMinor > 0))
      throw badRequest(serviceRefusals.repairNeedsAmount);
    const what = input.description?.trim().replace(/\s+/g, ' ').slice(0, 200);
    line = {
      id: 'repair',
      name: `Repair${what ? `: ${what}` : ''}, instrument ${instrument.serialNumber}`,
      unitPrice: input.netAmountMinor,
    };
  }
  // A service's VAT follows the customer (issue 37): the order's billing country and VAT number.
  const pricing = priceServiceLine(
    line,
    country,
    settings.taxRate,
    vatCustomer(order.billingAddress?.country ?? selection.customerCountry, order.vatNumber),
  );
  const customer = storedCustomerInfo(order.configuration ?? null);
  const info = (order.configuration?.customerInfo ?? {}) as Record<string, unknown>;
  const customerInfo = {
    email: customer.email ?? '',
    firstName: typeof info.firstName === 'string' ? info.firstName : '',
    lastName: typeof info.lastName === 'string' ? info.lastName : '',
    organization: customer.company ?? '',
    country: selection.customerCountry,
  };
  return insertNumberedQuote(tx, {
    userId: order.userId,
    currency: pricing.currency,
    status: 'sent',
    kind: input.kind,
    // Issue 40: a repair or servicing-renewal quote is in the language of the order the instrument came
    // from (its PDF and e-mails, and the order placed from it).
    language: recipientLanguage(order),
    serialNumber: instrument.serialNumber,
    configuration: {
      ...selection,
      flowType: 'service',
      customerInfo,
      pricing: { items: pricing.items, totals: pricing.totals },
    },
    validUntil: new Date(input.now.getTime() + settings.autoQuoteExpiry * DAY_MS),
    createdAt: input.now,
    updatedAt: input.now,
  });
}
