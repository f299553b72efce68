import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { guestOrderBody } from '../../../tests/support/factories';
import { useTestApp } from '../../../tests/support/test-app';
import { orderFlowMessages } from '../../shared/order-flow';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import { readBusinessProfile, saveBusinessProfile } from '../business-profile/profile-service';
import { migrationsDir } from '../config/paths';
import { businessProfileMessages } from '../../shared/business-profile-schemas';
import { realBank, realDetails } from '../../../tests/support/business-profile';
import { exampleBusinessProfile } from '../../shared/business-profile';
import { auditLog, businessProfile, mailOutbox, orders, profiles, settings } from '../db/schema';

describe('the business profile', () => {
  const t = useTestApp({ now: new Date('2026-11-20T10:00:00.000Z') });

  it('starts as the example, with the set-up checklist open, and serves the public details without the bank', async () => {
    const admin = await createAdminSession(t);
    const read = await t.get('/api/admin/business-profile', { cookie: admin.cookie });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ example: true, profile: { companyNumber: '00000000' } });
    expect(read.json().checklist.every((item: { done: boolean }) => !item.done)).toBe(true);
    const [row] = await t.db.select().from(businessProfile);
    expect(row?.example).toBe(true);

    const open = await t.get('/api/business-profile');
    expect(open.statusCode).toBe(200);
    expect(open.json().profile.legalName).toBe('Dropwise Labs Ltd');
    expect(open.body).not.toContain('sortCode');
    expect(open.body).not.toContain('iban');
  });

  it('saves the details at once for every reader, audits them and refuses bad fields beside the field', async () => {
    const admin = await createAdminSession(t);
    const bad = await t.put(
      '/api/admin/business-profile',
      { ...realDetails, salesEmail: 'not-mail', legalName: '  ', phone: 'a\nb' },
      { cookie: admin.cookie },
    );
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().error.fields as Record<string, string>;
    expect(fields).toMatchObject({
      salesEmail: businessProfileMessages.email,
      legalName: businessProfileMessages.required,
      phone: businessProfileMessages.oneLine,
    });

    const saved = await t.put('/api/admin/business-profile', realDetails, { cookie: admin.cookie });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      saved
        .json()
        .checklist.filter((item: { done: boolean }) => item.done)
        .map((i: { key: string }) => i.key),
    ).toEqual(['registration', 'contact', 'mailSender', 'alertMailbox', 'signatory']);
    expect(saved.json().example).toBe(true);
    expect((await t.get('/api/business-profile')).json().profile).toMatchObject({
      legalName: 'Fjordlight Instruments Ltd',
      salesEmail: 'sales@fjordlight.test',
    });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'business_profile'), eq(auditLog.action, 'profile.update')));
    expect(entry?.before).toMatchObject({ legalName: 'Dropwise Labs Ltd' });
    expect(entry?.after).toMatchObject({ legalName: 'Fjordlight Instruments Ltd' });
  });

  it('changes the bank accounts only with a fresh second factor, audits them masked and e-mails every admin', async () => {
    const admin = await createAdminSession(t);
    const other = await createAdminSession(t);
    // The details route cannot carry bank accounts.
    await t.put('/api/admin/business-profile', { ...realDetails, bank: realBank }, { cookie: admin.cookie });
    expect((await t.get('/api/admin/business-profile', { cookie: admin.cookie })).json().profile.bank).toEqual(
      exampleBusinessProfile.bank,
    );

    t.clock.now = new Date(t.clock.now.getTime() + 10 * 60_000);
    const withoutCode = await t.put('/api/admin/business-profile/bank', realBank, { cookie: admin.cookie });
    expect(withoutCode.statusCode).toBe(403);
    expect(withoutCode.json().error.code).toBe('step_up_required');

    await admin.stepUp();
    const badIban = await t.put(
      '/api/admin/business-profile/bank',
      { ...realBank, EUR: { ...realBank.EUR, iban: 'DE89370400440532013001' } },
      { cookie: admin.cookie },
    );
    expect(badIban.statusCode).toBe(400);
    expect(badIban.json().error.fields).toMatchObject({ 'EUR.iban': businessProfileMessages.iban });

    const saved = await t.put('/api/admin/business-profile/bank', realBank, { cookie: admin.cookie });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().profile.bank.EUR.iban).toBe('DE89 3704 0044 0532 0130 00');
    expect(saved.json().example).toBe(false);
    const [row] = await t.db.select().from(businessProfile);
    expect(row?.example).toBe(false);

    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'profile.bank_update'));
    expect(entry?.after).toMatchObject({
      GBP: { sortCode: '20-45-77', accountNumber: '…4567' },
      EUR: { iban: '…3000' },
    });
    expect(JSON.stringify(entry)).not.toContain('41234567');

    const alerts = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'bank_details_changed'));
    const admins = await t.db.select({ email: profiles.email }).from(profiles).where(eq(profiles.isAdmin, true));
    expect(alerts.map((mail) => mail.toAddress).sort()).toEqual(admins.map((row) => row.email).sort());
    expect(alerts.map((mail) => mail.toAddress)).toEqual(expect.arrayContaining([admin.user.email, other.user.email]));
    expect(alerts[0]?.textBody).toContain(`changed by ${admin.user.email}`);
    expect(alerts[0]?.textBody).not.toContain('41234567');
  });
});

