// @engine: the outbox under concurrent senders
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/test-app';
import { mailOutbox } from '../db/schema';
import { createMailSender } from './mail-sender';
import { enqueueMail } from './outbox';

const silentLog = { info() {}, warn() {}, error() {} } as never;

/** A local SMTP server that refuses while `refuse` is set and records what it accepts. */
function fakeSmtp() {
  const received: string[] = [];
  const state = { refuse: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(_address, _session, callback) {
      if (state.refuse) {
        callback(Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 }));
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push(raw);
        callback();
      });
    },
  });
  return { server, received, state };
}

describe('outbox delivery through SMTP', () => {
  const t = useTestApp({ now: new Date() });
  const smtp = fakeSmtp();
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', resolve));
    url = `smtp://127.0.0.1:${(smtp.server.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => smtp.server.close(resolve)));

  const sender = (smtpUrl: string) =>
    createMailSender({
      db: t.db,
      log: silentLog,
      from: 'shop@example.com',
      smtpUrl,
      mailDir: '/nonexistent',
      now: () => t.clock.now,
    });

  it('keeps mail while SMTP refuses or is unreachable, retries with backoff, and delivers each message exactly once', async () => {
    const ids = await Promise.all(
      [1, 2, 3].map((n) =>
        enqueueMail(t.db, {
          language: 'en',
          kind: 'test',
          to: `smtp-${n}@example.com`,
          subject: `Order ${n}`,
          text: `Thank you ${n}`,
        }),
      ),
    );
    t.clock.now = new Date(Date.now() + 1000);
    const rows = () => t.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));

    // Unreachable: nothing listens on port 1.
    expect(await sender('smtp://127.0.0.1:1').deliverDue()).toBe(0);
    expect((await rows()).every((row) => row.status === 'pending' && row.attempts === 1)).toBe(true);

    // Refusing (451): still pending, tried again only after the backoff.
    smtp.state.refuse = true;
    const first = sender(url);
    expect(await first.deliverDue()).toBe(0);
    t.clock.now = new Date(t.clock.now.getTime() + 31_000);
    expect(await first.deliverDue()).toBe(0);
    expect(
      (await rows()).every((row) => row.status === 'pending' && row.attempts === 2 && row.lastError?.includes('451')),
    ).toBe(true);
    expect(smtp.received).toHaveLength(0);

    // Accepting: two senders (two app processes) race for the due messages; each goes out once.
    smtp.state.refuse = false;
    t.clock.now = new Date(t.clock.now.getTime() + 61_000);
    const second = sender(url);
    const sent = await Promise.all([first.deliverDue(), second.deliverDue()]);
    expect(sent[0] + sent[1]).toBe(3);
    expect(await first.deliverDue()).toBe(0);
    t.clock.now = new Date(t.clock.now.getTime() + 3600_000);
    expect(await second.deliverDue()).toBe(0);
    first.close();
    second.close();

    expect(smtp.received).toHaveLength(3);
    for (const n of [1, 2, 3])
      expect(smtp.received.filter((raw) => raw.includes(`Subject: Order ${n}`))).toHaveLength(1);
    const [row] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, ids[0] ?? ''));
    expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
  });
});
