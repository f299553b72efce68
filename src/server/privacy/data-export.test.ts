// @engine: row locks, hand-written SQL
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { dataExports, mailOutbox, orders, vatNumberChecks } from '../db/schema';
import { englishIn } from '../../../tests/support/english-phrases';
import { and } from 'drizzle-orm';
import { createOrder, createUser, guestOrderBody } from '../../../tests/support/factories';
import { invoiceAndPayment } from '../../../tests/support/privacy-records';
import { enrolledUser, linkFromOutbox, signIn } from '../../../tests/support/sessions';
import { type TestApp, useTestApp } from '../../../tests/support/test-app';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';

const start = new Date('2026-11-26T12:00:00Z');
const organization = 'Analytical Engines';

async function quote(t: TestApp, email: string, cookie?: string) {
  const response = await t.post(
    '/api/quotes',
    {
      configuration: defaultSelection,
      customerInfo: { email, firstName: 'Ada', lastName: 'Lovelace', organization },
      flowType: 'quote',
    },
    cookie ? { cookie } : {},
  );
  expect(response.statusCode).toBe(201);
  return (response.json() as { quote: { quoteNumber: string } }).quote.quoteNumber;
}

async function order(t: TestApp, email: string, cookie?: string) {
  const response = await t.post('/api/orders', guestOrderBody(email), cookie ? { cookie } : {});
  expect(response.statusCode).toBe(201);
  const { order: placed } = response.json() as { order: { id: string; orderNumber: string } };
  return placed;
}