describe('a production shop while the business profile is the example', () => {
  const t = useTestApp({
    now: new Date('2026-11-20T10:00:00.000Z'),
    env: { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.com' },
  });

  it('refuses orders with ordering_not_open, still takes quotes, and takes orders once the profile is filled in', async () => {
    const order = () =>
      t.post('/api/orders', guestOrderBody('buyer@example.com'), { headers: { origin: 'https://shop.example.com' } });
    // The storefront asks first, and says "ordering opens soon" before anyone fills in the order form.
    expect((await t.get('/api/orders/ordering')).json()).toEqual({
      open: false,
      message: orderFlowMessages.orderingNotOpen,
      requirePoNumber: false,
    });
    const refused = await order();
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.json().error).toMatchObject({
      code: 'ordering_not_open',
      message: orderFlowMessages.orderingNotOpen,
    });
    expect(await t.db.select().from(orders)).toEqual([]);

    const quoted = await t.post(
      '/api/quotes',
      {
        configuration: defaultSelection,
        customerInfo: { email: 'q@example.com', firstName: 'Ada', lastName: 'L', organization: 'AE', country: 'GB' },
        flowType: 'quote',
      },
      { headers: { origin: 'https://shop.example.com' } },
    );
    expect(quoted.statusCode, quoted.body).toBe(201);

    await t.db.transaction((tx) => saveBusinessProfile(tx, { details: realDetails, bank: realBank }));
    const placed = await order();
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await t.get('/api/orders/ordering')).json()).toEqual({ open: true, message: null, requirePoNumber: false });
  });

  it('keeps ordering closed while the e-mail sender or the staff alert address is at an example domain, naming the item', async () => {
    const admin = await createAdminSession(t);
    const order = () =>
      t.post('/api/orders', guestOrderBody('buyer2@lab.test'), { headers: { origin: 'https://shop.example.com' } });
    const todo = async () =>
      (
        (await t.get('/api/admin/business-profile/checklist', { cookie: admin.cookie })).json().checklist as {
          key: string;
          label: string;
          done: boolean;
        }[]
      )
        // The papers' items (conformity legislation, software versions) are due before the first
        // shipment, not before an order: this test is about the items that keep ordering closed.
        .filter((item) => !item.done && item.key !== 'conformity' && item.key !== 'softwareVersion');
    const withMail = (mail: Partial<typeof realDetails.mail>) =>
      t.db.transaction((tx) =>
        saveBusinessProfile(tx, {
          details: { ...realDetails, mail: { ...realDetails.mail, ...mail } },
          bank: realBank,
        }),
      );

    // Everything filled in but the sender, still the example's no-reply@dropwise-labs.example.
    await withMail({ senderEmail: exampleBusinessProfile.mail.senderEmail });
    expect(await todo()).toEqual([{ key: 'mailSender', label: 'E-mail sender address', done: false }]);
    const refused = await order();
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.json().error.code).toBe('ordering_not_open');

    // The alert address at example.com (reserved for examples too) keeps it closed.
    await withMail({ alertEmail: 'orders@example.com' });
    expect(await todo()).toEqual([{ key: 'alertMailbox', label: 'Staff alert address (new orders)', done: false }]);
    expect((await order()).statusCode).toBe(503);
    await withMail({ alertEmail: 'orders@shop.example.org' });
    expect((await order()).statusCode).toBe(503);

    await withMail({});
    expect(await todo()).toEqual([]);
    const placed = await order();
    expect(placed.statusCode, placed.body).toBe(201);
    const [alert] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'order_new_admin'));
    expect(alert?.toAddress).toBe(realDetails.mail.alertEmail);
  });
});

