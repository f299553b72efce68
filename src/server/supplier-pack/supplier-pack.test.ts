// @engine: row locks, concurrent sends
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { realBank, realDetails } from '../../../tests/support/business-profile';
import { createUser } from '../../../tests/support/factories';
import { tinyPdf } from '../../../tests/support/model-documents';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pdfText } from '../../../tests/support/pdf-text';
import { signIn } from '../../../tests/support/sessions';
import { fillInShop } from '../../../tests/support/shop-details';
import { certificatePdf, encryptedPdf, storeCertificateRow } from '../../../tests/support/supplier-pack';
import { useTestApp } from '../../../tests/support/test-app';
import { formatUkDate } from '../../shared/dates';
import { supplierPackMessages } from '../../shared/supplier-pack/supplier-pack';
import { auditLog, mailOutbox, supplierCertificates, supplierPackDownloads, supplierPackRenders } from '../db/schema';
import { noticeBankChange, renderSupplierPack } from './supplier-pack';
import { readBusinessProfile, saveBusinessProfile } from '../business-profile/profile-service';
import { erasePerson } from '../privacy/erasure';

const day = 24 * 60 * 60 * 1000;
const otherBank = {
  ...realBank,
  EUR: { ...realBank.EUR, iban: 'GB33BUKB20201555555555', bic: 'BUKBGB22' },
};

