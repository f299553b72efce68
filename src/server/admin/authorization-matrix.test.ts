import { subjectHash } from '../privacy/erasure';
import { exampleBusinessProfile, publicProfileOf } from '../../shared/business-profile';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createOrder, createQuote, createUser, guestOrderBody } from '../../../tests/support/factories';
import { signIn, totpCode } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { storeModelDocumentRow, tinyPdf } from '../../../tests/support/model-documents';
import { certificatePdf, storeCertificateRow } from '../../../tests/support/supplier-pack';
import { type Role, roleNames, permissionsOfRoles } from '../../shared/staff/permissions';
import { allowedBy } from './admin-route-config';
import { defaultSystemSettings } from '../../shared/settings';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import {
  dataExports,
  decontaminationDeclarations,
  incompleteOrders,
  instruments,
  instrumentTestRecords,
  orderPoDocuments,
  paymentTransactions,
  accountReceipts,
  reminderPauses,
  privacyRequests,
  quoteExtensionRequests,
  sessions,
} from '../db/schema';
import { createSession } from '../accounts/session-service';
import { issueInvoice } from '../billing/invoices';
import { inviteStaff } from '../staff/staff';
import { createOrganisation } from '../organisations/organisations';
import { createInstrument, createServiceRequestRow } from '../../../tests/support/service-fixtures';
import { passingFactoryTests } from '../../../tests/support/factory-tests';

/** One request a staff member allowed to make it gets `ok` for; `make` builds fresh data for each try. */
interface Example {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  route: string;
  ok: number;
  /** `caller` is the staff member about to try it (null for the refused callers, who share one). */
  make: (caller: { id: string } | null) => Promise<{ url: string; body?: unknown }>;
}

type StepUp = 'fresh' | 'stale';

/** What a route outside the admin wing answered: its owner's `full` view, or what anyone else gets. */
type Answer = 'full' | 'summary' | '404' | string;

/**
 * A route outside the admin wing that lets staff through (`config.staffRead`, security finding F1):
 * each case is a record of a customer's with the owner's request, and `restricted` is what a caller
 * who neither owns it nor holds the permission must get.
 */
interface StaffReadExample {
  route: string;
  answer: (response: {
    statusCode: number;
    headers: Record<string, unknown>;
    body: string;
    rawPayload: Buffer;
  }) => Answer;
  cases: { label: string; url: string; owner: { url: string; cookie?: string }; restricted: Answer }[];
}

