// @vitest-environment happy-dom
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '../../shared/orders/order-schema';
import { mockFetch, renderRoutes, resetWebTest, signedOut } from '../../../tests/support/web-render';
import { ledgerFigures } from '../../../tests/support/ledger-figures';
import { chooseLanguage } from '../i18n/language';
import { OrderDetailsPage } from './order-details-page';
import { OrdersTab } from './orders-tab';

const zeroLedger = ledgerFigures();

/** A guest order as GET /api/orders/{id}?key= answers it: one line, no VAT, the ledger given. */
function orderOf(overrides: Partial<Order> & Pick<Order, 'totalAmount' | 'depositAmount' | 'currency'>): Order {
  const { totalAmount } = overrides;
  return {
    id: '5b0c3f55-7c59-4c37-9a55-0f3c1a0e2a10',
    orderNumber: 'O2026-00004',
    status: 'confirmed',
    paymentStatus: 'pending',
    createdAt: '2026-03-02T09:00:00.000Z',
    quoteId: null,
    kind: 'instrument',
    paymentMethod: null,
    remainingAmount: totalAmount - overrides.depositAmount,
    vatRate: 0,
    documents: [],
    instruments: [],
    items: [
      {
        id: 'item-1',
        itemType: 'product',
        itemId: 'dropwise',
        itemName: 'Dropwise Standard',
        quantity: 1,
        unitPrice: totalAmount,
        totalPrice: totalAmount,
      },
    ],
    payments: [],
    statusHistory: [],
    trackingNumber: null,
    carrier: null,
    customerMessage: null,
    invoiceNumber: null,
    invoiceDueDate: null,
    estimatedDeliveryDate: null,
    notes: null,
    updatedAt: '2026-03-02T09:00:00.000Z',
    configuration: null,
    billingAddress: null,
    shippingAddress: null,
    poNumber: null,
    vatNumber: null,
    eoriNumber: null,
    termsVersion: null,
    termsAcceptedAt: null,
    subtotalAmount: totalAmount,
    vatAmount: 0,
    ledger: zeroLedger,
    ...overrides,
  };
}

async function openGuestPage(order: Order) {
  mockFetch({ 'GET /api/auth/session': signedOut, [`GET /api/orders/${order.id}`]: { body: { order } } });
  renderRoutes([{ path: '/order-details/:id', element: <OrderDetailsPage /> }], `/order-details/${order.id}?key=k`);
  return within(await screen.findByRole('region', { name: 'Payment Information' }));
}

/** The figure beside a label in Payment Information. */
const figure = (region: ReturnType<typeof within>, label: string) =>
  region
    .getAllByText(label, { selector: 'dt' })
    .map((term: HTMLElement) => term.nextElementSibling?.textContent)
    .join('|');

