import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createOrder, createQuote, createUser } from '../../../tests/support/factories';
import { enrollVerifiedFactor, signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { invoices } from '../db/schema';

const start = new Date('2026-03-02T09:00:10.000Z');

describe('answers with personal data are not stored by caches', () => {
  const t = useTestApp({ now: start });

  it('every /api/account/* and /api/auth/* route, and an order, its document and a quote, answer Cache-Control: no-store', async () => {
    const { user } = await createUser(t.db);
    const { factorId, cookie } = await enrollVerifiedFactor(t, await signIn(t, user.email));
    const order = await createOrder(t.db, { userId: user.id });
    const quote = await createQuote(t.db, { userId: user.id });
    const [invoice] = await t.db
      .insert(invoices)
      .values({
        orderId: order.id,
        orderNumber: order.orderNumber,
        kind: 'deposit',
        number: 'INV-NOSTORE-1',
        amount: 1000,
        vatAmount: 167,
        currency: 'GBP',
        issuedAt: start,
        dueDate: '2026-03-16',
        pdf: Buffer.from('%PDF-1.4'),
        pdfSha256: 'test',
      })
      .returning();

    /** Requests that need more than the signed-in cookie and an empty body; `ok` where the answer must carry the user's data. */
    const special: Record<string, { url?: string; body?: unknown; cookie?: false; ok?: true }> = {
      'POST /api/auth/signup': { body: { email: 'new@example.com', password: 'correct-horse-1' }, cookie: false },
      'POST /api/auth/signin': { body: { email: user.email, password: 'correct-horse-1' }, cookie: false, ok: true },
      'POST /api/auth/signout': { cookie: false },
      'GET /api/auth/session': { ok: true },
      'GET /api/auth/factors': { ok: true },
      'POST /api/auth/factors/{id}/challenge': { url: `/api/auth/factors/${factorId}/challenge`, ok: true },
      'GET /api/auth/recovery-codes': { ok: true },
      'GET /api/account/profile': { ok: true },
      'PUT /api/account/profile': {
        body: { firstName: 'Ada', lastName: 'Lovelace', phone: '', company: '', country: '' },
        ok: true,
      },
      'GET /api/account/orders': { ok: true },
      'GET /api/account/orders/{id}': { url: `/api/account/orders/${order.id}`, ok: true },
      'GET /api/account/quotes': { ok: true },
    };
    const personal = t.app.apiRoutes.filter((route) => /^\w+ \/api\/(account|auth)\//.test(route));
    expect(personal.length).toBeGreaterThan(15);
    const routes = [
      ...personal,
      'GET /api/orders/{id}',
      'GET /api/orders/{id}/documents/{documentId}',
      'GET /api/quotes/{reference}',
    ];
    special['GET /api/orders/{id}'] = { url: `/api/orders/${order.id}`, ok: true };
    special['GET /api/orders/{id}/documents/{documentId}'] = {
      url: `/api/orders/${order.id}/documents/${invoice?.id}`,
      ok: true,
    };
    special['GET /api/quotes/{reference}'] = { url: `/api/quotes/${quote.quoteReference}`, ok: true };

    const missing: string[] = [];
    for (const route of routes) {
      const [method = 'GET', path = ''] = route.split(' ');
      const how = special[route] ?? {};
      const url = how.url ?? path.replace(/\{\w+\}/g, randomUUID());
      const response = await t.request(method as 'GET', url, {
        ...(method === 'GET' ? {} : { body: how.body ?? {} }),
        ...(how.cookie === false ? {} : { cookie }),
      });
      if (how.ok && response.statusCode >= 300) missing.push(`${route}: ${response.statusCode} ${response.body}`);
      if (!String(response.headers['cache-control'] ?? '').includes('no-store'))
        missing.push(`${route}: cache-control ${String(response.headers['cache-control'])}`);
    }
    expect(missing).toEqual([]);
  });
});
