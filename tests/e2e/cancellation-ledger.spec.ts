import { adminShopAdmins, adminShopTest } from './admin-shop';
import type { Locator, Page } from '@playwright/test';
import {
  codeAfter,
  outboxHas,
  placeOrderAs,
  signInAdminSettingUpMfa,
  signUpConfirmedCustomer,
} from './accounts-support';
import { expect, waitsForTheApp } from './fixtures';
import { formatMoney, roundHalfUp } from '../../src/shared/money';
import { paymentStatusLabels } from '../../src/shared/orders/order-status';
import { defaultSelection } from '../../src/shared/pricing/pricing-fixture';
import { CANCELLATION_FEE_PERCENT } from '../../src/shared/terms';
import {
  type LedgerInvoice,
  type LedgerRefund,
  ledgerOf,
  type OrderLedger,
} from '../../src/server/order-records/order-ledger';

const ADMIN_EMAIL = adminShopAdmins.ledger.email;
const ADMIN_PASSWORD = adminShopAdmins.ledger.password;

// The step-up prompt starts from the server's 403 step_up_required answer, which the browser logs.
// The admin journeys' shop is the worker's own (admin-shop.ts): its journeys use it one at a time, and
// this one reads the dashboard's tiles before and after its own steps, so they move only with what it does.
const test = adminShopTest;
test.use({ allowConsoleErrors: ['the server responded with a status of 403'] });

const gbp = (minor: number) => formatMoney(minor, 'GBP', { decimals: 2 });
const toMajor = (minor: number) => (minor / 100).toFixed(2);