describe('the customer’s order page shows the ledger’s figures, one balance (component, happy-dom)', () => {
  afterEach(resetWebTest);

  it('overpayment: £2,200 against a £2,154 deposit reads the deposit paid, £46.00 credit held and one remaining balance, the ledger’s £2,108.00', async () => {
    const order = orderOf({
      totalAmount: 430800,
      depositAmount: 215400,
      currency: 'GBP',
      paymentStatus: 'deposit_paid',
      ledger: {
        ...zeroLedger,
        paid: 220000,
        received: 220000,
        invoiced: 215400,
        owed: 430800,
        outstanding: 210800,
        creditHeld: 4600,
        depositInvoiced: 215400,
      },
    });
    const payment = await openGuestPage(order);
    expect(figure(payment, 'Deposit Required')).toBe('Paid');
    expect(figure(payment, 'Paid')).toBe('£2,200.00');
    expect(figure(payment, 'Credit held')).toBe('£46.00');
    expect(figure(payment, 'Remaining Balance')).toBe('£2,108.00');
    expect(payment.queryByText('Refund due')).toBeNull();
    // The order lines no longer give a second balance (the planned £2,154.00 before dispatch).
    expect(screen.queryByText('Balance, due before dispatch')).toBeNull();
    expect(document.body.textContent).not.toContain('£2,154.00');
    expect(payment.getByText('Deposit Paid')).toBeTruthy();
  });

  it('a repair (decision 0062): the whole total is Outstanding, no deposit is asked for or shown as paid, and no balance before dispatch', async () => {
    const owed = {
      ...zeroLedger,
      invoiced: 24000,
      owed: 24000,
      outstanding: 24000,
      depositInvoiced: 24000,
      depositOutstanding: 24000,
    };
    const payment = await openGuestPage(
      orderOf({ kind: 'repair', totalAmount: 24000, depositAmount: 24000, currency: 'GBP', ledger: owed }),
    );
    expect(payment.queryByText('Deposit Required')).toBeNull();
    expect(figure(payment, 'Outstanding')).toBe('£240.00');
    expect(screen.queryByText('Balance, due before dispatch')).toBeNull();
    // Its payment badge says "Payment …", never the sale's "Pending Payment" / "Deposit …".
    expect(payment.getByText('Payment Awaiting')).toBeTruthy();
    expect(payment.queryByText('Pending Payment')).toBeNull();
    resetWebTest();
    const settled = await openGuestPage(
      orderOf({
        kind: 'repair',
        totalAmount: 24000,
        depositAmount: 24000,
        currency: 'GBP',
        paymentStatus: 'fully_paid',
        ledger: { ...owed, paid: 24000, received: 24000, outstanding: 0, depositOutstanding: 0 },
      }),
    );
    expect(settled.queryByText('Deposit Required')).toBeNull();
    expect(figure(settled, 'Paid')).toBe('£240.00');
    expect(settled.getByText('Payment Received')).toBeTruthy();
    resetWebTest();
    // Part-paid (£100 of £240), with its one payment in the history: "Payment …", not "Deposit …".
    const part = await openGuestPage(
      orderOf({
        kind: 'repair',
        totalAmount: 24000,
        depositAmount: 24000,
        currency: 'GBP',
        paymentStatus: 'deposit_part_paid',
        ledger: { ...owed, paid: 10000, received: 10000, outstanding: 14000, depositOutstanding: 14000 },
      }),
    );
    expect(part.getByText('Payment Part-Paid')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/Deposit (Paid|Part-Paid)/);
  });

  it('a sale keeps the specification’s badges word for word: Pending Payment, Deposit Paid, Paid', async () => {
    const pending = await openGuestPage(orderOf({ totalAmount: 100000, depositAmount: 50000, currency: 'GBP' }));
    expect(pending.getByText('Pending Payment')).toBeTruthy();
    resetWebTest();
    const deposit = await openGuestPage(
      orderOf({
        totalAmount: 100000,
        depositAmount: 50000,
        currency: 'GBP',
        paymentStatus: 'deposit_paid',
        ledger: { ...zeroLedger, paid: 50000, received: 50000, invoiced: 50000, owed: 100000, outstanding: 50000 },
      }),
    );
    expect(deposit.getByText('Deposit Paid')).toBeTruthy();
    resetWebTest();
    const paid = await openGuestPage(
      orderOf({
        totalAmount: 100000,
        depositAmount: 50000,
        currency: 'GBP',
        paymentStatus: 'fully_paid',
        ledger: { ...zeroLedger, paid: 100000, received: 100000, invoiced: 100000, owed: 100000 },
      }),
    );
    // The badge (the span with the badge's rounded border), not the ledger's "Paid" figure.
    expect(paid.getByText('Paid', { selector: 'span.rounded-full' })).toBeTruthy();
    expect(paid.queryByText('Payment Received')).toBeNull();
  });

  it('instalments: €1,000 of a €1,725 deposit leaves €725.00 under Deposit Required, and the remaining balance is what is still owed', async () => {
    const order = orderOf({
      totalAmount: 345000,
      depositAmount: 172500,
      currency: 'EUR',
      paymentStatus: 'deposit_part_paid',
      ledger: {
        ...zeroLedger,
        paid: 100000,
        received: 100000,
        invoiced: 172500,
        owed: 345000,
        outstanding: 245000,
        depositInvoiced: 172500,
        depositOutstanding: 72500,
      },
    });
    const payment = await openGuestPage(order);
    expect(figure(payment, 'Deposit Required')).toBe('€725.00');
    expect(figure(payment, 'Paid')).toBe('€1,000.00');
    expect(figure(payment, 'Remaining Balance')).toBe('€2,450.00');
    expect(payment.queryByText('Credit held')).toBeNull();
  });

  it('cancelled with the fee kept: no deposit asked for, the cancellation fee and the refund due named, the badge says Refund Due', async () => {
    const order = orderOf({
      totalAmount: 346200,
      depositAmount: 173100,
      currency: 'GBP',
      status: 'cancelled',
      paymentStatus: 'refund_due',
      ledger: {
        ...zeroLedger,
        paid: 173100,
        received: 173100,
        invoiced: 173100,
        credited: 164445,
        owed: 8655,
        refundDue: 164445,
        depositInvoiced: 8655,
        cancellationFee: 8655,
      },
    });
    const payment = await openGuestPage(order);
    expect(payment.queryByText('Deposit Required')).toBeNull();
    expect(figure(payment, 'Cancellation fee')).toBe('£86.55');
    expect(figure(payment, 'Refund due')).toBe('£1,644.45');
    expect(figure(payment, 'Remaining Balance')).toBe('£0.00');
    expect(payment.getByText('Refund Due')).toBeTruthy();
  });
});

