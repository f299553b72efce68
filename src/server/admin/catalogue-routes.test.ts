// @engine: catalogue edits under locks, change versions
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createUser, guestBilling } from '../../../tests/support/factories';
import { signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { catalogueMessages } from '../../shared/catalogue/catalogue-schemas';
import { systemSettingsMessages } from '../../shared/admin/settings-schemas';
import type { Product } from '../../shared/catalogue';
import { publicProfileOf } from '../../shared/business-profile';
import { priceConfiguration } from '../../shared/pricing';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import { defaultSystemSettings } from '../../shared/settings';
import { seedCatalogue } from '../catalogue/seed-catalogue';
import { readBusinessProfile, saveBusinessProfile } from '../business-profile/profile-service';
import { auditLog, mailOutbox, orderItems, productAccessories, productShippingOptions } from '../db/schema';

const start = new Date('2026-03-02T10:00:00.000Z');
const customerInfo = (email: string) => ({
  email,
  firstName: 'Rosalind',
  lastName: 'Franklin',
  organization: 'Kings College',
});
describe('the admin catalogue and settings API', () => {
  const t = useTestApp({ now: start });

  const product = async () => (await t.get('/api/products/dropwise')).json() as { product: Product; vatRate: number };
  const auditOf = (entityType: string, entityId: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)));
  const saveSettings = async (cookie: string, changes: Partial<typeof defaultSystemSettings>) => {
    const current = (await t.get('/api/admin/settings', { cookie })).json().settings as typeof defaultSystemSettings;
    const response = await t.put('/api/admin/settings', { ...current, ...changes }, { cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().settings as typeof defaultSystemSettings;
  };

  it('adds, edits and deletes an accessory, seen at once by the configurator, audited with before and after', async () => {
    const admin = await createAdminSession(t);
    await admin.stepUp();
    const added = await t.post(
      '/api/admin/accessories',
      { optionId: 'uv-lamp', name: 'UV lamp', description: 'Sterilises the bench', priceGbp: 12345, priceEur: 14000 },
      { cookie: admin.cookie },
    );
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().item).toMatchObject({ optionId: 'uv-lamp', name: 'UV lamp', priceGbp: 12345 });
    expect((await product()).product.accessories.find((a) => a.id === 'uv-lamp')).toEqual({
      id: 'uv-lamp',
      name: 'UV lamp',
      description: 'Sterilises the bench',
      price: { GBP: 12345, EUR: 14000 },
    });
    // The pricing API takes it at once.
    const priced = await t.post('/api/pricing', {
      configuration: { ...defaultSelection, accessories: ['uv-lamp'], accessoryQuantities: { 'uv-lamp': 2 } },
    });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json().totals.accessoryTotal).toBe(24690);

    const edited = await t.put(
      '/api/admin/accessories/uv-lamp',
      { name: 'UV lamp (new)', description: null, priceGbp: 20000, priceEur: 23000 },
      { cookie: admin.cookie },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await product()).product.accessories.find((a) => a.id === 'uv-lamp')?.price).toEqual({
      GBP: 20000,
      EUR: 23000,
    });

    const deleted = await t.delete('/api/admin/accessories/uv-lamp', {}, { cookie: admin.cookie });
    expect(deleted.json()).toEqual({ outcome: 'deleted' });
    expect((await product()).product.accessories.some((a) => a.id === 'uv-lamp')).toBe(false);
    expect(
      await t.db.select().from(productAccessories).where(eq(productAccessories.accessoryId, 'uv-lamp')),
    ).toHaveLength(0);
    expect((await t.delete('/api/admin/accessories/uv-lamp', {}, { cookie: admin.cookie })).statusCode).toBe(404);

    const audit = await auditOf('accessory', 'uv-lamp');
    const byAction = Object.fromEntries(audit.map((entry) => [entry.action, entry]));
    expect(byAction['catalogue.accessory.create']).toMatchObject({
      before: null,
      after: { name: 'UV lamp', priceGbp: 12345 },
      adminEmail: admin.user.email,
    });
    expect(byAction['catalogue.accessory.update']).toMatchObject({
      before: { name: 'UV lamp', priceGbp: 12345 },
      after: { name: 'UV lamp (new)', priceGbp: 20000 },
    });
    expect(byAction['catalogue.accessory.delete']).toMatchObject({ before: { name: 'UV lamp (new)' }, after: null });
  });

  it('keeps a deleted seeded accessory deleted when the shop starts again (the seed runs only for a new product)', async () => {
    const admin = await createAdminSession(t);
    await admin.stepUp();
    expect((await t.delete('/api/admin/accessories/sample-tube-rack', {}, { cookie: admin.cookie })).json()).toEqual({
      outcome: 'deleted',
    });
    await seedCatalogue(t.db);
    expect(
      await t.db.select().from(productAccessories).where(eq(productAccessories.accessoryId, 'sample-tube-rack')),
    ).toHaveLength(0);
    expect((await product()).product.accessories.some((a) => a.id === 'sample-tube-rack')).toBe(false);
  });

  it('refuses an empty name or id, a duplicate id and a negative or non-numeric price, naming the field', async () => {
    const admin = await createAdminSession(t);
    await admin.stepUp();
    const valid = { optionId: 'pallet', name: 'Pallet', description: '', priceGbp: 5000, priceEur: 6000 };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '  ' }, 'name', catalogueMessages.nameRequired],
      [{ optionId: '' }, 'optionId', catalogueMessages.idRequired],
      [{ priceGbp: -1 }, 'priceGbp', catalogueMessages.priceNegative],
      [{ priceEur: 'ten' }, 'priceEur', catalogueMessages.priceNumber],
    ];
    for (const [change, field, message] of cases) {
      const response = await t.post('/api/admin/shipping', { ...valid, ...change }, { cookie: admin.cookie });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().error.fields[field], field).toBe(message);
    }
    expect((await t.post('/api/admin/shipping', valid, { cookie: admin.cookie })).statusCode).toBe(201);
    const again = await t.post('/api/admin/shipping', valid, { cookie: admin.cookie });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields.optionId).toBe(catalogueMessages.duplicateShippingId);
    const seeded = await t.post(
      '/api/admin/accessories',
      { ...valid, optionId: '10x-2ml-syringes' },
      { cookie: admin.cookie },
    );
    expect(seeded.json().error.fields.optionId).toBe(catalogueMessages.duplicateAccessoryId);
    expect(
      (
        await t.put(
          '/api/admin/product-configurations/dropwise-standard',
          { name: '', description: null, priceGbp: 1, priceEur: 1, features: [] },
          { cookie: admin.cookie },
        )
      ).json().error.fields.name,
    ).toBe(catalogueMessages.nameRequired);
    // Nothing refused was written.
    expect(
      await t.db.select().from(productShippingOptions).where(eq(productShippingOptions.shippingId, 'pallet')),
    ).toHaveLength(1);
  });

  it('archives instead of deleting an option that a quote or an order names; the old documents keep it', async () => {
    const admin = await createAdminSession(t);
    await admin.stepUp();
    await t.post(
      '/api/admin/accessories',
      { optionId: 'spare-tips', name: 'Spare tips', description: null, priceGbp: 900, priceEur: 1000 },
      { cookie: admin.cookie },
    );
    await t.post(
      '/api/admin/shipping',
      { optionId: 'courier-x', name: 'Courier X', description: null, priceGbp: 2500, priceEur: 3000 },
      { cookie: admin.cookie },
    );
    const selection = {
      ...defaultSelection,
      accessories: ['spare-tips'],
      accessoryQuantities: { 'spare-tips': 1 },
      shipping: 'courier-x',
    };
    const quoted = await t.post('/api/quotes', {
      configuration: selection,
      customerInfo: customerInfo('archive@example.com'),
      flowType: 'quote',
    });
    expect(quoted.statusCode, quoted.body).toBe(201);
    const { quote } = quoted.json() as { quote: QuoteResource };

    expect((await t.delete('/api/admin/accessories/spare-tips', {}, { cookie: admin.cookie })).json()).toEqual({
      outcome: 'archived',
    });
    expect((await t.delete('/api/admin/shipping/courier-x', {}, { cookie: admin.cookie })).json()).toEqual({
      outcome: 'archived',
    });
    const [row] = await t.db.select().from(productAccessories).where(eq(productAccessories.accessoryId, 'spare-tips'));
    expect(row?.archivedAt).not.toBeNull();
    const { product: now } = await product();
    expect(now.accessories.some((a) => a.id === 'spare-tips')).toBe(false);
    expect(now.shipping.some((s) => s.id === 'courier-x')).toBe(false);
    expect(
      (await t.get('/api/admin/accessories', { cookie: admin.cookie }))
        .json()
        .items.some((a: { optionId: string }) => a.optionId === 'spare-tips'),
    ).toBe(false);
    // The quote still shows the lines, and an order from it is placed with them.
    const shown = (await t.get(`/api/quotes/${quote.reference}`)).json().quote as QuoteResource;
    expect(shown.pricing?.items.accessories.map((line) => line.name)).toEqual(['Spare tips']);
    expect(shown.pricing?.items.shipping.name).toBe('Courier X');
    const ordered = await t.post('/api/orders', {
      quoteReference: quote.reference,
      billing: guestBilling('archive@example.com'),
      notes: '',
      acceptTerms: true,
      idempotencyKey: randomUUID(),
    });
    expect(ordered.statusCode, ordered.body).toBe(201);
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, ordered.json().order.id));
    expect(items.filter((item) => item.itemType === 'accessory').map((item) => item.itemName)).toEqual(['Spare tips']);
    // A new configuration may no longer choose it.
    expect((await t.post('/api/pricing', { configuration: selection })).statusCode).toBe(400);
    expect((await auditOf('accessory', 'spare-tips')).map((entry) => entry.action)).toContain(
      'catalogue.accessory.archive',
    );
    // Its id stays taken.
    expect(
      (
        await t.post(
          '/api/admin/accessories',
          { optionId: 'spare-tips', name: 'Again', description: null, priceGbp: 1, priceEur: 1 },
          { cookie: admin.cookie },
        )
      ).statusCode,
    ).toBe(409);
  });

  it('changes a price for new quotes only: an existing quote keeps its price, and an order from it is charged that price', async () => {
    const admin = await createAdminSession(t);
    await admin.stepUp();
    const before = await t.post('/api/quotes', {
      configuration: defaultSelection,
      customerInfo: customerInfo('price@example.com'),
      flowType: 'quote',
    });
    const oldQuote = (before.json() as { quote: QuoteResource }).quote;
    const oldBase = oldQuote.pricing?.items.baseConfiguration.unitPrice ?? 0;
    const current = (
      await t.get('/api/admin/product-configurations/dropwise-standard', { cookie: admin.cookie })
    ).json().item;
    const saved = await t.put(
      '/api/admin/product-configurations/dropwise-standard',
      {
        name: current.name,
        description: current.description,
        priceGbp: current.priceGbp + 10000,
        priceEur: current.priceEur + 11000,
        features: [...current.features, 'Now with a lid'],
      },
      { cookie: admin.cookie },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const { product: changed } = await product();
      expect(changed.configurations.find((c) => c.id === 'dropwise-standard')?.features).toContain('Now with a lid');
      const after = (
        await t.post('/api/quotes', {
          configuration: defaultSelection,
          customerInfo: customerInfo('price@example.com'),
          flowType: 'quote',
        })
      ).json() as { quote: QuoteResource };
      expect(after.quote.pricing?.items.baseConfiguration.unitPrice).toBe(oldBase + 10000);
      expect(
        ((await t.get(`/api/quotes/${oldQuote.reference}`)).json().quote as QuoteResource).pricing?.items
          .baseConfiguration.unitPrice,
      ).toBe(oldBase);
      const ordered = await t.post('/api/orders', {
        quoteReference: oldQuote.reference,
        billing: guestBilling('price@example.com'),
        notes: '',
        acceptTerms: true,
        idempotencyKey: randomUUID(),
      });
      expect(ordered.statusCode, ordered.body).toBe(201);
      expect(ordered.json().order.totalAmount).toBe(oldQuote.pricing?.totals.total);
      const fresh = await t.post('/api/orders', {
        configuration: defaultSelection,
        billing: guestBilling('price@example.com'),
        notes: '',
        acceptTerms: true,
        idempotencyKey: randomUUID(),
      });
      expect(fresh.json().order.totalAmount).toBe(after.quote.pricing?.totals.total);
      const [entry] = await auditOf('product_configuration', 'dropwise-standard');
      expect(entry).toMatchObject({
        action: 'catalogue.configuration.update',
        before: { priceGbp: current.priceGbp },
        after: { priceGbp: current.priceGbp + 10000 },
      });
    } finally {
      await t.put(
        '/api/admin/product-configurations/dropwise-standard',
        {
          name: current.name,
          description: current.description,
          priceGbp: current.priceGbp,
          priceEur: current.priceEur,
          features: current.features,
        },
        { cookie: admin.cookie },
      );
    }
  });

  it('adds a batch, marks one sold out and reorders; the configurator offers them in that order', async () => {
    const admin = await createAdminSession(t);
    await admin.stepUp();
    const added = await t.post(
      '/api/admin/batches',
      { batchId: 'batch-2027-a', name: 'Batch 2027 A', date: '2027-03-01', soldOut: false },
      { cookie: admin.cookie },
    );
    expect(added.statusCode, added.body).toBe(201);
    const moved = await t.put('/api/admin/batches/batch-2027-a', { position: 0 }, { cookie: admin.cookie });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().items[0].batchId).toBe('batch-2027-a');
    expect((await product()).product.batches[0]).toEqual({
      id: 'batch-2027-a',
      name: 'Batch 2027 A',
      date: '2027-03-01',
      soldOut: false,
      placesLeft: null,
    });
    const soldOut = await t.put('/api/admin/batches/batch-2027-a', { soldOut: true }, { cookie: admin.cookie });
    expect(soldOut.json().items.find((b: { batchId: string }) => b.batchId === 'batch-2027-a').soldOut).toBe(true);
    const refused = await t.post('/api/pricing', { configuration: { ...defaultSelection, batch: 'batch-2027-a' } });
    expect(refused.statusCode).toBe(400);
    expect(
      (
        await t.post(
          '/api/admin/batches',
          { batchId: 'batch-2027-a', name: 'Again', date: null },
          { cookie: admin.cookie },
        )
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await t.post(
          '/api/admin/batches',
          { batchId: 'b', name: 'Bad date', date: '1 March' },
          { cookie: admin.cookie },
        )
      ).json().error.fields.date,
    ).toBe(catalogueMessages.dateFormat);
    expect((await auditOf('batch', 'batch-2027-a')).map((entry) => entry.action).sort()).toEqual([
      'catalogue.batch.create',
      'catalogue.batch.update',
      'catalogue.batch.update',
    ]);
    // Back to the end, so other tests see the seeded order.
    await t.put('/api/admin/batches/batch-2027-a', { position: 1000 }, { cookie: admin.cookie });
  });

  it('reads the settings with their defaults and refuses out-of-range values beside the field', async () => {
    const admin = await createAdminSession(t);
    await admin.stepUp();
    const read = await t.get('/api/admin/settings', { cookie: admin.cookie });
    expect(read.json().settings).toEqual(defaultSystemSettings);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ taxRate: 100.5 }, 'taxRate', systemSettingsMessages.taxRateRange],
      [{ taxRate: -1 }, 'taxRate', systemSettingsMessages.taxRateRange],
      [{ autoQuoteExpiry: -1 }, 'autoQuoteExpiry', systemSettingsMessages.daysNegative],
      [{ defaultProductWarranty: -3 }, 'defaultProductWarranty', systemSettingsMessages.monthsNegative],
      [{ autoQuoteExpiry: 1.5 }, 'autoQuoteExpiry', systemSettingsMessages.wholeNumber],
    ];
    for (const [change, field, message] of cases) {
      const response = await t.put(
        '/api/admin/settings',
        { ...defaultSystemSettings, ...change },
        { cookie: admin.cookie },
      );
      expect(response.statusCode, field).toBe(400);
      expect(response.json().error.fields[field], field).toBe(message);
    }
    expect((await t.get('/api/admin/settings', { cookie: admin.cookie })).json().settings).toEqual(
      defaultSystemSettings,
    );
    const saved = await saveSettings(admin.cookie, { siteName: 'Dropwise Labs' });
    expect(saved.siteName).toBe('Dropwise Labs');
    const [entry] = await auditOf('settings', 'system');
    expect(entry).toMatchObject({
      action: 'settings.update',
      before: { siteName: 'Dropwise' },
      after: { siteName: 'Dropwise Labs' },
      adminEmail: admin.user.email,
    });
    await saveSettings(admin.cookie, { siteName: defaultSystemSettings.siteName });
  });

  it('maintenance mode: 503 to storefront writes and pages for visitors; admins keep saving settings; health answers', async () => {
    const admin = await createAdminSession(t);
    await admin.stepUp();
    const customer = await createUser(t.db);
    await saveSettings(admin.cookie, { maintenanceMode: true });
    try {
      const quote = await t.post('/api/quotes', {
        configuration: defaultSelection,
        customerInfo: customerInfo('maint@example.com'),
        flowType: 'quote',
      });
      expect(quote.statusCode).toBe(503);
      expect(quote.json().error.code).toBe('maintenance');
      expect(quote.headers['retry-after']).toBe('600');
      const customerCookie = await signIn(t, customer.user.email);
      expect(
        (
          await t.put(
            '/api/account/profile',
            { firstName: 'A', lastName: 'B', company: '', phone: '', country: 'GB' },
            { cookie: customerCookie },
          )
        ).statusCode,
      ).toBe(503);
      expect(
        (await t.post('/api/auth/signup', { email: 'new-during-maintenance@example.com', password: 'correct-horse-1' }))
          .statusCode,
      ).toBe(503);
      const page = await t.get('/configure');
      expect(page.statusCode).toBe(503);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('Down for maintenance');
      expect(page.body).not.toContain('<script');
      expect((await t.get('/configure', { cookie: customerCookie })).statusCode).toBe(503);
      // The admin still gets the pages and the sign-in page stays open to everyone.
      expect((await t.get('/configure', { cookie: admin.cookie })).statusCode).not.toBe(503);
      expect((await t.get('/login')).statusCode).not.toBe(503);
      expect((await t.get('/api/health')).statusCode).toBe(200);
      expect((await t.get('/api/products/dropwise')).statusCode).toBe(200);
      // The admin can still write, and switch it off.
      expect(
        (
          await t.post(
            '/api/quotes',
            { configuration: defaultSelection, customerInfo: customerInfo(admin.user.email), flowType: 'quote' },
            { cookie: admin.cookie },
          )
        ).statusCode,
      ).toBe(201);
    } finally {
      await saveSettings(admin.cookie, { maintenanceMode: false });
    }
    expect(
      (
        await t.post('/api/quotes', {
          configuration: defaultSelection,
          customerInfo: customerInfo('maint@example.com'),
          flowType: 'quote',
        })
      ).statusCode,
    ).toBe(201);
    expect((await t.get('/configure')).statusCode).not.toBe(503);
  });

  it('registration off refuses sign-up with the message and still lets users sign in', async () => {
    const admin = await createAdminSession(t);
    await admin.stepUp();
    const customer = await createUser(t.db);
    await saveSettings(admin.cookie, { allowRegistration: false });
    try {
      const refused = await t.post('/api/auth/signup', { email: 'closed@example.com', password: 'correct-horse-1' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe('Account registration is currently disabled. Please contact support.');
      expect(await signIn(t, customer.user.email)).toContain('=');
    } finally {
      await saveSettings(admin.cookie, { allowRegistration: true });
    }
  });

  it('e-mail notifications off: no new-order notice to the staff alert address, the customer still gets theirs', async () => {
    const admin = await createAdminSession(t);
    await admin.stepUp();
    // The alert address is the business profile's (issue 38).
    const profile = await readBusinessProfile(t.db);
    const withAlert = (alertEmail: string) =>
      t.db.transaction((tx) =>
        saveBusinessProfile(tx, { details: { ...publicProfileOf(profile), mail: { ...profile.mail, alertEmail } } }),
      );
    await withAlert('notices@example.com');
    await saveSettings(admin.cookie, { emailNotifications: false });
    try {
      const placed = await t.post('/api/orders', {
        configuration: defaultSelection,
        billing: guestBilling('buyer-quiet@example.com'),
        notes: '',
        acceptTerms: true,
        idempotencyKey: randomUUID(),
      });
      expect(placed.statusCode, placed.body).toBe(201);
      expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'notices@example.com'))).toHaveLength(
        0,
      );
      expect(
        (await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'buyer-quiet@example.com'))).length,
      ).toBeGreaterThan(0);
      await saveSettings(admin.cookie, { emailNotifications: true });
      await t.post('/api/orders', {
        configuration: defaultSelection,
        billing: guestBilling('buyer-loud@example.com'),
        notes: '',
        acceptTerms: true,
        idempotencyKey: randomUUID(),
      });
      expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'notices@example.com'))).toHaveLength(
        1,
      );
    } finally {
      await saveSettings(admin.cookie, { emailNotifications: true });
      await withAlert(profile.mail.alertEmail);
    }
  });

  it('a tax rate of 17.5 gives the same VAT in the server’s price and in the browser’s estimate', async () => {
    const admin = await createAdminSession(t);
    await admin.stepUp();
    await saveSettings(admin.cookie, { taxRate: 17.5 });
    try {
      const served = await product();
      expect(served.vatRate).toBe(17.5);
      const priced = (await t.post('/api/pricing', { configuration: defaultSelection })).json();
      // The browser's estimate: the shared pricing function with the product and rate it was served.
      const estimate = priceConfiguration(served.product, defaultSelection, served.vatRate);
      expect(priced.totals.vat).toBe(estimate.totals.vat);
      // Per line, half-up (decision 0055): 2850 × 17.5% = 498.75, 1083.75 → 189.66 (189.65625), 18 → 3.15,
      // 22 → 3.85, 95 → 16.63 (16.625): 712.04, a penny above 17.5% of the subtotal (712.03).
      expect(priced.totals.vat).toBe(71204);
      expect(priced.totals.vat).toBe(
        (priced.totals.vatSummary as { vat: number }[]).reduce((sum, group) => sum + group.vat, 0),
      );
      const quote = (
        await t.post('/api/quotes', {
          configuration: defaultSelection,
          customerInfo: customerInfo('vat@example.com'),
          flowType: 'quote',
        })
      ).json().quote as QuoteResource;
      expect(quote.pricing?.totals.vat).toBe(estimate.totals.vat);
    } finally {
      await saveSettings(admin.cookie, { taxRate: 20 });
    }
  });

  it('number prefixes, quote expiry and warranty take effect on the next quote and order and the public settings', async () => {
    const admin = await createAdminSession(t);
    // Issue 48, F1: the quote validity and the warranty need a fresh code.
    await admin.stepUp();
    const earlier = (
      await t.post('/api/quotes', {
        configuration: defaultSelection,
        customerInfo: customerInfo('prefix@example.com'),
        flowType: 'quote',
      })
    ).json().quote as QuoteResource;
    await saveSettings(admin.cookie, {
      quoteNumberPrefix: 'DWQ',
      orderNumberPrefix: 'DWO',
      autoQuoteExpiry: 14,
      defaultProductWarranty: 24,
    });
    try {
      const quote = (
        await t.post('/api/quotes', {
          configuration: defaultSelection,
          customerInfo: customerInfo('prefix@example.com'),
          flowType: 'quote',
        })
      ).json().quote as QuoteResource;
      expect(quote.quoteNumber).toMatch(/^DWQ2026-\d{4}$/);
      // The test clock has moved on by the earlier tests' step-ups (30 s each).
      expect(quote.validUntil).toBe(new Date(t.clock.now.getTime() + 14 * 24 * 3600 * 1000).toISOString());
      const order = (
        await t.post('/api/orders', {
          configuration: defaultSelection,
          billing: guestBilling('prefix@example.com'),
          notes: '',
          acceptTerms: true,
          idempotencyKey: randomUUID(),
        })
      ).json().order;
      expect(order.orderNumber).toMatch(/^DWO2026-\d+$/);
      expect(((await t.get(`/api/quotes/${earlier.reference}`)).json().quote as QuoteResource).quoteNumber).toMatch(
        /^Q2026-/,
      );
      const settings = (await t.get('/api/settings/public')).json().settings;
      expect(settings).toMatchObject({ autoQuoteExpiry: 14, defaultProductWarranty: 24 });
      // The quote PDF states the validity and the warranty (the 3-year plan's, longer than the standard 24 months).
      const file = join(mkdtempSync(join(tmpdir(), 'quote-pdf-')), 'quote.pdf');
      writeFileSync(file, (await t.get(`/api/quotes/${quote.reference}/pdf`)).rawPayload);
      const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
      expect(text).toContain('Warranty: 3 years from delivery, following the 3-year servicing plan.');
      expect(text).toContain('prices hold for 14 days');
      expect(text).toContain('16 March 2026');
    } finally {
      await saveSettings(admin.cookie, {
        quoteNumberPrefix: 'Q',
        orderNumberPrefix: 'O',
        autoQuoteExpiry: 7,
        defaultProductWarranty: 12,
      });
    }
  });
  it('asks for a fresh second factor before a price change, a deletion or a new VAT rate, not before other settings', async () => {
    const admin = await createAdminSession(t);
    const refused = async (response: { statusCode: number; json: () => { error: { code: string } } }) => {
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('step_up_required');
    };
    const option = { name: 'Changed', description: null, priceGbp: 1, priceEur: 1 };
    await refused(await t.put('/api/admin/accessories/10x-2ml-syringes', option, { cookie: admin.cookie }));
    await refused(await t.put('/api/admin/shipping/fedex-priority', option, { cookie: admin.cookie }));
    await refused(await t.put('/api/admin/servicing/3-year', option, { cookie: admin.cookie }));
    await refused(await t.put('/api/admin/adaptors/luer-lock-adaptor', option, { cookie: admin.cookie }));
    await refused(await t.put('/api/admin/syringe-holders/3ml-syringe-mount', option, { cookie: admin.cookie }));
    await refused(await t.post('/api/admin/accessories', { ...option, optionId: 'new-one' }, { cookie: admin.cookie }));
    await refused(await t.delete('/api/admin/accessories/sample-tube-rack', {}, { cookie: admin.cookie }));
    await refused(
      await t.put(
        '/api/admin/product-configurations/dropwise-standard',
        { name: 'Dropwise Standard', description: null, priceGbp: 1, priceEur: 1, features: [] },
        { cookie: admin.cookie },
      ),
    );
    const current = (await t.get('/api/admin/settings', { cookie: admin.cookie })).json().settings;
    await refused(await t.put('/api/admin/settings', { ...current, taxRate: 5 }, { cookie: admin.cookie }));
    await refused(
      await t.put('/api/admin/settings', { ...current, requirePasskeyForPayments: true }, { cookie: admin.cookie }),
    );
    // Nothing refused was written: prices and the rate are as seeded.
    const { product: seeded, vatRate } = await product();
    expect(vatRate).toBe(20);
    expect(seeded.accessories.find((a) => a.id === '10x-2ml-syringes')?.name).not.toBe('Changed');
    expect(seeded.servicing.find((s) => s.id === '3-year')?.name).not.toBe('Changed');
    // The rest of the settings save without one.
    expect((await saveSettings(admin.cookie, { siteName: 'Dropwise Labs' })).siteName).toBe('Dropwise Labs');
    // After a fresh code, the same VAT change goes through.
    await admin.stepUp();
    expect((await saveSettings(admin.cookie, { taxRate: 5 })).taxRate).toBe(5);
  });

  it('edits servicing, adaptor and syringe-holder prices like an accessory: served at once, audited, never added or deleted here', async () => {
    const admin = await createAdminSession(t);
    await admin.stepUp();
    const edits = [
      ['servicing', '3-year', 'servicing_option'],
      ['adaptors', 'luer-lock-adaptor', 'adaptor'],
      ['syringe-holders', '6ml-syringe-mount', 'syringe_holder'],
    ] as const;
    for (const [path, id, entityType] of edits) {
      const before = (await t.get(`/api/admin/${path}/${id}`, { cookie: admin.cookie })).json().item;
      const saved = await t.put(
        `/api/admin/${path}/${id}`,
        { name: before.name, description: before.description, priceGbp: 4321, priceEur: 5432 },
        { cookie: admin.cookie },
      );
      expect(saved.statusCode, saved.body).toBe(200);
      const [entry] = await auditOf(entityType, id);
      expect(entry?.action).toBe(`catalogue.${entityType}.update`);
      expect(entry?.before).toMatchObject({ priceGbp: before.priceGbp });
      expect(entry?.after).toMatchObject({ priceGbp: 4321, priceEur: 5432 });
      expect((await t.post(`/api/admin/${path}`, {}, { cookie: admin.cookie })).statusCode).toBe(404);
      expect((await t.delete(`/api/admin/${path}/${id}`, {}, { cookie: admin.cookie })).statusCode).toBe(404);
    }
    const { product: after } = await product();
    expect(after.servicing.find((s) => s.id === '3-year')?.price).toEqual({ GBP: 4321, EUR: 5432 });
    expect(after.adaptors.find((a) => a.id === 'luer-lock-adaptor')?.price).toEqual({ GBP: 4321, EUR: 5432 });
    expect(after.syringeHolders.find((h) => h.id === '6ml-syringe-mount')?.price).toEqual({ GBP: 4321, EUR: 5432 });
    // The pricing API charges the new servicing price.
    const priced = (
      await t.post('/api/pricing', { configuration: { ...defaultSelection, servicing: '3-year' } })
    ).json();
    expect(priced.items.servicing.unitPrice).toBe(4321);
  });

  it('offers a shipping option only to the countries it lists, and never while it is switched off', async () => {
    const admin = await createAdminSession(t);
    await admin.stepUp();
    const eu = ['DE', 'FR', 'NL', 'AT'];
    const added = await t.post(
      '/api/admin/shipping',
      {
        optionId: 'eu-road',
        name: 'EU road freight',
        description: null,
        priceGbp: 4000,
        priceEur: 4500,
        countries: eu,
      },
      { cookie: admin.cookie },
    );
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().item).toMatchObject({ countries: eu, active: true });
    const price = (configuration: Record<string, unknown>) =>
      t.post('/api/pricing', { configuration: { ...defaultSelection, shipping: 'eu-road', ...configuration } });
    const toGermany = { customerCountry: 'DE', powerAdaptor: 'eu-power' };
    // Not offered to a GB buyer: the server refuses it, naming the field.
    const toGb = await price({ customerCountry: 'GB' });
    expect(toGb.statusCode).toBe(400);
    expect(toGb.json().error.fields['configuration.shipping']).toBe(
      'EU road freight is not offered for delivery to United Kingdom',
    );
    expect((await price(toGermany)).statusCode).toBe(200);
    // A country the shop does not sell to is refused.
    const unknown = await t.put(
      '/api/admin/shipping/eu-road',
      { name: 'EU road freight', description: null, priceGbp: 4000, priceEur: 4500, countries: ['US'] },
      { cookie: admin.cookie },
    );
    expect(unknown.statusCode).toBe(400);
    // Switched off: gone from the configurator's catalogue and refused everywhere; the admin still lists it.
    const off = await t.put(
      '/api/admin/shipping/eu-road',
      { name: 'EU road freight', description: null, priceGbp: 4000, priceEur: 4500, active: false },
      { cookie: admin.cookie },
    );
    expect(off.json().item).toMatchObject({ active: false, countries: eu });
    expect((await product()).product.shipping.some((option) => option.id === 'eu-road')).toBe(false);
    expect((await price(toGermany)).statusCode).toBe(400);
    const listed = (await t.get('/api/admin/shipping', { cookie: admin.cookie })).json().items;
    expect(listed.find((option: { optionId: string }) => option.optionId === 'eu-road')).toMatchObject({
      active: false,
    });
    const [entry] = (await auditOf('shipping_option', 'eu-road'))
      .filter((row) => row.action.endsWith('.update'))
      .slice(-1);
    expect(entry?.after).toMatchObject({ active: false });
    // Back on, and for every country: offered to the GB buyer too.
    await t.put(
      '/api/admin/shipping/eu-road',
      { name: 'EU road freight', description: null, priceGbp: 4000, priceEur: 4500, active: true, countries: null },
      { cookie: admin.cookie },
    );
    expect((await price({ customerCountry: 'GB' })).statusCode).toBe(200);
  });
});
