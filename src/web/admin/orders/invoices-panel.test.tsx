// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminOrderDetail, InvoiceBalanceView } from '../../../shared/orders/order-admin-contracts';
import type { OrderDocument } from '../../../shared/orders/order-schema';
import { mockFetch, renderRoutes, resetWebTest, signedOut } from '../../../../tests/support/web-render';
import { ledgerFigures } from '../../../../tests/support/ledger-figures';
import { InvoicesPanel } from './invoices-panel';
import { PaymentsPanel } from './payments-panel';

const ledger = ledgerFigures;

const invoiceDocument = (
  id: string,
  kind: OrderDocument['kind'],
  number: string,
  amount: number,
  extra: Partial<OrderDocument> = {},
): OrderDocument => ({
  id,
  kind,
  number,
  issuedAt: '2026-03-02T09:00:00.000Z',
  url: `/api/admin/orders/o/documents/${id}`,
  amount,
  dueDate: kind === 'credit' ? null : '2026-03-16',
  credited: false,
  ...extra,
});

const balance = (
  id: string,
  kind: 'deposit' | 'balance',
  number: string,
  figures: Pick<InvoiceBalanceView, 'amount' | 'state'> & Partial<InvoiceBalanceView>,
): InvoiceBalanceView => ({
  id,
  kind,
  number,
  dueDate: '2026-03-16',
  credited: 0,
  net: figures.amount,
  allocated: 0,
  outstanding: 0,
  overpaid: 0,
  ...figures,
});

/** The admin order page's answer, with what the panels read. */
function orderOf(overrides: Partial<AdminOrderDetail>): AdminOrderDetail {
  return {
    id: '5b0c3f55-7c59-4c37-9a55-0f3c1a0e2a10',
    orderNumber: 'O2026-00007',
    status: 'confirmed',
    paymentStatus: 'pending',
    currency: 'GBP',
    totalAmount: 430800,
    depositAmount: 215400,
    outstandingAmount: 0,
    paidAmount: 0,
    documents: [],
    payments: [],
    refunds: [],
    balances: [],
    cancellation: null,
    ledger: ledger({}),
    vatNumberCheck: { checks: [], reliesOnReverseCharge: false, flag: null, nameMismatch: null },
    ...overrides,
  } as AdminOrderDetail;
}

function renderPanels(order: AdminOrderDetail) {
  mockFetch({ 'GET /api/auth/session': signedOut });
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <>
            <InvoicesPanel order={order} />
            <PaymentsPanel order={order} />
          </>
        ),
      },
    ],
    '/',
  );
}

