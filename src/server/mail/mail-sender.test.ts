// @engine: the outbox's claim (SKIP LOCKED)
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../tests/support/test-app';
import { mailOutbox } from '../db/schema';
import { createMailSender, MAX_ATTEMPTS, withPrivacyNotice } from './mail-sender';
import { enqueueMail } from './outbox';

const silentLog = { info() {}, warn() {}, error() {} } as never;
/**
 * The sender's clock just after a message was queued: the database stamps it in microseconds and
 * JavaScript's Date truncates to milliseconds, so a plain `new Date()` taken in the same millisecond
 * can fall before the message's `next_attempt_at` and find nothing due.
 */
const justAfterQueueing = () => new Date(Date.now() + 1);

describe('mail outbox and sender', () => {
  const t = useTestApp();
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('ends every message with where the privacy policy is, and deletes a final e-mail once sent', async () => {
    const mailDir = await mkdtemp(join(tmpdir(), 'mail-'));
    dirs.push(mailDir);
    const id = await enqueueMail(t.db, {
      language: 'en',
      kind: 'account_closed',
      to: 'gone@example.com',
      subject: 'Your data has been deleted',
      text: 'We have deleted your account.',
      eraseWhenSent: true,
    });
    const sender = createMailSender({
      db: t.db,
      log: silentLog,
      from: 'Shop <shop@example.com>',
      mailDir,
      now: justAfterQueueing,
      privacyPolicyUrl: 'https://shop.example/privacy-policy',
    });
    expect(await sender.deliverDue()).toBe(1);
    const [file] = await readdir(mailDir);
    const raw = await readFile(join(mailDir, file ?? ''), 'utf8');
    expect(raw).toContain('How we use your data: https://shop.example/privacy-policy');
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id))).toHaveLength(0);
  });

  it('issue 53: the privacy line is in the message’s language (German, French with its narrow space, the html too); English and a row queued without one unchanged', async () => {
    const mailDir = await mkdtemp(join(tmpdir(), 'mail-'));
    dirs.push(mailDir);
    await enqueueMail(t.db, {
      language: 'de',
      kind: 'order_received',
      to: 'labor@example.de',
      subject: 'Ihre Bestellung',
      text: 'Vielen Dank.',
    });
    const sender = createMailSender({
      db: t.db,
      log: silentLog,
      from: 'Shop <shop@example.com>',
      mailDir,
      now: justAfterQueueing,
      privacyPolicyUrl: 'https://shop.example/privacy-policy',
    });
    expect(await sender.deliverDue()).toBe(1);
    const [file] = await readdir(mailDir);
    const raw = await readFile(join(mailDir, file ?? ''), 'utf8');
    expect(raw).toContain('Wie wir Ihre Daten verwenden: https://shop.example/privacy-policy');
    expect(raw).not.toContain('How we use your data');

    const url = 'https://shop.example/privacy-policy';
    const french = withPrivacyNotice('Merci.', '<p>Merci.</p>', url, 'fr');
    expect(french.text).toBe(`Merci.\n\nComment nous utilisons vos données\u202f: ${url}\n`);
    expect(french.html).toBe(
      `<p>Merci.</p><p>Comment nous utilisons vos données\u202f: <a href="${url}">${url}</a></p>`,
    );
    expect(withPrivacyNotice('Thanks.', null, url, 'en').text).toBe(`Thanks.\n\nHow we use your data: ${url}\n`);
    expect(withPrivacyNotice('Thanks.', null, url, null).text).toBe(`Thanks.\n\nHow we use your data: ${url}\n`);
    // A message that names the policy already gets no second line.
    expect(withPrivacyNotice(`Siehe ${url}`, null, url, 'de').text).toBe(`Siehe ${url}`);
  });

  it('writes a queued message as an .eml file and marks it sent', async () => {
    const mailDir = await mkdtemp(join(tmpdir(), 'mail-'));
    dirs.push(mailDir);
    const id = await enqueueMail(t.db, {
      language: 'en',
      kind: 'test',
      to: 'ada@example.com',
      subject: 'Your quote Q2026-1234',
      text: 'See https://shop.example/quote/abc',
    });
    const sender = createMailSender({
      db: t.db,
      log: silentLog,
      from: 'Shop <shop@example.com>',
      mailDir,
      now: justAfterQueueing,
    });
    expect(await sender.deliverDue()).toBe(1);
    const [file] = await readdir(mailDir);
    expect(file).toMatch(new RegExp(`${id}\\.eml$`));
    const raw = await readFile(join(mailDir, file ?? ''), 'utf8');
    expect(raw).toContain('To: ada@example.com');
    expect(raw).toContain('Subject: Your quote Q2026-1234');
    expect(raw).toContain('https://shop.example/quote/abc');
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await sender.deliverDue()).toBe(0);
  });

  it('retries a failed delivery later and gives up after the last attempt', async () => {
    const id = await enqueueMail(t.db, {
      language: 'en',
      kind: 'test',
      to: 'bob@example.com',
      subject: 'Hello',
      text: 'Hi',
    });
    let now = justAfterQueueing();
    // Nothing listens on port 1, so every SMTP attempt fails at once.
    const sender = createMailSender({
      db: t.db,
      log: silentLog,
      from: 'shop@example.com',
      smtpUrl: 'smtp://127.0.0.1:1',
      mailDir: '/nonexistent',
      now: () => now,
    });
    await sender.deliverDue();
    let [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.lastError).toBeTruthy();
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(now.getTime());
    expect(await sender.deliverDue()).toBe(0);
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt += 1) {
      now = new Date(now.getTime() + 2 * 3600_000);
      await sender.deliverDue();
    }
    [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
  });

  it('marks a batch of sent messages in one statement: kept ones sent, a final e-mail erased, a failed one left to retry', async () => {
    const mailDir = await mkdtemp(join(tmpdir(), 'mail-'));
    dirs.push(mailDir);
    const kept = await Promise.all(
      ['one', 'two', 'three'].map((name) =>
        enqueueMail(t.db, {
          language: 'en',
          kind: 'test',
          to: `${name}@example.com`,
          subject: `To ${name}`,
          text: 'Hi',
        }),
      ),
    );
    const erased = await enqueueMail(t.db, {
      language: 'en',
      kind: 'account_closed',
      to: 'gone-too@example.com',
      subject: 'Your data has been deleted',
      text: 'We have deleted your account.',
      eraseWhenSent: true,
    });
    // An attachment to render with no renderer: this message's delivery fails.
    const failing = await enqueueMail(t.db, {
      language: 'en',
      kind: 'test',
      to: 'failing@example.com',
      subject: 'With a quote',
      text: 'Attached',
      attachments: [
        { filename: 'Quote.pdf', contentType: 'application/pdf', render: { document: 'quote', reference: 'x' } },
      ],
    });
    const sender = createMailSender({
      db: t.db,
      log: silentLog,
      from: 'Shop <shop@example.com>',
      mailDir,
      now: justAfterQueueing,
    });
    const execute = vi.spyOn(t.db, 'execute');
    let statements: string[];
    try {
      expect(await sender.deliverDue()).toBe(4);
      statements = execute.mock.calls.map(([query]) => JSON.stringify(query));
    } finally {
      execute.mockRestore();
    }
    // The claim, the failed message's retry, and one statement for the four delivered.
    expect(statements.filter((text) => text.includes("status = 'sent'"))).toHaveLength(1);
    expect(statements.filter((text) => text.includes('delete from mail_outbox'))).toHaveLength(1);
    expect(await readdir(mailDir)).toHaveLength(4);
    for (const id of kept) {
      const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      expect(row?.sentAt).toBeInstanceOf(Date);
    }
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, erased))).toHaveLength(0);
    const [failed] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, failing));
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed?.lastError).toContain('No renderer');
  });
});