describe('the customer’s order page in German (issue 40, happy-dom)', () => {
  afterEach(resetWebTest);

  it('German words, dates and money; the Payment Information region keeps its German name', async () => {
    await act(() => chooseLanguage('de'));
    const order = orderOf({ totalAmount: 480790, depositAmount: 240395, currency: 'EUR' });
    mockFetch({ 'GET /api/auth/session': signedOut, [`GET /api/orders/${order.id}`]: { body: { order } } });
    renderRoutes([{ path: '/order-details/:id', element: <OrderDetailsPage /> }], `/order-details/${order.id}?key=k`);
    const payment = within(await screen.findByRole('region', { name: 'Zahlungsinformationen' }));
    expect(screen.getByRole('heading', { name: 'Bestellung O2026-00004' })).toBeTruthy();
    expect(screen.getByText('Aufgegeben am 2. März 2026')).toBeTruthy();
    expect(screen.getByText('Bestätigt')).toBeTruthy();
    const total = payment.getByText('Gesamt', { selector: 'dt' }).nextElementSibling?.textContent ?? '';
    expect(total.replace(/[\u00a0\u202f]/g, ' ')).toBe('4.807,90 €');
    expect(payment.getByText('Zahlung ausstehend')).toBeTruthy();
  });
});

describe('the order page’s documents and ledger lines in German and French (issue 40, happy-dom)', () => {
  afterEach(resetWebTest);

  const documents: Order['documents'] = [
    {
      id: 'doc-1',
      kind: 'confirmation',
      number: 'O2026-00004',
      issuedAt: '2026-03-02T09:00:00.000Z',
      url: '/api/documents/doc-1.pdf',
      amount: null,
      dueDate: null,
      credited: false,
    },
    {
      id: 'doc-2',
      kind: 'deposit',
      number: 'INV-2026-0007',
      issuedAt: '2026-03-02T09:00:00.000Z',
      url: '/api/documents/doc-2.pdf',
      amount: 173100,
      dueDate: '2026-03-16',
      credited: false,
    },
  ];
  /** The cancelled order of the English case above: fee kept, refund due. */
  const cancelled = () =>
    orderOf({
      totalAmount: 346200,
      depositAmount: 173100,
      currency: 'EUR',
      status: 'cancelled',
      paymentStatus: 'refund_due',
      documents,
      ledger: {
        ...zeroLedger,
        paid: 173100,
        received: 173100,
        invoiced: 173100,
        credited: 164445,
        owed: 8655,
        refundDue: 164445,
        depositInvoiced: 8655,
        cancellationFee: 8655,
      },
    });
  const open = async (order: Order, region: string) => {
    mockFetch({ 'GET /api/auth/session': signedOut, [`GET /api/orders/${order.id}`]: { body: { order } } });
    renderRoutes([{ path: '/order-details/:id', element: <OrderDetailsPage /> }], `/order-details/${order.id}?key=k`);
    return within(await screen.findByRole('region', { name: region }));
  };
  const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

  it('English keeps the shared names word for word', async () => {
    const payment = await open(cancelled(), 'Payment Information');
    expect(figure(payment, 'Cancellation fee')).toBe('€86.55');
    const papers = within(screen.getByRole('region', { name: 'Documents' }));
    expect(papers.getByRole('link', { name: 'Download order confirmation PDF' })).toBeTruthy();
    expect(papers.getByRole('link', { name: 'Download deposit invoice PDF' })).toBeTruthy();
    expect(papers.getByText(/^Deposit invoice INV-2026-0007/)).toBeTruthy();
  });

  it('German: the ledger lines and the documents’ names and download links', async () => {
    await act(() => chooseLanguage('de'));
    const payment = await open(cancelled(), 'Zahlungsinformationen');
    expect(spaces(figure(payment, 'Stornogebühr'))).toBe('86,55 €');
    expect(spaces(figure(payment, 'Zu erstatten'))).toBe('1.644,45 €');
    expect(spaces(figure(payment, 'Gutgeschrieben'))).toBe('1.644,45 €');
    expect(payment.queryByText('Cancellation fee')).toBeNull();
    const papers = within(screen.getByRole('region', { name: 'Dokumente' }));
    expect(papers.getByRole('link', { name: 'Auftragsbestätigung als PDF herunterladen' })).toBeTruthy();
    expect(papers.getByRole('link', { name: 'Anzahlungsrechnung als PDF herunterladen' })).toBeTruthy();
    expect(spaces(papers.getByText(/^Anzahlungsrechnung INV-2026-0007/).textContent ?? '')).toBe(
      'Anzahlungsrechnung INV-2026-0007 · 2. März 2026 · 1.731,00 € · fällig am 16. März 2026',
    );
    expect(papers.queryByText(/Download/)).toBeNull();
  });

  it('French: a repair’s outstanding line and the document links', async () => {
    await act(() => chooseLanguage('fr'));
    const owed = { ...zeroLedger, invoiced: 24000, owed: 24000, outstanding: 24000, depositOutstanding: 24000 };
    const payment = await open(
      orderOf({ kind: 'repair', totalAmount: 24000, depositAmount: 24000, currency: 'EUR', ledger: owed, documents }),
      'Informations de paiement',
    );
    expect(spaces(figure(payment, 'Restant dû'))).toBe('240,00 €');
    const papers = within(screen.getByRole('region', { name: 'Documents' }));
    expect(papers.getByRole('link', { name: 'Télécharger le PDF\u202f: confirmation de commande' })).toBeTruthy();
    expect(papers.getByRole('link', { name: 'Télécharger le PDF\u202f: facture d’acompte' })).toBeTruthy();
  });

  it('My Account’s orders in German: the ledger lines under their German names', async () => {
    await act(() => chooseLanguage('de'));
    mockFetch({ 'GET /api/account/orders': { body: { orders: [cancelled()] } } });
    renderRoutes([{ path: '/my-account', element: <OrdersTab /> }], '/my-account');
    const fee = await screen.findByTestId('order-cancellationFee');
    expect(fee.previousElementSibling?.textContent).toBe('Stornogebühr');
    expect(spaces(fee.textContent ?? '')).toBe('86,55 €');
    expect(screen.getByTestId('order-refundDue').previousElementSibling?.textContent).toBe('Zu erstatten');
    expect(screen.getByTestId('order-outstanding').previousElementSibling?.textContent).toBe('Offen');
  });
});