describe('the authorization matrix', () => {
  const t = useTestApp({ now: new Date('2026-03-02T09:00:10.000Z') });

  it('is generated from the registered routes: every route × {anonymous, customer, admin at aal1, each role × step-up fresh or not}, with 0 unexpected 2xx', async () => {
    const fixtures = await createAdminSession(t);
    // The fixtures add priced options, which needs a fresh second factor.
    await fixtures.stepUp();
    const customer = await createUser(t.db);
    const customerCookie = await signIn(t, customer.user.email);
    const adminAal1 = await createAdminSession(t);
    /** A separate staff member per role and step-up state, so no one reaches the per-admin rate limit. */
    const staff = new Map<string, Awaited<ReturnType<typeof createAdminSession>>>();
    for (const role of roleNames)
      for (const state of ['fresh', 'stale'] as const)
        staff.set(`${role} ${state}`, await createAdminSession(t, t.db, [role]));

    const at = (url: string, body?: unknown) => async () => ({ url, body });
    const privacyRequest = async (type: 'access' | 'erasure', email: string) => {
      const [row] = await t.db
        .insert(privacyRequests)
        .values({
          type,
          channel: 'email',
          receivedOn: '2026-03-01',
          subjectHash: subjectHash(email),
          subjectMasked: 'm***',
        })
        .returning();
      return row?.id ?? '';
    };
    const addressedQuote = () =>
      createQuote(t.db, {
        configuration: {
          customerInfo: {
            email: 'buyer@example.com',
            firstName: 'Ada',
            lastName: 'Lovelace',
            organization: 'Analytical Engines',
            country: 'GB',
          },
        },
        validUntil: new Date('2026-03-09T10:00:00.000Z'),
      });
    let serial = 0;
    const next = () => `matrix-${(serial += 1)}`;
    const created = async (url: string, body: unknown) => {
      const response = await t.post(url, body, { cookie: fixtures.cookie });
      if (response.statusCode !== 201) throw new Error(`fixture ${url}: ${response.statusCode} ${response.body}`);
    };
    const [abandoned] = await t.db
      .insert(incompleteOrders)
      .values({
        email: 'matrix@example.com',
        stepReached: 'review',
        lastActivityAt: new Date(t.clock.now.getTime() - 2 * 3_600_000),
      })
      .returning();
    await createQuote(t.db);
    const order = await createOrder(t.db, { userId: customer.user.id });
    const owner = { userId: fixtures.user.id, email: fixtures.user.email };
    const invitation = () =>
      t.db.transaction((tx) =>
        inviteStaff(tx, {
          admin: owner,
          email: `${next()}@example.com`,
          firstName: 'Sam',
          lastName: 'Sales',
          roles: ['sales'],
          now: t.clock.now,
          publicUrl: 'http://localhost:3000',
        }),
      );

    const serviceFixture = await createServiceRequestRow(
      t.db,
      (await createInstrument(t.db, { userId: customer.user.id })).id,
      { status: 'authorised', rmaNumber: 'RMA2026-T0001', returnInstructions: 'Send it back.' },
      { photo: true },
    );
    // An order delivered to Germany, and an authorised return of its instrument: their customs papers (issue 37).
    const heidelberg = {
      street: 'Im Neuenheimer Feld 282',
      city: 'Heidelberg',
      state: null,
      postal_code: '69120',
      country: 'DE',
    };
    const exportOrder = await createOrder(t.db, {
      userId: customer.user.id,
      currency: 'EUR',
      status: 'delivered',
      shippingAddress: heidelberg,
      billingAddress: heidelberg,
    });
    const exportService = await createServiceRequestRow(
      t.db,
      (await createInstrument(t.db, { orderId: exportOrder.id })).id,
      { status: 'authorised', rmaNumber: 'RMA2026-T0002', returnInstructions: 'Send it back.' },
    );
    const examples: Example[] = [
      { method: 'GET', route: '/api/admin/dashboard', ok: 200, make: at('/api/admin/dashboard') },
      { method: 'GET', route: '/api/admin/users', ok: 200, make: at('/api/admin/users') },
      {
        method: 'PATCH',
        route: '/api/admin/users/:id',
        ok: 200,
        make: at(`/api/admin/users/${customer.user.id}`, { isAdmin: false }),
      },
      // No step-up: the call itself carries the caller's fresh code (issue 34, F5), one time step on from their enrolment.
      {
        method: 'DELETE',
        route: '/api/admin/users/:id/factors',
        ok: 200,
        make: async (caller) => {
          const secret = [...staff.values()].find((member) => member.user.id === caller?.id)?.secret;
          return {
            url: `/api/admin/users/${(await createUser(t.db)).user.id}/factors`,
            body: secret ? { code: totpCode(secret, t.clock.now, 1) } : {},
          };
        },
      },
      {
        method: 'POST',
        route: '/api/admin/users/:id/passkey-approval',
        ok: 201,
        make: async () => ({
          url: `/api/admin/users/${(await createUser(t.db, { isAdmin: true, roles: ['finance'] })).user.id}/passkey-approval`,
        }),
      },
      { method: 'GET', route: '/api/admin/quotes', ok: 200, make: at('/api/admin/quotes') },
      { method: 'GET', route: '/api/admin/quotes.csv', ok: 200, make: at('/api/admin/quotes.csv') },
      // The quote page (decision 0048): each try on a fresh quote with an address to e-mail.
      {
        method: 'GET',
        route: '/api/admin/quotes/:key',
        ok: 200,
        make: async () => ({ url: `/api/admin/quotes/${(await addressedQuote()).quoteNumber}` }),
      },
      {
        method: 'POST',
        route: '/api/admin/quotes/:key/extend',
        ok: 200,
        make: async () => ({
          url: `/api/admin/quotes/${(await addressedQuote()).id}/extend`,
          body: { validUntil: '2026-09-30' },
        }),
      },
      {
        method: 'POST',
        route: '/api/admin/quotes/:key/resend',
        ok: 200,
        make: async () => ({ url: `/api/admin/quotes/${(await addressedQuote()).quoteNumber}/resend` }),
      },
      // Issue 39: the buyer's extension request, answered on a fresh quote with one pending each try.
      ...(['approve', 'decline'] as const).map((decision) => ({
        method: 'POST' as const,
        route: `/api/admin/quotes/:key/extension/${decision}`,
        ok: 200,
        make: async () => {
          const quote = await addressedQuote();
          await t.db
            .insert(quoteExtensionRequests)
            .values({ quoteId: quote.id, requestedUntil: new Date('2026-04-30T23:59:59.999Z') });
          return { url: `/api/admin/quotes/${quote.quoteNumber}/extension/${decision}` };
        },
      })),
      {
        method: 'GET',
        route: '/api/admin/quote-extension-requests',
        ok: 200,
        make: at('/api/admin/quote-extension-requests'),
      },
      {
        method: 'POST',
        route: '/api/admin/quotes/:key/notes',
        ok: 201,
        make: async () => ({
          url: `/api/admin/quotes/${(await addressedQuote()).quoteNumber}/notes`,
          body: { text: 'Called; budget approved in April' },
        }),
      },
      { method: 'GET', route: '/api/admin/orders', ok: 200, make: at('/api/admin/orders?search=ada&status=pending') },
      { method: 'GET', route: '/api/admin/orders.csv', ok: 200, make: at('/api/admin/orders.csv') },
      { method: 'GET', route: '/api/admin/orders/:id', ok: 200, make: at(`/api/admin/orders/${order.id}`) },
      {
        method: 'GET',
        route: '/api/admin/orders/:id/packing-slip',
        ok: 200,
        make: at(`/api/admin/orders/${order.id}/packing-slip`),
      },
      {
        method: 'GET',
        route: '/api/admin/orders/:id/pro-forma',
        ok: 200,
        make: at(`/api/admin/orders/${order.id}/pro-forma`),
      },
      {
        method: 'POST',
        route: '/api/admin/orders/:id/pro-forma/send',
        ok: 200,
        make: at(`/api/admin/orders/${order.id}/pro-forma/send`, {}),
      },
      {
        method: 'PUT',
        route: '/api/admin/orders/:id/po',
        ok: 200,
        make: at(`/api/admin/orders/${order.id}/po`, {
          poNumber: 'PO-MATRIX',
          filename: 'po.pdf',
          dataBase64: tinyPdf('PO').toString('base64'),
        }),
      },
      {
        method: 'GET',
        route: '/api/admin/orders/:id/commercial-invoice',
        ok: 200,
        make: at(`/api/admin/orders/${exportOrder.id}/commercial-invoice`),
      },
      {
        method: 'PUT',
        route: '/api/admin/orders/:id/export-proof',
        ok: 200,
        make: at(`/api/admin/orders/${exportOrder.id}/export-proof`, { carrier: 'DHL Express' }),
      },
      {
        method: 'PUT',
        route: '/api/admin/orders/:id/buyer-routing-reference',
        ok: 200,
        make: at(`/api/admin/orders/${order.id}/buyer-routing-reference`, {
          buyerRoutingReference: '04011000-1234512345-06',
        }),
      },
      {
        method: 'PUT',
        route: '/api/admin/orders/:id/language',
        ok: 200,
        make: at(`/api/admin/orders/${order.id}/language`, { language: 'de' }),
      },
      {
        method: 'PATCH',
        route: '/api/admin/orders/:id',
        ok: 200,
        make: at(`/api/admin/orders/${order.id}`, { internalNotes: 'checked' }),
      },
      {
        method: 'DELETE',
        route: '/api/admin/orders/:id',
        ok: 200,
        make: async () => ({ url: `/api/admin/orders/${(await createOrder(t.db)).id}` }),
      },
      {
        method: 'POST',
        route: '/api/admin/orders/:id/payments',
        ok: 201,
        make: async () => ({
          url: `/api/admin/orders/${(await createOrder(t.db)).id}/payments`,
          body: { transactionType: 'deposit', amount: 1000, paymentMethod: 'bank_transfer' },
        }),
      },
      {
        method: 'POST',
        route: '/api/admin/orders/:id/payments/:paymentId/refund',
        ok: 200,
        make: async () => {
          const paid = await createOrder(t.db);
          const [payment] = await t.db
            .insert(paymentTransactions)
            .values({
              orderId: paid.id,
              transactionType: 'deposit',
              amount: 1000,
              currency: 'GBP',
              status: 'completed',
            })
            .returning();
          return { url: `/api/admin/orders/${paid.id}/payments/${payment?.id}/refund` };
        },
      },
      // Issue 51: the void of a mis-keyed receipt, receipts on account, and reminder pauses.
      {
        method: 'POST',
        route: '/api/admin/orders/:id/payments/:paymentId/void',
        ok: 200,
        make: async () => {
          const paid = await createOrder(t.db);
          const [payment] = await t.db
            .insert(paymentTransactions)
            .values({
              orderId: paid.id,
              transactionType: 'deposit',
              amount: 1000,
              currency: 'GBP',
              status: 'completed',
            })
            .returning();
          return {
            url: `/api/admin/orders/${paid.id}/payments/${payment?.id}/void`,
            body: { reason: 'Keyed against the wrong order' },
          };
        },
      },
      {
        method: 'GET',
        route: '/api/admin/account-receipts',
        ok: 200,
        make: at('/api/admin/account-receipts?show=all'),
      },
      {
        method: 'POST',
        route: '/api/admin/account-receipts',
        ok: 201,
        make: at('/api/admin/account-receipts', {
          amount: 125000,
          currency: 'GBP',
          receivedOn: '2026-03-02',
          reference: 'BACS UNKNOWN 1250',
        }),
      },
      {
        method: 'POST',
        route: '/api/admin/account-receipts/:id/allocations',
        ok: 200,
        make: async () => {
          const owing = await createOrder(t.db, { status: 'confirmed', totalAmount: 5000, currency: 'GBP' });
          const [receipt] = await t.db
            .insert(accountReceipts)
            .values({
              amount: 1000,
              currency: 'GBP',
              receivedOn: '2026-03-02',
              method: 'bank_transfer',
              reference: 'R1',
            })
            .returning();
          return {
            url: `/api/admin/account-receipts/${receipt?.id}/allocations`,
            body: { allocations: [{ orderId: owing.id, amount: 1000 }] },
          };
        },
      },
      {
        method: 'POST',
        route: '/api/admin/account-receipts/:id/void',
        ok: 200,
        make: async () => {
          const [receipt] = await t.db
            .insert(accountReceipts)
            .values({
              amount: 1000,
              currency: 'GBP',
              receivedOn: '2026-03-02',
              method: 'bank_transfer',
              reference: 'R2',
            })
            .returning();
          return { url: `/api/admin/account-receipts/${receipt?.id}/void`, body: { reason: 'Keyed twice' } };
        },
      },
      {
        method: 'POST',
        route: '/api/admin/orders/:id/reminder-pauses',
        ok: 201,
        make: at(`/api/admin/orders/${order.id}/reminder-pauses`, {
          reason: 'Paying by arrangement',
          until: '2026-12-31',
        }),
      },
      {
        method: 'POST',
        route: '/api/admin/customers/:key/reminder-pauses',
        ok: 201,
        make: at(`/api/admin/customers/${customer.user.id}/reminder-pauses`, {
          reason: 'Paying by arrangement',
          until: '2026-12-31',
        }),
      },
      {
        method: 'DELETE',
        route: '/api/admin/reminder-pauses/:pauseId',
        ok: 200,
        make: async () => {
          const [pause] = await t.db
            .insert(reminderPauses)
            .values({ orderId: order.id, reason: 'Paying by arrangement', until: '2026-12-31' })
            .returning();
          return { url: `/api/admin/reminder-pauses/${pause?.id}` };
        },
      },
      { method: 'GET', route: '/api/admin/audit', ok: 200, make: at('/api/admin/audit') },
      // The customers (issue 24): the list, its CSV (an export: exports.csv) and a customer's page.
      {
        method: 'GET',
        route: '/api/admin/customers',
        ok: 200,
        make: at('/api/admin/customers?search=ada&kind=account&hasOrders=yes&country=GB'),
      },
      { method: 'GET', route: '/api/admin/customers.csv', ok: 200, make: at('/api/admin/customers.csv') },
      {
        method: 'GET',
        route: '/api/admin/customers/:key',
        ok: 200,
        make: at(`/api/admin/customers/${customer.user.id}`),
      },
      // Organisations (issue 39): the list to choose from, and adding a customer to one (customers.edit, step-up).
      { method: 'GET', route: '/api/admin/organisations', ok: 200, make: at('/api/admin/organisations?search=lab') },
      {
        method: 'POST',
        route: '/api/admin/customers/:key/organisation',
        ok: 200,
        make: async () => {
          const owner = await createUser(t.db);
          const member = await createUser(t.db);
          const organisation = await createOrganisation(t.db, { userId: owner.user.id, now: t.clock.now });
          return {
            url: `/api/admin/customers/${member.user.id}/organisation`,
            body: { organisationId: organisation.id, role: 'buyer' },
          };
        },
      },
      {
        method: 'PUT',
        route: '/api/admin/organisations/:id/settings',
        ok: 200,
        make: async () => {
          const owner = await createUser(t.db);
          const organisation = await createOrganisation(t.db, { userId: owner.user.id, now: t.clock.now });
          return {
            url: `/api/admin/organisations/${organisation.id}/settings`,
            body: { ordersRequireAcceptedQuote: true },
          };
        },
      },
      {
        method: 'POST',
        route: '/api/admin/customers/:key/statement/send',
        ok: 200,
        make: at(`/api/admin/customers/${customer.user.id}/statement/send`, {}),
      },
      // Receivables (issue 36): the aged-debt report (orders.view), its CSV (exports.csv), a customer's statement.
      {
        method: 'GET',
        route: '/api/admin/receivables/aged-debt',
        ok: 200,
        make: at('/api/admin/receivables/aged-debt'),
      },
      {
        method: 'GET',
        route: '/api/admin/receivables/aged-debt.csv',
        ok: 200,
        make: at('/api/admin/receivables/aged-debt.csv'),
      },
      {
        method: 'GET',
        route: '/api/admin/customers/:key/statement.pdf',
        ok: 200,
        make: at(`/api/admin/customers/${customer.user.id}/statement.pdf`),
      },
      // Each instrument after it ships (issue 26).
      {
        method: 'GET',
        route: '/api/admin/instruments',
        ok: 200,
        make: at('/api/admin/instruments?search=mx&cover=active'),
      },
      { method: 'GET', route: '/api/admin/instruments.csv', ok: 200, make: at('/api/admin/instruments.csv') },
      {
        method: 'PATCH',
        route: '/api/admin/instruments/:id',
        ok: 200,
        make: async () => {
          const [instrument] = await t.db
            .insert(instruments)
            .values({ orderId: order.id, unitIndex: serial + 1, serialNumber: next(), model: 'Dropwise Pro' })
            .returning();
          return { url: `/api/admin/instruments/${instrument?.id}`, body: { serialNumber: next() } };
        },
      },
      // Step-up passes the guard and checks the code (a right code is tried in admin-routes.test.ts).
      { method: 'POST', route: '/api/admin/step-up', ok: 400, make: at('/api/admin/step-up', { code: '000000' }) },
      // The lifecycle and the ledger (issue 28).
      {
        method: 'POST',
        route: '/api/admin/orders/:id/ship-override',
        ok: 200,
        make: async () => ({
          url: `/api/admin/orders/${(await createOrder(t.db, { status: 'confirmed' })).id}/ship-override`,
          body: {
            reason: 'Long-standing customer, balance on delivery',
            serialNumbers: [next()],
            factoryTests: passingFactoryTests(1),
          },
        }),
      },
      {
        method: 'POST',
        route: '/api/admin/orders/:id/processing-override',
        ok: 200,
        make: async () => ({
          url: `/api/admin/orders/${(await createOrder(t.db, { status: 'confirmed' })).id}/processing-override`,
          body: { reason: 'Deposit cleared, bank confirmed by phone' },
        }),
      },
      {
        method: 'POST',
        route: '/api/admin/orders/:id/batch',
        ok: 200,
        make: async () => ({
          url: `/api/admin/orders/${(await createOrder(t.db, { configuration: { batch: 'batch-2', quantity: 1 } })).id}/batch`,
          body: { batch: 'batch-3', reason: 'Matrix' },
        }),
      },
      {
        method: 'POST',
        route: '/api/admin/orders/:id/comments',
        ok: 201,
        make: at(`/api/admin/orders/${order.id}/comments`, { text: 'Called the lab' }),
      },
      // Issue 41: a factory test record uploaded for the move to shipped; issue 48, F10: declared stepUp, so a stale session is 403 step_up_required.
      {
        method: 'POST',
        route: '/api/admin/orders/:id/test-records',
        ok: 201,
        make: at(`/api/admin/orders/${order.id}/test-records`, {
          filename: 'Test record.pdf',
          dataBase64: tinyPdf('Test record').toString('base64'),
        }),
      },
      // Issue 41: staff download an uploaded test record (orders.view); another order's id is 404 (test-records.test.ts).
      {
        method: 'GET',
        route: '/api/admin/orders/:id/test-records/:recordId',
        ok: 200,
        make: async () => {
          const bytes = tinyPdf('Test record');
          const [record] = await t.db
            .insert(instrumentTestRecords)
            .values({ orderId: order.id, filename: 'test-record.pdf', size: bytes.length, sha256: 'test', bytes })
            .returning({ id: instrumentTestRecords.id });
          return { url: `/api/admin/orders/${order.id}/test-records/${record?.id}` };
        },
      },
      // Issue 37: check the buyer's VAT number again (this order has none, and no registry is configured).
      {
        method: 'POST',
        route: '/api/admin/orders/:id/vat-number-check',
        ok: 409,
        make: at(`/api/admin/orders/${order.id}/vat-number-check`, {}),
      },
      // Security issue 48, F9: accept the registry's name for the VAT number (this order has none: nothing to accept).
      {
        method: 'POST',
        route: '/api/admin/orders/:id/vat-name-acceptance',
        ok: 409,
        make: at(`/api/admin/orders/${order.id}/vat-name-acceptance`, {}),
      },
      // Payment reminders (issue 36).
      {
        method: 'POST',
        route: '/api/admin/orders/:id/reminders-exclusion',
        ok: 200,
        make: at(`/api/admin/orders/${order.id}/reminders-exclusion`, { reason: 'Paying by arrangement' }),
      },
      {
        method: 'DELETE',
        route: '/api/admin/orders/:id/reminders-exclusion',
        ok: 200,
        make: at(`/api/admin/orders/${order.id}/reminders-exclusion`),
      },
      {
        method: 'GET',
        route: '/api/admin/invoices',
        ok: 200,
        make: at('/api/admin/invoices?from=2026-03-01&to=2026-03-31'),
      },
      {
        method: 'GET',
        route: '/api/admin/invoices.csv',
        ok: 200,
        make: at('/api/admin/invoices.csv?from=2026-03-01&to=2026-03-31'),
      },
      {
        method: 'GET',
        route: '/api/admin/invoices.xero.csv',
        ok: 200,
        make: at('/api/admin/invoices.xero.csv?from=2026-03-01&to=2026-03-31'),
      },
      // Exchange rates and the QuickBooks CSV (issue 36): a rate is a money figure, so writes take invoices.issue and a fresh code.
      {
        method: 'GET',
        route: '/api/admin/invoices.quickbooks.csv',
        ok: 200,
        make: at('/api/admin/invoices.quickbooks.csv?from=2026-03-01&to=2026-03-31'),
      },
      {
        method: 'GET',
        route: '/api/admin/exchange-rates',
        ok: 200,
        make: at('/api/admin/exchange-rates?month=2026-03'),
      },
      {
        method: 'PUT',
        route: '/api/admin/exchange-rates/:month/:currency',
        ok: 200,
        make: at('/api/admin/exchange-rates/2026-03/EUR', { rate: 1.1456 }),
      },
      {
        method: 'POST',
        route: '/api/admin/exchange-rates/import',
        ok: 200,
        make: at('/api/admin/exchange-rates/import', {
          file: 'Country/Territories,Currency,Currency Code,Currency Units per £1,Start date,End date\nEurozone,Euro,EUR,1.1456,01/03/2026,31/03/2026',
        }),
      },
      {
        method: 'GET',
        route: '/api/admin/payments',
        ok: 200,
        make: at('/api/admin/payments?from=2026-03-01&to=2026-03-31&search=1731'),
      },
      {
        method: 'GET',
        route: '/api/admin/payments.csv',
        ok: 200,
        make: at('/api/admin/payments.csv?from=2026-03-01&to=2026-03-31'),
      },
      // Service requests (issue 26): a fresh request per allowed move, one with a photo and an RMA.
      {
        method: 'GET',
        route: '/api/admin/service',
        ok: 200,
        make: at('/api/admin/service?search=sr&status=requested'),
      },
      { method: 'GET', route: '/api/admin/service.csv', ok: 200, make: at('/api/admin/service.csv?warranty=in') },
      {
        method: 'GET',
        route: '/api/admin/service/:id',
        ok: 200,
        make: at(`/api/admin/service/${serviceFixture.request.id}`),
      },
      {
        method: 'POST',
        route: '/api/admin/service/:id/moves',
        ok: 200,
        make: async () => {
          const { request } = await createServiceRequestRow(t.db, (await createInstrument(t.db)).id);
          return {
            url: `/api/admin/service/${request.id}/moves`,
            body: { to: 'authorised', returnInstructions: 'Send it in its original box.' },
          };
        },
      },
      // Issue 54: an Owner's recorded override marks a received, unpaid, out-of-warranty repair repaired.
      {
        method: 'POST',
        route: '/api/admin/service/:id/repair-override',
        ok: 200,
        make: async () => {
          const { request } = await createServiceRequestRow(t.db, (await createInstrument(t.db)).id, {
            status: 'received',
            underWarranty: false,
          });
          return {
            url: `/api/admin/service/${request.id}/repair-override`,
            body: { reason: 'Hospital lab, purchase order in the post' },
          };
        },
      },
      // Step-up since issue 34; £350 is under the approval threshold, so Support (no payments.record) passes too.
      {
        method: 'POST',
        route: '/api/admin/service/:id/repair-quote',
        ok: 200,
        make: async () => {
          const instrument = await createInstrument(t.db, { warrantyEndsOn: '2025-01-31' });
          const { request } = await createServiceRequestRow(t.db, instrument.id, { underWarranty: false });
          return {
            url: `/api/admin/service/${request.id}/repair-quote`,
            body: { description: 'New pump head', netAmountMinor: 35_000 },
          };
        },
      },
      // Issue 41: marking a request not covered (terms §11), and the decontamination declaration's PDF.
      {
        method: 'POST',
        route: '/api/admin/service/:id/not-covered',
        ok: 200,
        make: async () => {
          const { request } = await createServiceRequestRow(t.db, (await createInstrument(t.db)).id);
          return { url: `/api/admin/service/${request.id}/not-covered`, body: { reason: 'accidental_damage' } };
        },
      },
      {
        method: 'GET',
        route: '/api/admin/service/:id/decontamination.pdf',
        ok: 200,
        make: async () => {
          const { request } = await createServiceRequestRow(t.db, (await createInstrument(t.db)).id);
          await t.db.insert(decontaminationDeclarations).values({
            requestId: request.id,
            substances: 'Water',
            cleaningMethod: '70% ethanol wipe',
            signatoryName: 'Ada Lovelace',
            signedOn: '2026-11-20',
          });
          return { url: `/api/admin/service/${request.id}/decontamination.pdf` };
        },
      },
      {
        method: 'GET',
        route: '/api/admin/service/:id/photos/:photoId',
        ok: 200,
        make: at(`/api/admin/service/${serviceFixture.request.id}/photos/${serviceFixture.photoId}`),
      },
      {
        method: 'GET',
        route: '/api/admin/service/:id/rma.pdf',
        ok: 200,
        make: at(`/api/admin/service/${serviceFixture.request.id}/rma.pdf`),
      },
      {
        method: 'GET',
        route: '/api/admin/service/:id/pro-forma.pdf',
        ok: 200,
        make: at(`/api/admin/service/${exportService.request.id}/pro-forma.pdf`),
      },
      // Privacy requests (issue 25): a fresh open request per allowed call, and a ready staff export.
      {
        method: 'GET',
        route: '/api/admin/privacy/search',
        ok: 200,
        make: at('/api/admin/privacy/search?email=matrix%40example.com'),
      },
      { method: 'GET', route: '/api/admin/privacy/requests', ok: 200, make: at('/api/admin/privacy/requests') },
      {
        method: 'GET',
        route: '/api/admin/privacy/requests.csv',
        ok: 200,
        make: at('/api/admin/privacy/requests.csv'),
      },
      {
        method: 'POST',
        route: '/api/admin/privacy/requests',
        ok: 201,
        make: at('/api/admin/privacy/requests', {
          email: 'matrix@example.com',
          type: 'access',
          channel: 'post',
          receivedOn: '2026-03-01',
        }),
      },
      {
        method: 'POST',
        route: '/api/admin/privacy/requests/:id/export',
        ok: 200,
        make: async () => ({
          url: `/api/admin/privacy/requests/${await privacyRequest('access', 'access-matrix@example.com')}/export`,
          body: { email: 'access-matrix@example.com' },
        }),
      },
      {
        method: 'POST',
        route: '/api/admin/privacy/requests/:id/erase',
        ok: 200,
        make: async () => ({
          url: `/api/admin/privacy/requests/${await privacyRequest('erasure', 'erase-matrix@example.com')}/erase`,
          body: { email: 'erase-matrix@example.com' },
        }),
      },
      {
        method: 'POST',
        route: '/api/admin/privacy/requests/:id/close',
        ok: 200,
        make: async () => ({
          url: `/api/admin/privacy/requests/${await privacyRequest('access', 'close-matrix@example.com')}/close`,
          body: { outcome: 'no_data' },
        }),
      },
      {
        method: 'GET',
        route: '/api/admin/privacy/exports/:id',
        ok: 200,
        make: async (actor) => {
          const [ready] = await t.db
            .insert(dataExports)
            .values({
              subjectHash: subjectHash('access-matrix@example.com'),
              requestedBy: actor?.id ?? fixtures.user.id,
              status: 'ready',
              zip: Buffer.from('PK'),
              expiresAt: new Date(t.clock.now.getTime() + 365 * 24 * 3_600_000),
            })
            .returning();
          return { url: `/api/admin/privacy/exports/${ready?.id}` };
        },
      },
      // Business profile (issue 23).
      { method: 'GET', route: '/api/admin/business-profile', ok: 200, make: at('/api/admin/business-profile') },
      {
        method: 'GET',
        route: '/api/admin/business-profile/checklist',
        ok: 200,
        make: at('/api/admin/business-profile/checklist'),
      },
      {
        method: 'PUT',
        route: '/api/admin/business-profile',
        ok: 200,
        make: at('/api/admin/business-profile', {
          ...publicProfileOf(exampleBusinessProfile),
          mail: exampleBusinessProfile.mail,
        }),
      },
      {
        method: 'PUT',
        route: '/api/admin/business-profile/bank',
        ok: 200,
        make: at('/api/admin/business-profile/bank', {
          GBP: exampleBusinessProfile.bank.GBP,
          EUR: { ...exampleBusinessProfile.bank.EUR, iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
        }),
      },
      // The passkey step-up passes the guard and refuses an unknown challenge (passkeys.test.ts passes one).
      {
        method: 'POST',
        route: '/api/admin/step-up/passkey',
        ok: 400,
        make: at('/api/admin/step-up/passkey', {
          challengeId: '00000000-0000-4000-8000-000000000000',
          credential: {
            id: 'AA',
            rawId: 'AA',
            type: 'public-key',
            clientExtensionResults: {},
            response: { clientDataJSON: 'AA', authenticatorData: 'AA', signature: 'AA' },
          },
        }),
      },
      {
        method: 'POST',
        route: '/api/admin/orders/:id/invoices',
        ok: 201,
        make: async () => ({
          url: `/api/admin/orders/${(await createOrder(t.db)).id}/invoices`,
          body: { kind: 'deposit' },
        }),
      },
      {
        method: 'POST',
        route: '/api/admin/invoices/:id/credit',
        ok: 201,
        make: async () => {
          const { invoice } = await issueInvoice(t.db, {
            orderId: (await createOrder(t.db)).id,
            kind: 'deposit',
            adminId: fixtures.user.id,
            now: t.clock.now,
            publicUrl: 'http://localhost:3000',
          });
          return { url: `/api/admin/invoices/${invoice.id}/credit` };
        },
      },
      {
        // No access point is configured here: the permitted caller reaches the handler and hears it is off.
        method: 'POST',
        route: '/api/admin/invoices/:id/peppol',
        ok: 409,
        make: async () => {
          const { invoice } = await issueInvoice(t.db, {
            orderId: (await createOrder(t.db)).id,
            kind: 'deposit',
            adminId: fixtures.user.id,
            now: t.clock.now,
            publicUrl: 'http://localhost:3000',
          });
          return { url: `/api/admin/invoices/${invoice.id}/peppol` };
        },
      },
      {
        method: 'GET',
        route: '/api/admin/invoices/:id/peppol',
        ok: 200,
        make: at(`/api/admin/invoices/${order.id}/peppol`),
      },
      {
        method: 'GET',
        route: '/api/admin/product-configurations',
        ok: 200,
        make: at('/api/admin/product-configurations'),
      },
      {
        method: 'GET',
        route: '/api/admin/product-configurations/:id',
        ok: 200,
        make: at('/api/admin/product-configurations/dropwise-standard'),
      },
      {
        method: 'PUT',
        route: '/api/admin/product-configurations/:id',
        ok: 200,
        make: at('/api/admin/product-configurations/dropwise-standard', {
          name: 'Dropwise Standard',
          description: null,
          priceGbp: 350000,
          priceEur: 400000,
          features: ['One'],
        }),
      },
      // Issue 39: the supplier pack's certificates and the pack sent by e-mail.
      {
        method: 'GET',
        route: '/api/admin/supplier-certificates',
        ok: 200,
        make: at('/api/admin/supplier-certificates'),
      },
      {
        method: 'GET',
        route: '/api/admin/supplier-certificates/:id/file',
        ok: 200,
        make: async () => ({ url: `/api/admin/supplier-certificates/${await storeCertificateRow(t.db)}/file` }),
      },
      {
        method: 'POST',
        route: '/api/admin/supplier-certificates',
        ok: 201,
        make: at('/api/admin/supplier-certificates', {
          kind: 'iso_9001',
          title: 'ISO 9001:2015',
          expiresOn: '2027-06-30',
          file: { filename: 'iso.pdf', dataBase64: certificatePdf('ISO 9001').toString('base64') },
        }),
      },
      {
        method: 'PUT',
        route: '/api/admin/supplier-certificates/:id',
        ok: 200,
        make: async () => ({
          url: `/api/admin/supplier-certificates/${await storeCertificateRow(t.db)}`,
          body: { kind: 'insurance', title: 'Insurance 2027', expiresOn: '2027-06-30' },
        }),
      },
      {
        method: 'DELETE',
        route: '/api/admin/supplier-certificates/:id',
        ok: 200,
        make: async () => ({ url: `/api/admin/supplier-certificates/${await storeCertificateRow(t.db)}` }),
      },
      {
        method: 'POST',
        route: '/api/admin/supplier-pack/send',
        ok: 202,
        make: at('/api/admin/supplier-pack/send', { email: 'buyer@university.test' }),
      },
      // Issue 41: a model's datasheet and user manual.
      {
        method: 'PUT',
        route: '/api/admin/product-configurations/:id/documents/:kind',
        ok: 200,
        make: at('/api/admin/product-configurations/dropwise-standard/documents/datasheet', {
          filename: 'datasheet.pdf',
          dataBase64: tinyPdf().toString('base64'),
        }),
      },
      {
        method: 'DELETE',
        route: '/api/admin/product-configurations/:id/documents/:kind',
        ok: 200,
        make: async () => {
          await storeModelDocumentRow(t.db, 'dropwise-standard', 'user_manual');
          return { url: '/api/admin/product-configurations/dropwise-standard/documents/user_manual' };
        },
      },
      ...(['accessories', 'shipping'] as const).flatMap((kind): Example[] => {
        const option = (optionId: string) => ({
          optionId,
          name: 'Matrix',
          description: null,
          priceGbp: 100,
          priceEur: 100,
        });
        const existing = async () => {
          const id = next();
          await created(`/api/admin/${kind}`, option(id));
          return id;
        };
        return [
          { method: 'GET', route: `/api/admin/${kind}`, ok: 200, make: at(`/api/admin/${kind}`) },
          {
            method: 'POST',
            route: `/api/admin/${kind}`,
            ok: 201,
            make: async () => ({ url: `/api/admin/${kind}`, body: option(next()) }),
          },
          {
            method: 'GET',
            route: `/api/admin/${kind}/:id`,
            ok: 200,
            make: async () => ({ url: `/api/admin/${kind}/${await existing()}` }),
          },
          {
            method: 'PUT',
            route: `/api/admin/${kind}/:id`,
            ok: 200,
            make: async () => ({
              url: `/api/admin/${kind}/${await existing()}`,
              body: { name: 'Matrix 2', description: null, priceGbp: 200, priceEur: 200 },
            }),
          },
          {
            method: 'DELETE',
            route: `/api/admin/${kind}/:id`,
            ok: 200,
            make: async () => ({ url: `/api/admin/${kind}/${await existing()}` }),
          },
        ];
      }),
      // Edited only: servicing plans, adaptors and syringe holders (issue 28).
      ...(
        [
          ['servicing', '3-year'],
          ['adaptors', 'luer-lock-adaptor'],
          ['syringe-holders', '3ml-syringe-mount'],
        ] as const
      ).flatMap(([kind, id]): Example[] => [
        { method: 'GET', route: `/api/admin/${kind}`, ok: 200, make: at(`/api/admin/${kind}`) },
        { method: 'GET', route: `/api/admin/${kind}/:id`, ok: 200, make: at(`/api/admin/${kind}/${id}`) },
        {
          method: 'PUT',
          route: `/api/admin/${kind}/:id`,
          ok: 200,
          make: at(`/api/admin/${kind}/${id}`, { name: 'Matrix', description: null, priceGbp: 300, priceEur: 300 }),
        },
      ]),
      { method: 'GET', route: '/api/admin/batches', ok: 200, make: at('/api/admin/batches') },
      {
        method: 'POST',
        route: '/api/admin/batches',
        ok: 201,
        make: async () => ({ url: '/api/admin/batches', body: { batchId: next(), name: 'Matrix', date: null } }),
      },
      {
        method: 'GET',
        route: '/api/admin/batches/:id',
        ok: 200,
        make: async () => {
          const batchId = next();
          await created('/api/admin/batches', { batchId, name: 'Matrix', date: null });
          return { url: `/api/admin/batches/${batchId}` };
        },
      },
      {
        method: 'PUT',
        route: '/api/admin/batches/:id',
        ok: 200,
        make: async () => {
          const batchId = next();
          await created('/api/admin/batches', { batchId, name: 'Matrix', date: null });
          return { url: `/api/admin/batches/${batchId}`, body: { soldOut: true } };
        },
      },
      {
        method: 'POST',
        route: '/api/admin/batches/:id/date-changes/:id/notify',
        ok: 200,
        make: async () => {
          const batchId = next();
          await created('/api/admin/batches', { batchId, name: 'Matrix', date: '2027-01-04' });
          const moved = await t.put(
            `/api/admin/batches/${batchId}`,
            { date: '2027-02-01' },
            { cookie: fixtures.cookie },
          );
          const batch = (
            moved.json() as { items: { batchId: string; pendingDateChange: { id: string } | null }[] }
          ).items.find((item) => item.batchId === batchId);
          return { url: `/api/admin/batches/${batchId}/date-changes/${batch?.pendingDateChange?.id ?? ''}/notify` };
        },
      },
      // Issue 54: the production list of a batch (on screen, CSV, PDF) and an order's dispatch view, move and proof of export.
      ...['production', 'production.csv', 'production.pdf'].map((path) => ({
        method: 'GET' as const,
        route: `/api/admin/batches/:id/${path}`,
        ok: 200,
        make: at(`/api/admin/batches/batch-2/${path}`),
      })),
      { method: 'GET', route: '/api/admin/dispatch/:id', ok: 200, make: at(`/api/admin/dispatch/${order.id}`) },
      {
        method: 'PATCH',
        route: '/api/admin/dispatch/:id',
        ok: 200,
        make: async () => ({
          url: `/api/admin/dispatch/${(await createOrder(t.db)).id}`,
          body: { trackingNumber: 'TRACK-MATRIX' },
        }),
      },
      {
        method: 'PUT',
        route: '/api/admin/dispatch/:id/export-proof',
        ok: 200,
        make: at(`/api/admin/dispatch/${exportOrder.id}/export-proof`, { carrier: 'DHL Express' }),
      },
      { method: 'GET', route: '/api/admin/settings', ok: 200, make: at('/api/admin/settings') },
      { method: 'PUT', route: '/api/admin/settings', ok: 200, make: at('/api/admin/settings', defaultSystemSettings) },
      { method: 'GET', route: '/api/admin/abandoned', ok: 200, make: at('/api/admin/abandoned') },
      { method: 'GET', route: '/api/admin/abandoned.csv', ok: 200, make: at('/api/admin/abandoned.csv') },
      {
        method: 'PATCH',
        route: '/api/admin/abandoned/:id',
        ok: 200,
        make: at(`/api/admin/abandoned/${abandoned?.id}`, { contacted: true, note: 'Called' }),
      },
      // Staff and invitations (issue 24).
      { method: 'GET', route: '/api/admin/staff', ok: 200, make: at('/api/admin/staff?search=a&role=owner&page=1') },
      { method: 'GET', route: '/api/admin/staff.csv', ok: 200, make: at('/api/admin/staff.csv?role=sales') },
      {
        method: 'PUT',
        route: '/api/admin/staff/:id/roles',
        ok: 200,
        make: async () => {
          const member = await createUser(t.db, { isAdmin: true, roles: ['sales'] });
          return { url: `/api/admin/staff/${member.user.id}/roles`, body: { roles: ['finance'] } };
        },
      },
      {
        method: 'POST',
        route: '/api/admin/staff/:id/deactivate',
        ok: 200,
        make: async () => {
          const member = await createUser(t.db, { isAdmin: true, roles: ['sales'] });
          return { url: `/api/admin/staff/${member.user.id}/deactivate` };
        },
      },
      {
        method: 'POST',
        route: '/api/admin/staff/invitations',
        ok: 201,
        make: async () => ({
          url: '/api/admin/staff/invitations',
          body: { email: `${next()}@example.com`, firstName: 'Sam', lastName: 'Sales', roles: ['sales'] },
        }),
      },
      {
        method: 'POST',
        route: '/api/admin/staff/invitations/:id/resend',
        ok: 200,
        make: async () => ({ url: `/api/admin/staff/invitations/${(await invitation()).id}/resend` }),
      },
      {
        method: 'DELETE',
        route: '/api/admin/staff/invitations/:id',
        ok: 200,
        make: async () => ({ url: `/api/admin/staff/invitations/${(await invitation()).id}` }),
      },
      // A staff member's own sessions (every role).
      { method: 'GET', route: '/api/admin/sessions', ok: 200, make: at('/api/admin/sessions') },
      {
        method: 'DELETE',
        route: '/api/admin/sessions/:id',
        ok: 200,
        make: async (caller) => {
          const { session } = await createSession(t.db, {
            userId: caller?.id ?? fixtures.user.id,
            remember: false,
            now: t.clock.now,
          });
          return { url: `/api/admin/sessions/${session.id}` };
        },
      },
    ];

    /** A route's pattern with its parameters unnamed (`/api/admin/orders/:`). */
    const pattern = (url: string) => url.replace(/:[A-Za-z]+/g, ':');
    const registered = t.app.routeTable.filter((route) => route.url.startsWith('/api/admin/'));
    // Every route the app registers is in the matrix, so a new route cannot be left out of it.
    expect(registered.map((route) => `${route.method} ${pattern(route.url)}`).sort()).toEqual(
      examples.map((example) => `${example.method} ${pattern(example.route)}`).sort(),
    );

    const wrong: string[] = [];
    let cells = 0;
    let unexpected2xx = 0;
    const check = (label: string, status: number, expected: number, code: string | undefined, wantCode?: string) => {
      cells += 1;
      if (status >= 200 && status < 300 && (expected < 200 || expected >= 300)) unexpected2xx += 1;
      if (status !== expected || (wantCode !== undefined && code !== wantCode))
        wrong.push(`${label}: ${status} ${code ?? ''} (expected ${expected} ${wantCode ?? ''})`);
    };
    const codeOf = (body: string): string | undefined => {
      try {
        return (JSON.parse(body) as { error?: { code?: string } }).error?.code;
      } catch {
        return undefined;
      }
    };

    for (const example of examples) {
      const route = registered.find((r) => r.method === example.method && pattern(r.url) === pattern(example.route));
      const needs = route?.config?.admin;
      const key = `${example.method} ${example.route}`;
      if (!needs) {
        wrong.push(`${key}: declares no permission`);
        continue;
      }
      // Refused callers share one example: a refusal changes nothing.
      const shared = await example.make(null);
      for (const [caller, cookie, expected] of [
        ['anonymous', undefined, 401],
        ['customer', customerCookie, 403],
        ['admin at aal1', adminAal1.aal1Cookie, 403],
      ] as const) {
        const response = await t.request(example.method, shared.url, {
          body: shared.body,
          ...(cookie ? { cookie } : {}),
        });
        check(`${caller} ${key}`, response.statusCode, expected, codeOf(response.body));
      }
      for (const role of roleNames) {
        const allowed = allowedBy([role as Role], needs);
        for (const state of ['fresh', 'stale'] as StepUp[]) {
          const member = staff.get(`${role} ${state}`);
          if (!member) throw new Error('no staff member');
          await t.db
            .update(sessions)
            .set({ steppedUpAt: state === 'fresh' ? t.clock.now : null })
            .where(eq(sessions.userId, member.user.id));
          const { url, body } = allowed ? await example.make({ id: member.user.id }) : shared;
          const response = await t.request(example.method, url, { body, cookie: member.cookie });
          const label = `${role} (step-up ${state}) ${key}`;
          if (!allowed) check(label, response.statusCode, 403, codeOf(response.body), 'no_access');
          else if (needs.stepUp && state === 'stale')
            check(label, response.statusCode, 403, codeOf(response.body), 'step_up_required');
          else check(label, response.statusCode, example.ok, codeOf(response.body));
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(unexpected2xx).toBe(0);
    // Every route × (anonymous, customer, admin at aal1, each role × 2 step-up states).
    expect(cells).toBe(examples.length * (3 + roleNames.length * 2));
    console.info(
      `authorization matrix: ${examples.length} routes × ${3 + roleNames.length * 2} callers = ${cells} cells, 0 unexpected 2xx`,
    );
  }, 360_000);

  it('lets staff through a route outside /api/admin only with the permission it declares (staffRead): each such route × {each role at aal2 with a fresh step-up, admin at aal1, a customer who is not the owner, anonymous, the owner}', async () => {
    const phone = '+44 20 7946 0000';
    const owner = await createUser(t.db, { email: 'staff-read-owner@example.com' });
    const ownerCookie = await signIn(t, owner.user.email);
    const placed = await t.post('/api/orders', guestOrderBody(owner.user.email), { cookie: ownerCookie });
    const guest = await t.post('/api/orders', guestOrderBody('staff-read-guest@example.com'));
    if (placed.statusCode !== 201 || guest.statusCode !== 201)
      throw new Error(`fixture orders: ${placed.body} ${guest.body}`);
    const accountOrder = (placed.json() as { order: { id: string } }).order;
    const guestOrder = guest.json() as { order: { id: string }; accessKey: string };
    const key = `?key=${guestOrder.accessKey}`;
    // Issue 39: each order has its buyer's purchase order, which only its owner and staff read.
    for (const id of [accountOrder.id, guestOrder.order.id]) {
      const bytes = tinyPdf('PO');
      await t.db
        .insert(orderPoDocuments)
        .values({ orderId: id, filename: 'po.pdf', size: bytes.length, sha256: 'test', bytes, source: 'customer' });
    }

    const orderCases = (path: string) => [
      {
        label: "a customer's order",
        url: `/api/orders/${accountOrder.id}${path}`,
        owner: { url: `/api/orders/${accountOrder.id}${path}`, cookie: ownerCookie },
        restricted: '404',
      },
      {
        label: 'a guest order',
        url: `/api/orders/${guestOrder.order.id}${path}`,
        owner: { url: `/api/orders/${guestOrder.order.id}${path}${key}` },
        restricted: path ? '404' : 'summary',
      },
    ];
    // Issue 40: each order's deposit invoice, for its e-invoice downloads.
    const depositOf = (orderId: string) =>
      t.db.transaction(async (tx) => {
        const { invoice } = await issueInvoice(tx, {
          orderId,
          kind: 'deposit',
          adminId: owner.user.id,
          now: t.clock.now,
          publicUrl: 'http://localhost:3000',
        });
        return invoice.id;
      });
    const accountInvoice = await depositOf(accountOrder.id);
    const guestInvoice = await depositOf(guestOrder.order.id);
    // Security issue 48 (F4): an organisation's quote is its current members' and staff's (quotes.view);
    // a quote of no organisation stays its link's. The owner here owns an organisation.
    await t.db.transaction((tx) =>
      createOrganisation(tx, { userId: owner.user.id, name: 'Staff Read Laboratory', now: t.clock.now }),
    );
    const askQuote = async (email: string, cookie?: string) => {
      const response = await t.post(
        '/api/quotes',
        {
          configuration: defaultSelection,
          customerInfo: { email, firstName: 'Rosalind', lastName: 'Franklin', organization: 'Staff Read Lab' },
          flowType: 'quote',
        },
        cookie ? { cookie } : {},
      );
      if (response.statusCode !== 201) throw new Error(`fixture quote: ${response.body}`);
      return (response.json() as { quote: { reference: string } }).quote.reference;
    };
    const organisationQuote = await askQuote(owner.user.email, ownerCookie);
    const linkQuote = await askQuote('staff-read-quote-guest@example.com');
    const quoteCases = (path: string) => [
      {
        label: "an organisation's quote",
        url: `/api/quotes/${organisationQuote}${path}`,
        owner: { url: `/api/quotes/${organisationQuote}${path}`, cookie: ownerCookie },
        restricted: 'refused',
      },
      {
        label: 'a quote of no organisation',
        url: `/api/quotes/${linkQuote}${path}`,
        owner: { url: `/api/quotes/${linkQuote}${path}` },
        restricted: 'full',
      },
    ];
    /** A visitor is asked to sign in (401), anyone else signed in gets 404: both refuse. */
    const quoteAnswer =
      (full: (response: { headers: Record<string, unknown>; body: string; rawPayload: Buffer }) => boolean) =>
      (response: { statusCode: number; headers: Record<string, unknown>; body: string; rawPayload: Buffer }) => {
        if (response.statusCode === 401 || response.statusCode === 404) return 'refused';
        if (response.statusCode !== 200) return String(response.statusCode);
        return full(response) ? 'full' : `other ${response.body}`;
      };
    const isPdf = (response: { headers: Record<string, unknown>; rawPayload: Buffer }) =>
      response.headers['content-type'] === 'application/pdf' &&
      response.rawPayload.subarray(0, 5).toString() === '%PDF-';
    const peppolPath = (invoiceId: string) => `/documents/${invoiceId}/einvoice/peppol`;
    const examples: StaffReadExample[] = [
      {
        route: '/api/orders/:id/documents/:documentId/einvoice/:format',
        answer: (response) => {
          if (response.statusCode !== 200) return String(response.statusCode);
          return response.body.includes('<Invoice xmlns=') ? 'full' : `other ${response.body}`;
        },
        cases: [
          {
            label: "a customer's order",
            url: `/api/orders/${accountOrder.id}${peppolPath(accountInvoice)}`,
            owner: { url: `/api/orders/${accountOrder.id}${peppolPath(accountInvoice)}`, cookie: ownerCookie },
            restricted: '404',
          },
          {
            label: 'a guest order',
            url: `/api/orders/${guestOrder.order.id}${peppolPath(guestInvoice)}`,
            owner: { url: `/api/orders/${guestOrder.order.id}${peppolPath(guestInvoice)}${key}` },
            restricted: '404',
          },
        ],
      },
      {
        route: '/api/orders/:id',
        answer: (response) => {
          if (response.statusCode !== 200) return String(response.statusCode);
          const { order } = JSON.parse(response.body) as {
            order: { billingAddress?: { phone?: string }; payments?: unknown[]; ledger?: unknown };
          };
          if (order.billingAddress?.phone === phone && order.payments && order.ledger) return 'full';
          const summary = !('billingAddress' in order) && !('ledger' in order) && !response.body.includes(phone);
          return summary ? 'summary' : `partial ${response.body}`;
        },
        cases: orderCases(''),
      },
      {
        route: '/api/orders/:id/documents/:documentId',
        answer: (response) => {
          if (response.statusCode !== 200) return String(response.statusCode);
          const pdf = response.headers['content-type'] === 'application/pdf';
          return pdf && response.rawPayload.subarray(0, 5).toString() === '%PDF-' ? 'full' : `other ${response.body}`;
        },
        cases: orderCases('/documents/acknowledgement'),
      },
      {
        route: '/api/orders/:id/po',
        answer: (response) => {
          if (response.statusCode !== 200) return String(response.statusCode);
          const pdf = response.headers['content-type'] === 'application/pdf';
          return pdf && response.rawPayload.subarray(0, 5).toString() === '%PDF-' ? 'full' : `other ${response.body}`;
        },
        cases: orderCases('/po'),
      },
    ];

    examples.push(
      {
        route: '/api/quotes/:reference',
        answer: quoteAnswer((response) => response.body.includes('"quoteNumber"')),
        cases: quoteCases(''),
      },
      {
        route: '/api/quotes/:reference/document',
        answer: quoteAnswer((response) => response.body.includes('"document"')),
        cases: quoteCases('/document'),
      },
      { route: '/api/quotes/:reference/pdf', answer: quoteAnswer(isPdf), cases: quoteCases('/pdf') },
    );

    const declared = t.app.routeTable.filter((route) => route.config?.staffRead);
    // Every route that lets staff through is tried here, so a new one cannot be left out.
    expect(declared.map((route) => `${route.method} ${route.url}`).sort()).toEqual(
      examples.map((example) => `GET ${example.route}`).sort(),
    );

    const customer = await createUser(t.db);
    const adminAal1 = await createAdminSession(t);
    const callers: { label: string; cookie?: string; roles: Role[] }[] = [
      { label: 'anonymous', roles: [] },
      { label: 'a customer who is not the owner', cookie: await signIn(t, customer.user.email), roles: [] },
      { label: 'an Owner at aal1', cookie: adminAal1.aal1Cookie, roles: [] },
    ];
    for (const role of roleNames) {
      const member = await createAdminSession(t, t.db, [role]);
      await t.db.update(sessions).set({ steppedUpAt: t.clock.now }).where(eq(sessions.userId, member.user.id));
      callers.push({ label: `${role} (step-up fresh)`, cookie: member.cookie, roles: [role] });
    }

    const wrong: string[] = [];
    let cells = 0;
    for (const example of examples) {
      const permission = declared.find((route) => route.url === example.route)?.config?.staffRead;
      if (!permission) throw new Error(`${example.route} declares no staffRead`);
      for (const item of example.cases) {
        const tries = [
          ...callers.map((caller) => ({
            label: caller.label,
            url: item.url,
            cookie: caller.cookie,
            expected: permissionsOfRoles(caller.roles).has(permission) ? 'full' : item.restricted,
          })),
          { label: 'the owner', ...item.owner, expected: 'full' },
        ];
        for (const attempt of tries) {
          cells += 1;
          const response = await t.get(attempt.url, attempt.cookie ? { cookie: attempt.cookie } : {});
          const got = example.answer(response);
          if (got !== attempt.expected)
            wrong.push(`${attempt.label} GET ${example.route} (${item.label}): ${got} (expected ${attempt.expected})`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(cells).toBe(examples.length * 2 * (3 + roleNames.length + 1));
  }, 60_000);
});