describe('download my data', () => {
  const t = useTestApp({ now: start });

  it('holds every quote and order of the person and nothing of another with a similar address or the same organisation', async () => {
    const ada = await createUser(t.db, { email: 'ada@lab.example', company: organization });
    const cookie = await signIn(t, ada.user.email);
    // Another person: the same organisation, the same street, an address that differs by a letter.
    const other = 'adb@lab.example';

    const adaQuotes = [await quote(t, ada.user.email, cookie), await quote(t, ada.user.email)];
    const adaOrders = [await order(t, ada.user.email, cookie), await order(t, ada.user.email)];
    const [firstOrder] = await t.db
      .select()
      .from(orders)
      .where(eq(orders.id, adaOrders[0]?.id ?? ''));
    const invoice = await invoiceAndPayment(t.db, firstOrder as { id: string; orderNumber: string }, start);
    // What the registry said of the VAT number given with it (issue 37) is Ada's too.
    await t.db.insert(vatNumberChecks).values({
      orderId: firstOrder?.id ?? '',
      countryCode: 'GB',
      vatNumber: '980780684',
      registry: 'hmrc',
      status: 'valid',
      registeredName: 'Analytical Engines Ltd',
      checkedAt: start,
    });
    const otherQuote = await quote(t, other);
    const otherOrder = await order(t, other);

    const asked = await t.post('/api/account/data-export', {}, { cookie });
    expect(asked.statusCode).toBe(202);
    expect((await t.get('/api/account/data-export', { cookie })).json()).toMatchObject({
      export: { status: 'pending' },
    });
    expect(await t.app.buildDueExports()).toBe(1);
    expect((await t.get('/api/account/data-export', { cookie })).json()).toMatchObject({ export: { status: 'ready' } });

    const link = new URL(await linkFromOutbox(t, ada.user.email, 'data_export_ready'));
    // The link works without signing in.
    const download = await t.get(link.pathname + link.search);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(download.rawPayload));
    const data = JSON.parse(strFromU8(files['data.json'] ?? new Uint8Array())) as {
      profile: { email: string; company: string };
      quotes: { quoteNumber: string }[];
      orders: { orderNumber: string; items: unknown[]; payments: unknown[]; statusHistory: unknown[] }[];
      signInHistory: { client: string | null; signedInAt: string }[];
      vatNumberChecks: unknown[];
    };
    expect(data.profile).toMatchObject({ email: 'ada@lab.example', company: organization });
    expect(data.quotes.map((q) => q.quoteNumber).sort()).toEqual(expect.arrayContaining([...adaQuotes].sort()));
    expect(data.orders.map((o) => o.orderNumber).sort()).toEqual(adaOrders.map((o) => o.orderNumber).sort());
    expect(data.orders.every((o) => o.items.length > 0 && o.statusHistory.length > 0)).toBe(true);
    expect(data.signInHistory.length).toBeGreaterThan(0);
    expect(data.vatNumberChecks).toEqual([
      {
        orderNumber: firstOrder?.orderNumber,
        vatNumber: 'GB980780684',
        registry: 'hmrc',
        status: 'valid',
        registeredName: 'Analytical Engines Ltd',
        registeredAddress: null,
        consultationNumber: null,
        checkedAt: start.toISOString(),
      },
    ]);

    const everything = strFromU8(files['data.json'] ?? new Uint8Array());
    expect(everything).not.toContain(other);
    expect(everything).not.toContain(otherQuote);
    expect(everything).not.toContain(otherOrder.orderNumber);
    expect(everything).not.toMatch(/password|secret|token_?hash/i);

    // Their PDFs: the invoice as issued, and each quote's.
    const invoicePdf = files[`documents/${invoice.number}.pdf`];
    expect(
      createHash('sha256')
        .update(invoicePdf ?? new Uint8Array())
        .digest('hex'),
    ).toBe(invoice.pdfSha256);
    for (const number of data.quotes.map((q) => q.quoteNumber)) expect(files[`documents/${number}.pdf`]).toBeDefined();
    expect(files[`documents/${otherQuote}.pdf`]).toBeUndefined();

    // The e-mailed address is not kept with the built export; the link ends after 24 hours.
    const [row] = await t.db.select().from(dataExports);
    expect(row?.subjectEmail).toBeNull();
    expect((await t.get(`${link.pathname}?token=wrong`)).statusCode).toBe(404);
    t.clock.now = new Date(start.getTime() + 24 * 3600 * 1000 + 1000);
    expect((await t.get(link.pathname + link.search)).statusCode).toBe(404);
  });

  it('asks a fresh code of an account with a second factor', async () => {
    t.clock.now = new Date(start.getTime() + 2 * 24 * 3600 * 1000);
    const customer = await enrolledUser(t);
    const refused = await t.post('/api/account/data-export', {}, { cookie: customer.aal2 });
    expect(refused.statusCode).toBe(403);
  });

  it('a customer whose most recent order is French gets the export e-mail in French (the link, its French expiry, no English catalogue phrase); a German one in German', async () => {
    t.clock.now = new Date('2026-12-01T08:30:00Z');
    const readyMail = async (language: 'de' | 'fr') => {
      const { user } = await createUser(t.db, { email: `export-${language}@lab.test` });
      await createOrder(t.db, { userId: user.id, language });
      const cookie = await signIn(t, user.email);
      expect((await t.post('/api/account/data-export', {}, { cookie })).statusCode).toBe(202);
      expect(await t.app.buildDueExports()).toBe(1);
      const [mail] = await t.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.toAddress, user.email), eq(mailOutbox.kind, 'data_export_ready')));
      return mail;
    };
    const french = await readyMail('fr');
    expect(french?.subject).toBe('Vos données Dropwise sont prêtes à être téléchargées');
    expect(french?.textBody).toMatch(/^http:\/\/localhost:3000\/api\/privacy\/exports\/\S+\?token=\S+$/m);
    // 24 hours after the clock's 1 December 2026, 08:30 UTC.
    expect(french?.textBody).toContain('Le lien fonctionne pendant 24 heures, jusqu’au 2 décembre 2026 à 08:30 UTC.');
    expect(englishIn(`${french?.subject}\n${french?.textBody}`, 'fr')).toEqual([]);
    const german = await readyMail('de');
    expect(german?.textBody).toContain('Der Link funktioniert 24 Stunden lang, bis 2. Dezember 2026, 08:30 Uhr UTC.');
    expect(englishIn(`${german?.subject}\n${german?.textBody}`, 'de')).toEqual([]);
  });
});