/** Confirmation prompts are accepted and kept (they name the amounts); any other dialog fails the journey. */
function collectDialogs(page: Page, confirms: string[], unexpected: string[]) {
  page.on('dialog', (dialog) => {
    if (dialog.type() === 'confirm') {
      confirms.push(dialog.message());
      return void dialog.accept();
    }
    unexpected.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
}

/** The dashboard's Outstanding tile: its count and GBP amount as the admin reads them. */
async function readOutstandingTile(page: Page): Promise<{ count: number; amount: number }> {
  await page.goto('/admin');
  const tile = page.getByRole('link', { name: /^Outstanding/ });
  await expect(tile).toContainText('still owed');
  const text = await tile.innerText();
  const match = /^Outstanding\s+(\d+)\s+£([\d,]+\.\d{2}) still owed/.exec(text);
  if (!match?.[1] || !match[2]) throw new Error(`The Outstanding tile reads "${text}", not one GBP figure`);
  return { count: Number(match[1]), amount: Math.round(Number(match[2].replaceAll(',', '')) * 100) };
}

async function expectOutstandingTile(page: Page, expected: { count: number; amount: number }) {
  await page.goto('/admin');
  const tile = page.getByRole('link', { name: /^Outstanding/ });
  await expect(tile).toContainText(`${gbp(expected.amount)} still owed`);
  await expect(tile.getByText(String(expected.count), { exact: true })).toBeVisible();
}

/** The admin order page's ledger figures (Payments panel) are the ledger's. */
async function expectAdminFigures(page: Page, ledger: OrderLedger) {
  await expect(page.getByTestId('ledger-owed')).toHaveText(gbp(ledger.owed));
  await expect(page.getByTestId('ledger-paid')).toHaveText(gbp(ledger.paid));
  await expect(page.getByTestId('ledger-outstanding')).toHaveText(gbp(ledger.outstanding));
  // Credited, Refunded and Refund due show only when there is something to show.
  for (const [testId, value] of [
    ['ledger-credited', ledger.credited],
    ['ledger-refunded', ledger.refunded],
    ['ledger-refund-due', ledger.refundDue],
  ] as const) {
    if (value > 0) await expect(page.getByTestId(testId)).toHaveText(gbp(value));
    else await expect(page.getByTestId(testId)).toHaveCount(0);
  }
}

/** The figure beside a label in a list of terms and figures (dt/dd). */
const figure = (scope: Locator, label: string) =>
  scope.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

test('a cancellation keeping the 5% fee credits and refunds the rest of the deposit; the admin page, My Account and the dashboard show the ledger', async ({
  page,
  shop,
  browser,
}) => {
  test.setTimeout(120_000);
  const confirms: string[] = [];
  const unexpectedDialogs: string[] = [];
  collectDialogs(page, confirms, unexpectedDialogs);

  // The admin signs in (authenticator set up with a real TOTP code) and notes the Outstanding tile.
  const { secret, usedStep } = await signInAdminSettingUpMfa(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  const before = await readOutstandingTile(page);

  // A signed-in customer places an order.
  const customer = await browser.newContext({ baseURL: shop.baseURL });
  const customerPage = waitsForTheApp(await customer.newPage());
  collectDialogs(customerPage, confirms, unexpectedDialogs);
  const email = `canceller-${Date.now()}@example.com`;
  await signUpConfirmedCustomer(customerPage, shop.dataDir, email, 'buyer-pass-1');
  const order = await placeOrderAs(customerPage, {
    configuration: defaultSelection,
    billing: {
      firstName: 'Dorothy',
      lastName: 'Hodgkin',
      company: 'Somerville College',
      email,
      address: '1 Parks Road',
      city: 'Oxford',
      postalCode: 'OX1 3PH',
      country: 'GB',
    },
    idempotencyKey: `cancellation-${Date.now()}`,
  });
  expect(order.currency).toBe('GBP');

  // What the journey books, and the figures the ledger makes of them at each step.
  const depositPayment = { amount: order.depositAmount, status: 'completed' as const };
  const depositInvoice: LedgerInvoice = {
    id: 'deposit',
    kind: 'deposit',
    number: 'deposit',
    dueDate: '',
    creditsInvoiceId: null,
    amount: order.depositAmount,
  };
  // The terms' fee is rounded half up and the credit is the rest of the deposit (order-ledger.ts cancellationFeeOf).
  const fee = roundHalfUp((order.depositAmount * CANCELLATION_FEE_PERCENT) / 100);
  const credit = order.depositAmount - fee;
  const creditNote: LedgerInvoice = {
    id: 'credit',
    kind: 'credit',
    number: 'credit',
    dueDate: '',
    creditsInvoiceId: 'deposit',
    amount: -credit,
    cancellationFee: fee,
  };
  const ledgerAt = (status: string, issued: LedgerInvoice[], refunds: LedgerRefund[] = []) =>
    ledgerOf({ totalAmount: order.totalAmount, currency: 'GBP', status }, [depositPayment], issued, refunds);
  const confirmedAndPaid = ledgerAt('confirmed', [depositInvoice]);
  const cancelled = ledgerAt('cancelled', [depositInvoice]);
  const credited = ledgerAt('cancelled', [depositInvoice, creditNote]);
  const refund = credited.refundDue;
  const settled = ledgerAt('cancelled', [depositInvoice, creditNote], [{ amount: refund }]);
  // The fee is what the shop keeps: less than the deposit, and the refund is part of the deposit payment.
  expect(refund).toBe(credit);
  expect(refund).toBeLessThan(order.depositAmount);
  expect(settled.paid).toBe(order.depositAmount - credit);

  // The admin finds the order and confirms it.
  await page.goto('/admin/orders');
  await page.getByRole('searchbox').fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('table', { name: 'Orders' }).getByRole('link', { name: order.orderNumber }).click();
  const header = page.getByRole('heading', { name: `Order ${order.orderNumber}` }).locator('..');
  await expect(header).toBeVisible();
  const edit = page.getByRole('form', { name: 'Edit order' });
  const status = edit.getByRole('combobox', { name: 'Status', exact: true });
  await status.selectOption('confirmed');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Order updated successfully')).toBeVisible();
  await expect(header).toContainText('Confirmed');

  // The deposit invoice: the server asks for a fresh code first.
  const documents = page.getByRole('region', { name: 'Documents' });
  await documents.getByRole('button', { name: 'Issue deposit invoice' }).click();
  const stepUp = page.getByRole('dialog', { name: 'Confirm with your authenticator' });
  await stepUp.getByLabel('Verification code').fill(codeAfter(secret, usedStep));
  await stepUp.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(/^Invoice \S+ issued and e-mailed$/)).toBeVisible();
  const depositRow = documents.getByRole('listitem').filter({ hasText: 'Deposit invoice' });
  await expect(depositRow).toContainText(gbp(order.depositAmount));
  const depositNumber = /Deposit invoice (\S+)/.exec(await depositRow.innerText())?.[1] ?? '';
  expect(depositNumber).not.toBe('');

  // The deposit payment (the code is still fresh).
  const payments = page.getByRole('region', { name: 'Payments' });
  const recordPayment = page.getByRole('form', { name: 'Record a payment' });
  await expect(recordPayment.getByLabel(/Amount/)).toHaveValue(toMajor(order.depositAmount));
  await recordPayment.getByLabel("Payer's reference").fill('BACS-DEP-1');
  await recordPayment.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText('Payment recorded')).toBeVisible();
  await expect(header).toContainText(paymentStatusLabels[confirmedAndPaid.paymentStatus]);
  await expectAdminFigures(page, confirmedAndPaid);

  // The dashboard counts the balance still to come.
  expect(confirmedAndPaid.outstanding).toBe(order.totalAmount - order.depositAmount);
  await expectOutstandingTile(page, {
    count: before.count + 1,
    amount: before.amount + confirmedAndPaid.outstanding,
  });

  // The customer cancels; the admin cancels the order. It owes what was invoiced: the deposit, paid.
  await page.goto(`/admin/orders/${order.id}`);
  await status.selectOption('cancelled');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(header).toContainText('Cancelled');
  // The admin was warned of the money held, the fee kept and the refund due before the order was cancelled.
  expect(confirms).toContain(
    `This order holds ${gbp(order.depositAmount)}. Cancelling keeps the ${CANCELLATION_FEE_PERCENT}% cancellation fee of ${gbp(fee)} and ${gbp(credit)} is to be refunded. Cancel order ${order.orderNumber}?`,
  );
  await expectAdminFigures(page, cancelled);
  await expect(header).toContainText(paymentStatusLabels[cancelled.paymentStatus]);
  // A cancelled order takes no payment.
  await expect(recordPayment).toHaveCount(0);

  // A credit note for the deposit less the cancellation fee.
  await depositRow.getByRole('button', { name: 'Credit…' }).click();
  const creditForm = page.getByRole('form', { name: 'Issue a credit note' });
  await expect(creditForm.getByLabel(/Credit amount/)).toHaveValue(toMajor(order.depositAmount));
  await creditForm.getByRole('button', { name: `Keep the ${CANCELLATION_FEE_PERCENT}% cancellation fee` }).click();
  await expect(creditForm.getByLabel(/Credit amount/)).toHaveValue(toMajor(credit));
  await expect(creditForm.getByLabel('Reason')).toHaveValue(
    `Order cancelled; ${CANCELLATION_FEE_PERCENT}% cancellation fee kept`,
  );
  await creditForm.getByRole('button', { name: 'Issue credit note' }).click();
  const creditToast = page.getByText(/^Credit note \S+ issued$/);
  await expect(creditToast).toBeVisible();
  const creditNumber = /^Credit note (\S+) issued$/.exec((await creditToast.innerText()).trim())?.[1] ?? '';
  expect(creditNumber).toMatch(new RegExp(`^CN${new Date().getUTCFullYear()}-\\d{5}$`));
  expect(confirms).toContain(
    `Issue a credit note for ${gbp(credit)} of ${depositNumber}? The invoice itself stays unchanged.`,
  );
  await expect(creditForm).toHaveCount(0);
  const creditRow = documents.getByRole('listitem').filter({ hasText: `Credit note ${creditNumber}` });
  await expect(creditRow).toContainText(gbp(-credit));
  await expect(creditRow).toContainText(`${CANCELLATION_FEE_PERCENT}% cancellation fee kept`);
  await expect(creditRow).toContainText(`Cancellation fee ${gbp(fee)}`);
  await expect(page.getByTestId('ledger-cancellation-fee')).toHaveText(gbp(fee));
  // Partly credited, the deposit invoice is still live (it carries the fee).
  await expect(depositRow).not.toContainText('credited');
  await expectAdminFigures(page, credited);
  expect(credited.refundDue).toBe(credit);

  // The refund of what is due, a part of the deposit payment: amount, date, method and reference.
  const depositPaymentRow = payments.getByRole('listitem').filter({ hasText: 'ref BACS-DEP-1' });
  await depositPaymentRow.getByRole('button', { name: 'Refund…' }).click();
  const refundForm = page.getByRole('form', { name: 'Record a refund' });
  await expect(refundForm.getByLabel(/Refund amount/)).toHaveValue(toMajor(refund));
  const refundedOn = new Date().toISOString().slice(0, 10);
  await refundForm.getByLabel(/Refund amount/).fill(toMajor(refund));
  await refundForm.getByLabel('Refunded on').fill(refundedOn);
  await refundForm.getByLabel('Refund method').selectOption({ label: 'Bank transfer' });
  await refundForm.getByLabel('Refund reference').fill('RF-CANCEL-1');
  await refundForm.getByLabel('Refund reason').fill('Cancelled by the customer');
  await refundForm.getByRole('button', { name: 'Record refund' }).click();
  await expect(page.getByText('Refund recorded')).toBeVisible();
  expect(confirms).toContain(`Record a refund of ${toMajor(refund)} GBP?`);
  await expect(depositPaymentRow).toContainText(`${gbp(refund)} refunded`);
  // Part of the payment is left, so it may still be refunded further.
  await expect(depositPaymentRow.getByRole('button', { name: 'Refund…' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Status history' })).toContainText(
    `Refund of ${gbp(refund)} of the deposit of ${gbp(order.depositAmount)} (bank transfer, ref RF-CANCEL-1, ${refundedOn}): Cancelled by the customer`,
  );
  await expectAdminFigures(page, settled);
  expect(settled.outstanding).toBe(0);
  expect(settled.refundDue).toBe(0);
  await expect(header).toContainText('Cancelled');
  await expect(header).toContainText(paymentStatusLabels[settled.paymentStatus]);

  // The dashboard: the order owes nothing now, so the Outstanding tile is back where it was.
  await expectOutstandingTile(page, { count: before.count, amount: before.amount + settled.outstanding });

  // The customer's My Account: Cancelled, the ledger's amounts and the credit note among the documents.
  await customerPage.goto('/my-account');
  const card = customerPage.getByRole('listitem').filter({ hasText: `Order ${order.orderNumber}` });
  await expect(card).toContainText('Cancelled');
  await card.getByRole('link', { name: `View details of order ${order.orderNumber}` }).click();
  await expect(customerPage.getByRole('heading', { name: `Order ${order.orderNumber}` })).toBeVisible();
  const paymentInformation = customerPage.getByRole('region', { name: 'Payment Information' });
  await expect(customerPage.getByRole('main')).toContainText('Cancelled');
  await expect(paymentInformation).toContainText('Refunded');
  await expect(customerPage.getByRole('main')).not.toContainText('Pending Payment');
  // A cancelled order asks for no deposit; the fee kept is named.
  await expect(figure(paymentInformation, 'Deposit Required')).toHaveCount(0);
  await expect(figure(paymentInformation, 'Cancellation fee')).toHaveText(gbp(fee));
  await expect(figure(paymentInformation, 'Paid')).toHaveText(gbp(settled.paid));
  await expect(figure(paymentInformation, 'Credited')).toHaveText(gbp(settled.credited));
  await expect(customerPage.getByTestId('customer-remaining')).toHaveText(gbp(settled.outstanding));
  await expect(figure(paymentInformation, 'Total')).toHaveText(gbp(order.totalAmount));
  const customerDocuments = customerPage.getByRole('region', { name: 'Documents' });
  const customerCredit = customerDocuments.getByRole('listitem').filter({ hasText: `Credit note ${creditNumber}` });
  await expect(customerCredit).toContainText(gbp(-credit));
  await expect(customerCredit.getByRole('link', { name: 'Download credit note PDF' })).toBeVisible();
  await expect(
    customerDocuments.getByRole('listitem').filter({ hasText: `Deposit invoice ${depositNumber}` }),
  ).toBeVisible();

  // The e-mails: the cancellation and the credit note reached the outbox.
  expect(
    await outboxHas(
      shop.dataDir,
      email,
      `Your order ${order.orderNumber} is cancelled`,
      `Your order ${order.orderNumber} has been cancelled.`,
    ),
  ).toBe(true);
  expect(
    await outboxHas(
      shop.dataDir,
      email,
      `Credit note ${creditNumber} for your order ${order.orderNumber}`,
      `of invoice ${depositNumber} of your order ${order.orderNumber}`,
    ),
  ).toBe(true);
  expect(
    await outboxHas(
      shop.dataDir,
      email,
      `Your order ${order.orderNumber} is cancelled`,
      `will be refunded less the ${CANCELLATION_FEE_PERCENT}% cancellation fee of`,
    ),
  ).toBe(true);
  expect(
    await outboxHas(
      shop.dataDir,
      email,
      `Refund for your order ${order.orderNumber}`,
      `to you for order ${order.orderNumber} on`,
    ),
  ).toBe(true);
  expect(unexpectedDialogs).toEqual([]);
  await customer.close();
});
