import { addressLines, orderLines, sameAddress } from '../../shared/orders/order-lines';
import type { Order } from '../../shared/orders/order-schema';
import { DEPOSIT_PERCENT } from '../../shared/pricing/deposit';
import { paysInFull } from '../../shared/orders/order-kind';
import { orderVatSummary } from '../../shared/documents/vat-summary';
import { VatNotes, VatRows, vatLabelIn } from './vat-summary';
import { useT } from '../i18n/use-t';
import { addressLinesIn } from '../i18n/country-names';

type PricedOrder = Pick<
  Order,
  'items' | 'currency' | 'totalAmount' | 'depositAmount' | 'subtotalAmount' | 'vatAmount' | 'vatRate'
> &
  Partial<Pick<Order, 'kind'>>;

/** Every priced line of an order with its subtotal, VAT, total, deposit and balance: it adds up to the penny. */
export function OrderLinesTable({ order, showSplit = true }: { order: PricedOrder; showSplit?: boolean }) {
  const text = useT();
  const { t } = text;
  const money = (minor: number) => text.money(minor, order.currency, { decimals: 2 });
  const lines = orderLines(order.items, text.language);
  const subtotal = order.subtotalAmount ?? lines.reduce((sum, line) => sum + line.total, 0);
  const vat = order.vatAmount ?? order.totalAmount - subtotal;
  // An order placed before lines had VAT (issue 37) shows its one rate, as then.
  const summary = orderVatSummary(order.items);
  return (
    <div className="tabular-nums">
      <ul className="divide-y divide-navy-100 text-sm" aria-label={t('paperwork.lines', 'Order lines')}>
        {lines.map((line) => (
          <li key={line.key} className="flex justify-between gap-4 py-2">
            <span>
              {line.quantity} × {line.name}
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
      <dl className="mt-2 space-y-1 border-t border-navy-100 pt-2 text-sm">
        <div className="flex justify-between">
          <dt>{t('totals.subtotal', 'Subtotal')}</dt>
          <dd data-testid="order-subtotal">{money(subtotal)}</dd>
        </div>
        {summary ? (
          <VatRows summary={summary} currency={order.currency} totalTestId="order-vat" />
        ) : (
          <div className="flex justify-between">
            <dt>{vatLabelIn(text, order.vatRate)}</dt>
            <dd data-testid="order-vat">{money(vat)}</dd>
          </div>
        )}
        <div className="flex justify-between text-base font-semibold">
          <dt>{t('totals.total', 'Total')}</dt>
          <dd data-testid="order-lines-total">{money(order.totalAmount)}</dd>
        </div>
        {/* A repair has no deposit and no balance (decision 0062). */}
        {showSplit && !paysInFull(order) ? (
          <>
            <div className="flex justify-between">
              <dt>{t('quote.deposit', 'Deposit ({percent}%)', { percent: DEPOSIT_PERCENT })}</dt>
              <dd>{money(order.depositAmount)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>{t('orderFlow.balance', 'Balance, due before dispatch')}</dt>
              <dd>{money(order.totalAmount - order.depositAmount)}</dd>
            </div>
          </>
        ) : null}
      </dl>
      <VatNotes summary={summary} currency={order.currency} deliveryCountry={null} />
    </div>
  );
}

/** The billing and delivery addresses with the PO, VAT and EORI numbers (customer text rendered as text). */
export function OrderAddresses({
  order,
}: {
  order: Pick<Order, 'billingAddress' | 'shippingAddress' | 'poNumber' | 'vatNumber'> & {
    eoriNumber?: Order['eoriNumber'];
  };
}) {
  const same = sameAddress(order.billingAddress, order.shippingAddress);
  const text = useT();
  const { t } = text;
  const billing = t('orderFlow.billingAddress', 'Billing address');
  const delivery = t('orderFlow.deliveryAddress', 'Delivery address');
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <section aria-label={billing}>
        <h3 className="text-sm font-semibold text-navy-900">{billing}</h3>
        <address className="mt-1 whitespace-pre-line text-sm not-italic text-navy-800" data-testid="billing-address">
          {addressLinesIn(text, addressLines(order.billingAddress), order.billingAddress?.country).join('\n')}
        </address>
        {order.poNumber ? (
          <p className="mt-2 text-sm text-navy-800">
            {t('paperwork.poNumber', 'PO number:')} <span data-testid="po-number">{order.poNumber}</span>
          </p>
        ) : null}
        {order.vatNumber ? (
          <p className="mt-1 text-sm text-navy-800">
            {t('orderFlow.vatNumberIs', 'VAT number: {number}', { number: order.vatNumber })}
          </p>
        ) : null}
        {order.eoriNumber ? (
          <p className="mt-1 text-sm text-navy-800">
            {t('paperwork.eoriNumber', 'EORI number:')} <span data-testid="eori-number">{order.eoriNumber}</span>
          </p>
        ) : null}
      </section>
      <section aria-label={delivery}>
        <h3 className="text-sm font-semibold text-navy-900">{delivery}</h3>
        <address className="mt-1 whitespace-pre-line text-sm not-italic text-navy-800" data-testid="delivery-address">
          {addressLinesIn(text, addressLines(order.shippingAddress), order.shippingAddress?.country).join('\n')}
        </address>
        {same ? (
          <p className="mt-1 text-sm text-navy-600">{t('orderFlow.sameAddress', 'Same as the billing address')}</p>
        ) : null}
      </section>
    </div>
  );
}