describe('the shop’s own mailboxes in the profile', () => {
  const t = useTestApp({ now: new Date('2026-11-20T10:00:00.000Z') });

  it('refuses a sender or alert address that is not an address, and a map position without both halves, beside the field', async () => {
    const admin = await createAdminSession(t);
    const bad = await t.put(
      '/api/admin/business-profile',
      {
        ...realDetails,
        mail: { senderName: 'Fjordlight', senderEmail: 'no-reply at fjordlight', alertEmail: '' },
        mapLatitude: '95',
        foundedYear: '19',
      },
      { cookie: admin.cookie },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      'mail.senderEmail': businessProfileMessages.email,
      'mail.alertEmail': businessProfileMessages.email,
      mapLatitude: businessProfileMessages.latitude,
      foundedYear: businessProfileMessages.year,
    });
    const half = await t.put(
      '/api/admin/business-profile',
      { ...realDetails, mapLongitude: '' },
      { cookie: admin.cookie },
    );
    expect(half.statusCode).toBe(400);
    expect(half.json().error.fields).toMatchObject({ mapLongitude: businessProfileMessages.mapBoth });

    const saved = await t.put('/api/admin/business-profile', realDetails, { cookie: admin.cookie });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().profile.mail).toEqual(realDetails.mail);
    // The mailboxes are staff's: not in the public profile the pages read.
    const open = await t.get('/api/business-profile');
    expect(open.body).not.toContain(realDetails.mail.alertEmail);
    expect(open.body).not.toContain(realDetails.mail.senderEmail);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'business_profile'), eq(auditLog.action, 'profile.update')));
    expect(entry?.after).toMatchObject({ mail: realDetails.mail });
  });

  it('migration 0025 moves a stored Admin Email setting into the profile’s staff alert address', async () => {
    await t.db.insert(settings).values({ key: 'adminEmail', value: 'boss@fjordlight.test' });
    const migration = readFileSync(join(migrationsDir, '0025_profile_mailboxes.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));
    const profile = await readBusinessProfile(t.db);
    expect(profile.mail.alertEmail).toBe('boss@fjordlight.test');
    expect(profile.mail.senderEmail).toBe(realDetails.mail.senderEmail);
    expect(await t.db.select().from(settings).where(eq(settings.key, 'adminEmail'))).toEqual([]);
  });
});

const profileFile = join(mkdtempSync(join(tmpdir(), 'profile-file-')), 'business-profile.json');
writeFileSync(profileFile, JSON.stringify({ details: realDetails, bank: realBank }));

describe('BUSINESS_PROFILE_FILE', () => {
  const t = useTestApp({ env: { BUSINESS_PROFILE_FILE: profileFile } });

  it('fills in the example profile at start-up', async () => {
    const profile = (await t.get('/api/business-profile')).json().profile;
    expect(profile).toMatchObject({ legalName: 'Fjordlight Instruments Ltd', companyNumber: '12345678' });
    const [row] = await t.db.select().from(businessProfile);
    expect(row?.example).toBe(false);
    expect(row?.bank.EUR.iban).toBe('DE89 3704 0044 0532 0130 00');
  });
});