describe('the supplier pack', () => {
  const t = useTestApp({ now: new Date('2026-11-20T10:00:00.000Z') });

  /** An Owner who has filled in the details and bank accounts (with a fresh step-up in hand). */
  const filledInShop = () => fillInShop(t);

  /** A bank change by a fresh Owner's session (a moved clock ends the earlier ones). */
  const changeBank = async (bank: unknown) => {
    const admin = await createAdminSession(t);
    await admin.stepUp();
    const response = await t.put('/api/admin/business-profile/bank', bank, { cookie: admin.cookie });
    expect(response.statusCode, response.body).toBe(200);
  };

  const version = async () => (await t.get('/api/supplier-pack')).json().version as number;

  /** The download link in the newest pack e-mail to `email` (security issue 48, F13). */
  const linkMailedTo = async (email: string) => {
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'supplier_pack_link'), eq(mailOutbox.toAddress, email)));
    const link = /https?:\/\/[^/\s]+(\/api\/supplier-pack\/pdf\?link=[\w-]+)/.exec(mails.at(-1)?.textBody ?? '')?.[1];
    if (!link) throw new Error(`no pack link mailed to ${email}`);
    return link;
  };

  /** A buyer asks for the pack by e-mail and follows the link it receives. */
  const askAndFollow = async (email: string, remoteAddress = '10.6.0.1') => {
    const asked = await t.post('/api/supplier-pack/email', { email }, { remoteAddress });
    expect(asked.statusCode, asked.body).toBe(202);
    const followed = await t.get(await linkMailedTo(email), { remoteAddress });
    expect(followed.statusCode, followed.body).toBe(200);
    return followed;
  };

  it('refuses a certificate that is not a PDF by its bytes (a PNG named .pdf), one encrypted or without pages, and one without a fresh second factor', async () => {
    const admin = await createAdminSession(t);
    const body = {
      kind: 'insurance',
      title: 'Products liability insurance 2026-27',
      expiresOn: '2027-09-30',
      file: { filename: 'insurance.pdf', dataBase64: certificatePdf('Insurance').toString('base64') },
    };
    t.clock.now = new Date(t.clock.now.getTime() + 10 * 60_000);
    const stale = await t.post('/api/admin/supplier-certificates', body, { cookie: admin.cookie });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error.code).toBe('step_up_required');

    await admin.stepUp();
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const refused = await t.post(
      '/api/admin/supplier-certificates',
      { ...body, file: { filename: 'insurance.pdf', dataBase64: png.toString('base64') } },
      { cookie: admin.cookie },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toMatchObject({ file: supplierPackMessages.notPdf });
    // A PDF by its first bytes that pdf-lib cannot enclose in the pack: encrypted, damaged, or with no page.
    for (const bytes of [encryptedPdf(), Buffer.from('%PDF-1.7\n%%EOF garbage'), tinyPdf()]) {
      const unreadable = await t.post(
        '/api/admin/supplier-certificates',
        { ...body, file: { filename: 'insurance.pdf', dataBase64: bytes.toString('base64') } },
        { cookie: admin.cookie },
      );
      expect(unreadable.statusCode).toBe(400);
      expect(unreadable.json().error.fields).toMatchObject({ file: supplierPackMessages.unreadable });
    }
    expect(await t.db.select().from(supplierCertificates)).toHaveLength(0);

    const stored = await t.post('/api/admin/supplier-certificates', body, { cookie: admin.cookie });
    expect(stored.statusCode, stored.body).toBe(201);
    const id = stored.json().item.id as string;
    expect(stored.json().item).toMatchObject({ kind: 'insurance', label: 'Insurance certificate', expired: false });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'supplier_pack.certificate_upload'));
    expect(entry?.after).toMatchObject({ title: body.title, filename: 'insurance.pdf' });
    expect(JSON.stringify(entry)).not.toContain(tinyPdf().toString('base64'));

    // Replaced: a new file and expiry in place of the old, refused again when the new file is no PDF.
    const notPdf = await t.put(
      `/api/admin/supplier-certificates/${id}`,
      { ...body, file: { filename: 'x.pdf', dataBase64: Buffer.from('hello').toString('base64') } },
      { cookie: admin.cookie },
    );
    expect(notPdf.statusCode).toBe(400);
    const replaced = await t.put(
      `/api/admin/supplier-certificates/${id}`,
      {
        ...body,
        expiresOn: '2028-09-30',
        file: { filename: 'insurance-2028.pdf', dataBase64: certificatePdf('New').toString('base64') },
      },
      { cookie: admin.cookie },
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().item).toMatchObject({ expiresOn: '2028-09-30', filename: 'insurance-2028.pdf' });
    const served = await t.get(`/api/supplier-pack/certificates/${id}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('application/pdf');
    expect(served.rawPayload.equals(certificatePdf('New'))).toBe(true);
    // An uploaded PDF is shown sandboxed, never sniffed, and revalidated by its fingerprint.
    expect(served.headers['content-security-policy']).toBe('sandbox');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const again = await t.get(`/api/supplier-pack/certificates/${id}`, {
      headers: { 'if-none-match': String(served.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const staffCopy = await t.get(`/api/admin/supplier-certificates/${id}/file`, { cookie: admin.cookie });
    expect(staffCopy.headers['cache-control']).toBe('private, no-store');
    expect(staffCopy.headers['content-security-policy']).toBe('sandbox');

    const listed = await t.get('/api/admin/supplier-certificates', { cookie: admin.cookie });
    expect(listed.json().certificates.map((c: { title: string }) => c.title)).toEqual([body.title]);

    const removed = await t.delete(`/api/admin/supplier-certificates/${id}`, undefined, { cookie: admin.cookie });
    expect(removed.statusCode).toBe(200);
    expect((await t.get(`/api/supplier-pack/certificates/${id}`)).statusCode).toBe(404);
    expect(
      (await t.delete(`/api/admin/supplier-certificates/${id}`, undefined, { cookie: admin.cookie })).statusCode,
    ).toBe(404);
  });

  it('leaves an expired certificate out of the pack page and its download (staff still see it, marked expired)', async () => {
    const admin = await createAdminSession(t);
    const expired = await storeCertificateRow(t.db, {
      title: 'ISO 9001 (old)',
      kind: 'iso_9001',
      expiresOn: '2026-11-19',
    });
    await storeCertificateRow(t.db, {
      title: 'UKCA declaration',
      kind: 'ukca_ce_declaration',
      expiresOn: '2026-11-20',
    });
    const pack = (await t.get('/api/supplier-pack')).json();
    expect(pack.certificates.map((c: { title: string }) => c.title)).toEqual(['UKCA declaration']);
    expect((await t.get(`/api/supplier-pack/certificates/${expired}`)).statusCode).toBe(404);
    const listed = (await t.get('/api/admin/supplier-certificates', { cookie: admin.cookie })).json();
    expect(listed.certificates.find((c: { id: string }) => c.id === expired)).toMatchObject({ expired: true });
  });

  it('changes version with the bank details, not with an unrelated profile edit, and gives earlier details their earlier version back', async () => {
    const admin = await filledInShop();
    const first = await version();
    expect(
      (
        await t.put(
          '/api/admin/business-profile',
          { ...realDetails, officeHours: 'Mon-Fri 9-5' },
          { cookie: admin.cookie },
        )
      ).statusCode,
    ).toBe(200);
    expect(await version()).toBe(first);
    // Only the spacing of the IBAN: the same account, the same version.
    await changeBank({ ...realBank, EUR: { ...realBank.EUR, iban: 'DE89 3704 0044 0532 0130 00' } });
    expect(await version()).toBe(first);

    await changeBank(otherBank);
    const second = await version();
    expect(second).toBe(first + 1);
    const pdf = await t.get('/api/supplier-pack/pdf');
    expect(pdf.headers['content-disposition']).toContain(`Supplier-pack-v${second}.pdf`);
    expect(pdfText(pdf.rawPayload)).toMatch(new RegExp(`Pack version: ${second}\\b`));

    await changeBank(realBank);
    expect(await version()).toBe(first);
  });

  it('e-mails the new pack once to each earlier downloader of the last 18 months, with the telephone warning; not anonymous ones, not older ones, not twice', async () => {
    await filledInShop();
    const start = t.clock.now;

    // 19 months ago (by the clock of the time): a download too old to be told.
    const old = await createUser(t.db, { email: 'old-buyer@university.test' });
    const oldCookie = await signIn(t, old.user.email);
    expect((await t.get('/api/supplier-pack/pdf', { cookie: oldCookie })).statusCode).toBe(200);
    await t.db
      .update(supplierPackDownloads)
      .set({ at: new Date(start.getTime() - 19 * 30 * day) })
      .where(eq(supplierPackDownloads.email, old.user.email));

    // A signed-in customer's download, a buyer who asked by e-mail, and an anonymous download.
    const buyer = await createUser(t.db, { email: 'lab-manager@university.test' });
    const cookie = await signIn(t, buyer.user.email);
    expect((await t.get('/api/supplier-pack/pdf', { cookie })).statusCode).toBe(200);
    await askAndFollow('Accounts.Payable@University.test');
    expect((await t.get('/api/supplier-pack/pdf')).statusCode).toBe(200);

    // Months later (within 18 of the downloads) the bank details change.
    t.clock.now = new Date(start.getTime() + 400 * day);
    await changeBank(otherBank);
    const notices = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'supplier_pack_changed'));
    expect(notices.map((mail) => mail.toAddress).sort()).toEqual([
      'accounts.payable@university.test',
      'lab-manager@university.test',
    ]);
    const notice = notices[0];
    expect(notice?.subject).toContain('Our bank details have changed');
    expect(notice?.textBody).toContain(`telephone us on ${realDetails.phone}`);
    expect(notice?.attachments).toEqual([
      expect.objectContaining({ render: { document: 'supplier_pack', version: await version() } }),
    ]);

    // The same change handled again (another process, a retried job): nobody is written to twice.
    const profile = await readBusinessProfile(t.db);
    expect(await t.db.transaction((tx) => noticeBankChange(tx, profile.bank, t.clock.now, 'https://shop.test'))).toBe(
      0,
    );
    // The notice's attachment renders the new version's letter.
    // The outbox sends in batches: deliver until nothing is due (earlier tests' mail is in it too).
    for (let round = 0; round < 20 && (await t.deliverMail()) > 0; round += 1);
    const [sent] = await t.db
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.kind, 'supplier_pack_changed'), eq(mailOutbox.toAddress, 'lab-manager@university.test')),
      );
    expect({ status: sent?.status, error: sent?.lastError }).toEqual({ status: 'sent', error: null });
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'supplier_pack_changed'))).toHaveLength(2);

    // A further change reaches them again (the notice was their newest pack); 19 months on, nobody.
    await changeBank(realBank);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'supplier_pack_changed'))).toHaveLength(4);
    t.clock.now = new Date(start.getTime() + 19 * 31 * day);
    await changeBank(otherBank);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'supplier_pack_changed'))).toHaveLength(4);
  });

  it("prints the letter of a filled-in shop: legal name, company number, registered office, VAT, EORI, both bank accounts, the version, the telephone warning, the signatory, the certificates, and no '.example'", async () => {
    await filledInShop();
    await storeCertificateRow(t.db, {
      kind: 'iso_9001',
      title: 'ISO 9001:2015 quality management',
      expiresOn: '2099-03-31',
    });
    const response = await t.get('/api/supplier-pack/pdf');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/pdf');
    const text = pdfText(response.rawPayload);
    const flat = text.replace(/\s+/g, ' ');
    for (const expected of [
      'SUPPLIER DETAILS',
      'Legal name: Fjordlight Instruments Ltd',
      'Company number: 12345678',
      'VAT number: GB123456789',
      'EORI number: GB123456789000',
      'Registered office:',
      'Sort code: 20-45-77',
      'Account number: 41234567',
      'IBAN: DE89 3704 0044 0532 0130 00',
      'BIC: COBADEFFXXX',
      `Pack version: ${await version()}`,
      `telephone us on ${realDetails.phone}`,
      'Ada Brightwater',
      'Commercial Director',
      `Date: ${formatUkDate(t.clock.now)}`,
      'ISO 9001 certificate: ISO 9001:2015 quality management (valid until 31 March 2099)',
    ])
      expect(flat).toContain(expected);
    expect(text).not.toContain('.example');

    // The renderer the mail sender calls gives the same letter for the version.
    const rendered = await renderSupplierPack(t.db, t.clock.now, 'https://shop.test', await version());
    expect(pdfText(rendered.pdf)).toContain('Fjordlight Instruments Ltd');
  });

  it('lets sales send the pack by e-mail from the admin, one PDF holding the certificates, recorded for a later bank change', async () => {
    const sales = await createAdminSession(t, t.db, ['sales']);
    await t.db.delete(supplierCertificates);
    await storeCertificateRow(t.db, { title: 'Insurance' });
    const sent = await t.post(
      '/api/admin/supplier-pack/send',
      { email: 'buyer@university.test' },
      { cookie: sales.cookie },
    );
    expect(sent.statusCode, sent.body).toBe(202);
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'supplier_pack'), eq(mailOutbox.toAddress, 'buyer@university.test')));
    expect(mail).toBeDefined();
    expect(mail?.attachments?.map((a) => a.filename)).toEqual([`Supplier-pack-v${sent.json().version}.pdf`]);
    expect(mail?.attachments?.[0]).toMatchObject({
      render: { document: 'supplier_pack', version: sent.json().version },
    });
    const [row] = await t.db.select().from(supplierPackDownloads).where(eq(supplierPackDownloads.via, 'staff'));
    expect(row?.email).toBe('buyer@university.test');
    const bad = await t.post('/api/admin/supplier-pack/send', { email: 'not mail' }, { cookie: sales.cookie });
    expect(bad.statusCode).toBe(400);
  });

  it("erases an address's pack deliveries with the person, and the daily job drops those older than 18 months", async () => {
    await askAndFollow('erase-me@university.test', '10.9.9.9');
    await askAndFollow('keep-me@university.test', '10.9.9.9');
    const rowsOf = async (email: string) =>
      t.db.select().from(supplierPackDownloads).where(eq(supplierPackDownloads.email, email));
    expect(await rowsOf('erase-me@university.test')).toHaveLength(1);
    await t.db.transaction((tx) =>
      erasePerson(tx, { email: 'Erase-Me@University.test', userId: null, now: t.clock.now }),
    );
    expect(await rowsOf('erase-me@university.test')).toHaveLength(0);
    expect(await rowsOf('keep-me@university.test')).toHaveLength(1);

    t.clock.now = new Date(t.clock.now.getTime() + 19 * 31 * day);
    const run = await t.app.scheduler.runJob('supplier-pack-retention');
    expect(run).toMatchObject({ ran: true });
    expect(await rowsOf('keep-me@university.test')).toHaveLength(0);
  });

  it('refuses the 4th pack by e-mail to one address in a day, whichever clients ask, and the 6th from one client in an hour', async () => {
    const to = 'flooded@university.test';
    for (const client of ['10.8.0.1', '10.8.0.2', '10.8.0.3'])
      expect((await t.post('/api/supplier-pack/email', { email: to }, { remoteAddress: client })).statusCode).toBe(202);
    const fourth = await t.post('/api/supplier-pack/email', { email: to }, { remoteAddress: '10.8.0.4' });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error.message).toBe(supplierPackMessages.tooMany);

    for (let index = 1; index <= 5; index += 1)
      expect(
        (await t.post('/api/supplier-pack/email', { email: `ap${index}@lab.test` }, { remoteAddress: '10.8.1.1' }))
          .statusCode,
      ).toBe(202);
    const sixth = await t.post('/api/supplier-pack/email', { email: 'ap6@lab.test' }, { remoteAddress: '10.8.1.1' });
    expect(sixth.statusCode).toBe(429);
    const queued = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'ap6@lab.test'));
    expect(queued).toHaveLength(0);
  });

  it('queues each notice once when two processes handle the same change at once (the advisory lock and the recorded notice)', async () => {
    await askAndFollow('twice@university.test', '10.7.0.1');
    const bank = {
      ...realBank,
      GBP: { ...realBank.GBP, accountNumber: '87654321' },
    };
    await t.db.transaction((tx) => saveBusinessProfile(tx, { bank }));
    const counts = await Promise.all(
      [0, 1].map(() => t.db.transaction((tx) => noticeBankChange(tx, bank, t.clock.now, 'https://shop.test'))),
    );
    // One run queued the notices (this file's earlier takers too); the other found nobody left.
    expect(Math.min(...counts)).toBe(0);
    expect(Math.max(...counts)).toBeGreaterThan(0);
    const notices = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'supplier_pack_changed'), eq(mailOutbox.toAddress, 'twice@university.test')));
    expect(notices).toHaveLength(1);
  });

  /** The PDF's page count as pdfinfo reads it. */
  const pageCount = (pdf: Buffer) => {
    const file = join(mkdtempSync(join(tmpdir(), 'pack-')), 'pack.pdf');
    writeFileSync(file, pdf);
    return Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
  };

  it('is one PDF: the letter, then every certificate in force, whole, in the order listed (by kind, then expiry), with their pages named; an unreadable one is left out as available on request', async () => {
    await filledInShop();
    await t.db.delete(supplierCertificates);
    const letterOnly = await t.get('/api/supplier-pack/pdf');
    const letterPages = pageCount(letterOnly.rawPayload);
    expect(pdfText(letterOnly.rawPayload)).toContain('No certificates are enclosed with this version.');

    // Uploaded through the admin: an ISO certificate of two pages and an insurance certificate of one.
    const admin = await createAdminSession(t);
    await admin.stepUp();
    for (const [kind, title, pdf] of [
      ['iso_9001', 'ISO 9001:2015', certificatePdf('ISO CERT PAGE ONE Q-4471', 'ISO CERT PAGE TWO scope')],
      ['insurance', 'Products liability 2026-27', certificatePdf('INSURANCE SCHEDULE POLICY PL-778812')],
    ] as const) {
      const stored = await t.post(
        '/api/admin/supplier-certificates',
        { kind, title, expiresOn: '2099-01-31', file: { filename: `${kind}.pdf`, dataBase64: pdf.toString('base64') } },
        { cookie: admin.cookie },
      );
      expect(stored.statusCode, stored.body).toBe(201);
    }
    // An encrypted file stored before the upload check (or damaged since): it must not break the pack.
    await storeCertificateRow(t.db, { kind: 'other', title: 'Old locked declaration', bytes: encryptedPdf() });

    const response = await t.get('/api/supplier-pack/pdf');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/pdf');
    const pack = response.rawPayload;
    expect(pageCount(pack)).toBe(letterPages + 3);
    const pages = pdfText(pack).split('\f');
    const letter = pages.slice(0, letterPages).join('\n').replace(/\s+/g, ' ');
    // Insurance before ISO 9001 (by kind), each with the pages that hold it; the locked one on request.
    const first = letterPages + 1;
    expect(letter).toContain(
      `Insurance certificate: Products liability 2026-27 (valid until 31 January 2099): enclosed, page ${first} of this pack`,
    );
    expect(letter).toContain(
      `ISO 9001 certificate: ISO 9001:2015 (valid until 31 January 2099): enclosed, pages ${first + 1}-${first + 2} of this pack`,
    );
    expect(letter).toContain(
      'Certificate: Old locked declaration (valid until 31 December 2099): available on request',
    );
    expect(pages[letterPages]).toContain('INSURANCE SCHEDULE POLICY PL-778812');
    expect(pages[letterPages + 1]).toContain('ISO CERT PAGE ONE Q-4471');
    expect(pages[letterPages + 2]).toContain('ISO CERT PAGE TWO scope');
    expect(pdfText(pack)).not.toContain('Secret certificate');

    // The renderer the mail sender calls for an e-mailed pack gives the same pages.
    const rendered = await renderSupplierPack(t.db, t.clock.now, 'https://shop.test', await version());
    expect(pageCount(rendered.pdf)).toBe(letterPages + 3);
  });
  it('F13: an address that only asked for the pack hears nothing of a bank change; one that followed the e-mailed link does', async () => {
    await filledInShop();
    const asked = await t.post(
      '/api/supplier-pack/email',
      { email: 'victim@elsewhere.test' },
      { remoteAddress: '10.5.0.1' },
    );
    expect(asked.statusCode).toBe(202);
    expect(asked.json().message).toBe(supplierPackMessages.sent);
    const link = await linkMailedTo('victim@elsewhere.test');
    expect(
      await t.db.select().from(supplierPackDownloads).where(eq(supplierPackDownloads.email, 'victim@elsewhere.test')),
    ).toHaveLength(0);
    await askAndFollow('Buyer@Lab.test', '10.5.0.2');
    // A made-up link downloads nothing and records nobody.
    const forged = await t.get('/api/supplier-pack/pdf?link=forged-token');
    expect(forged.statusCode).toBe(404);
    expect(forged.json().error.message).toBe(supplierPackMessages.linkExpired);

    await changeBank({ ...realBank, GBP: { ...realBank.GBP, accountNumber: '11223344' } });
    const notified = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'supplier_pack_changed'));
    expect(notified.map((mail) => mail.toAddress)).toContain('buyer@lab.test');
    expect(notified.map((mail) => mail.toAddress)).not.toContain('victim@elsewhere.test');

    // The link expires after a week.
    t.clock.now = new Date(t.clock.now.getTime() + 8 * day);
    expect((await t.get(link)).statusCode).toBe(404);
  });

  it('F13: the pack is rendered once per version and served as stored; a certificate change renders it anew', async () => {
    await filledInShop();
    await storeCertificateRow(t.db, { title: 'Employers liability', bytes: certificatePdf('Employers liability') });
    const first = await t.get('/api/supplier-pack/pdf');
    expect(first.statusCode).toBe(200);
    const [stored] = await t.db.select().from(supplierPackRenders).where(eq(supplierPackRenders.language, 'en'));
    // A day later the letter would carry another date if it were drawn again: the same bytes are served.
    t.clock.now = new Date(t.clock.now.getTime() + day);
    const second = await t.get('/api/supplier-pack/pdf');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const rows = await t.db.select().from(supplierPackRenders).where(eq(supplierPackRenders.language, 'en'));
    expect(rows.map((row) => [row.key, row.createdAt.toISOString()])).toEqual([
      [stored?.key, stored?.createdAt.toISOString()],
    ]);

    await storeCertificateRow(t.db, { title: 'Product liability', bytes: certificatePdf('Product liability') });
    const third = await t.get('/api/supplier-pack/pdf');
    expect(third.rawPayload.equals(first.rawPayload)).toBe(false);
    expect(pdfText(third.rawPayload)).toContain('Product liability');
    const after = await t.db.select().from(supplierPackRenders).where(eq(supplierPackRenders.language, 'en'));
    expect(after).toHaveLength(1);
    expect(after[0]?.key).not.toBe(stored?.key);
  });
});