describe('the admin order page’s invoices and payments, from the ledger (component, happy-dom)', () => {
  afterEach(resetWebTest);

  it('instalments: €1,000 of a €1,725 deposit invoice reads "Part-paid — €725.00 due", the balance invoice "Open", and the deposit due is €725.00', async () => {
    renderPanels(
      orderOf({
        currency: 'EUR',
        totalAmount: 345000,
        depositAmount: 172500,
        outstandingAmount: 245000,
        documents: [
          invoiceDocument('d', 'deposit', 'INV2026-00011', 172500),
          invoiceDocument('b', 'balance', 'INV2026-00012', 172500),
        ],
        balances: [
          balance('d', 'deposit', 'INV2026-00011', {
            amount: 172500,
            allocated: 100000,
            outstanding: 72500,
            state: 'part_paid',
          }),
          balance('b', 'balance', 'INV2026-00012', { amount: 172500, outstanding: 172500, state: 'open' }),
        ],
        ledger: ledger({
          paid: 100000,
          received: 100000,
          invoiced: 345000,
          owed: 345000,
          outstanding: 245000,
          depositInvoiced: 172500,
          depositOutstanding: 72500,
        }),
      }),
    );
    expect((await screen.findByTestId('invoice-state-INV2026-00011')).textContent).toBe('Part-paid — €725.00 due');
    expect(screen.getByTestId('invoice-state-INV2026-00012').textContent).toBe('Open');
    expect(screen.getByTestId('ledger-deposit-due').textContent).toBe('€725.00');
    expect(screen.queryByTestId('ledger-credit-held')).toBeNull();
  });

  it('overpayment: £2,200 against a £2,154 deposit invoice reads "Overpaid by £46.00" with £46.00 credit held and no deposit due', async () => {
    renderPanels(
      orderOf({
        outstandingAmount: 210800,
        documents: [invoiceDocument('d', 'deposit', 'INV2026-00004', 215400)],
        balances: [
          balance('d', 'deposit', 'INV2026-00004', {
            amount: 215400,
            allocated: 220000,
            overpaid: 4600,
            state: 'overpaid',
          }),
        ],
        ledger: ledger({
          paid: 220000,
          received: 220000,
          invoiced: 215400,
          owed: 430800,
          outstanding: 210800,
          creditHeld: 4600,
          depositInvoiced: 215400,
        }),
      }),
    );
    expect((await screen.findByTestId('invoice-state-INV2026-00004')).textContent).toBe('Overpaid by £46.00');
    expect(screen.getByTestId('ledger-credit-held').textContent).toBe('£46.00');
    expect(screen.queryByTestId('ledger-deposit-due')).toBeNull();
  });

  it('cancelled with the fee kept: the deposit invoice overpaid by the refund due, the credit note names the fee; a fully credited invoice reads "Credited", a paid one "Paid"', async () => {
    renderPanels(
      orderOf({
        status: 'cancelled',
        paymentStatus: 'refund_due',
        totalAmount: 346200,
        depositAmount: 173100,
        documents: [
          invoiceDocument('d', 'deposit', 'INV2026-00020', 173100),
          invoiceDocument('c', 'credit', 'CN2026-00001', -164445, {
            creditsId: 'd',
            reason: 'Order cancelled; 5% cancellation fee kept',
            cancellationFee: 8655,
          }),
          invoiceDocument('x', 'balance', 'INV2026-00021', 50000, { credited: true }),
        ],
        balances: [
          balance('d', 'deposit', 'INV2026-00020', {
            amount: 173100,
            credited: 164445,
            net: 8655,
            allocated: 173100,
            overpaid: 164445,
            state: 'overpaid',
          }),
          balance('x', 'balance', 'INV2026-00021', { amount: 50000, credited: 50000, net: 0, state: 'credited' }),
        ],
        ledger: ledger({
          paid: 173100,
          received: 173100,
          invoiced: 223100,
          credited: 214445,
          owed: 8655,
          refundDue: 164445,
          depositInvoiced: 8655,
          cancellationFee: 8655,
        }),
      }),
    );
    expect((await screen.findByTestId('invoice-state-INV2026-00020')).textContent).toBe('Overpaid by £1,644.45');
    expect(screen.getByTestId('invoice-state-INV2026-00021').textContent).toBe('Credited');
    expect(screen.getByTestId('cancellation-fee-CN2026-00001').textContent).toContain('Cancellation fee £86.55');
    expect(screen.getByTestId('ledger-cancellation-fee').textContent).toBe('£86.55');
    expect(screen.getByTestId('ledger-refund-due').textContent).toBe('£1,644.45');
    expect(screen.getByText('Refund due')).toBeTruthy();
    expect(screen.queryByTestId('ledger-deposit-due')).toBeNull();
  });

  it('a deposit invoice covered exactly reads "Paid"', async () => {
    renderPanels(
      orderOf({
        outstandingAmount: 215400,
        documents: [invoiceDocument('d', 'deposit', 'INV2026-00030', 215400)],
        balances: [balance('d', 'deposit', 'INV2026-00030', { amount: 215400, allocated: 215400, state: 'paid' })],
        ledger: ledger({
          paid: 215400,
          received: 215400,
          invoiced: 215400,
          owed: 430800,
          outstanding: 215400,
          depositInvoiced: 215400,
        }),
      }),
    );
    expect((await screen.findByTestId('invoice-state-INV2026-00030')).textContent).toBe('Paid');
  });
});
