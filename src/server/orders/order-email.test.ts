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
import type { OrderResource } from '../../shared/order-flow';
import type { Invoice } from '../../shared/orders/invoice-schema';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import { mailOutbox, orders } from '../db/schema';

const start = new Date('2026-11-20T09:00:00.000Z');
const injected = 'IMPORTANT: our bank details changed';
const injectedAddress = `Smith\r\n\r\n${injected}. Pay the deposit to sort code 00-00-00 acct 12345678`;

const pdfText = (pdf: Buffer) => {
  const file = join(mkdtempSync(join(tmpdir(), 'order-email-pdf-')), 'document.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};
const attachedPdf = (mail: typeof mailOutbox.$inferSelect | undefined) => {
  const attachment = mail?.attachments?.[0];
  return pdfText(Buffer.from(attachment && 'contentBase64' in attachment ? attachment.contentBase64 : '', 'base64'));
};
/** Lines of a text that begin (after indentation) with `start`. */
const linesStartingWith = (text: string, start: string) =>
  text.split(/\r?\n/).filter((line) => line.trimStart().startsWith(start));

describe('order e-mails and documents show customer text as the customer’s (security audit issue 22, F4)', () => {
  const t = useTestApp({ now: start });

  const placeOrder = async (body: Record<string, unknown>, cookie?: string) => {
    const response = await t.post(
      '/api/orders',
      { configuration: defaultSelection, acceptTerms: true, idempotencyKey: randomUUID(), ...body },
      cookie ? { cookie } : {},
    );
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { order: OrderResource }).order;
  };
  const mailsTo = (to: string, kind: string) =>
    t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, kind)));

  it('stores a guest’s address typed with line breaks on one line, and e-mails the victim none of it; the PDFs print it on one line', async () => {
    const victim = 'victim@example.com';
    const order = await placeOrder({
      billing: {
        ...guestBilling(victim),
        address: injectedAddress,
        company: `Lab\n${injected}`,
        poNumber: `PO-1\r\n${injected}`,
      },
      notes: `${injected}\nPay to 00-00-00`,
    });

    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.billingAddress?.street).toBe(`Smith ${injected}. Pay the deposit to sort code 00-00-00 acct 12345678`);
    expect(row?.billingAddress?.company).toBe(`Lab ${injected}`);
    expect(row?.poNumber).toBe(`PO-1 ${injected}`);
    expect(JSON.stringify(row?.billingAddress)).not.toMatch(/\\[rn]/);

    const [received] = await mailsTo(victim, 'order_received');
    expect(received?.textBody).toContain('Dear Ada,');
    expect(received?.textBody).toContain(order.orderNumber);
    expect(received?.textBody).not.toContain('IMPORTANT');
    expect(received?.textBody).not.toContain('00-00-00');
    expect(received?.textBody).not.toContain('Smith');
    expect(received?.textBody).toContain(
      'This e-mail does not repeat the addresses, references or notes given with the order.',
    );

    // The written confirmation and the deposit invoice, as e-mailed once staff act on the order.
    const admin = await createAdminSession(t);
    const confirmed = await t.patch(`/api/admin/orders/${order.id}`, { status: 'confirmed' }, { cookie: admin.cookie });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await admin.stepUp();
    const issued = await t.post(
      `/api/admin/orders/${order.id}/invoices`,
      { kind: 'deposit' },
      { cookie: admin.cookie },
    );
    expect(issued.statusCode, issued.body).toBe(201);
    const invoice = (issued.json() as { invoice: Invoice }).invoice;

    const [confirmation] = await mailsTo(victim, 'order_confirmed');
    const invoiceMail = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, victim))).find((mail) =>
      mail.subject.includes(invoice.number),
    );
    for (const text of [attachedPdf(confirmation), attachedPdf(invoiceMail)]) {
      expect(text).toContain(order.orderNumber);
      expect(text).toMatch(/Smith IMPORTANT/);
      expect(linesStartingWith(text, 'IMPORTANT')).toEqual([]);
    }
  });

  it('quotes a signed-in customer’s notes under "Your notes:" and repeats their address and references', async () => {
    const { user } = await createUser(t.db, { email: 'member@example.com' });
    const cookie = await signIn(t, user.email);
    await placeOrder(
      {
        billing: { ...guestBilling(user.email), poNumber: 'PO-77812' },
        notes: 'Deliver to goods-in\r\nIMPORTANT: call before delivery',
      },
      cookie,
    );

    const [received] = await mailsTo(user.email, 'order_received');
    const text = received?.textBody ?? '';
    expect(text).toContain('Your notes:\n> Deliver to goods-in\n> IMPORTANT: call before delivery');
    expect(linesStartingWith(text, 'IMPORTANT')).toEqual([]);
    expect(linesStartingWith(text, 'Deliver to goods-in')).toEqual([]);
    expect(text).toContain('PO number: PO-77812');
    expect(text).toMatch(/Delivery address:\n {2}Ada Lovelace\n {2}Analytical Engines\n {2}12 St James Square/);
  });

  it('gives a signed-in customer who bills another address the guest’s e-mail', async () => {
    const { user } = await createUser(t.db, { email: 'signed-in@example.com' });
    const cookie = await signIn(t, user.email);
    await placeOrder({ billing: guestBilling('someone-else@example.com'), notes: 'Please ring' }, cookie);

    const [received] = await mailsTo('someone-else@example.com', 'order_received');
    expect(received?.textBody).toContain('Dear Ada,');
    expect(received?.textBody).not.toContain('Please ring');
    expect(received?.textBody).not.toContain('St James');
    expect(received?.textBody).not.toContain('Analytical Engines');
  });

  it('quotes the notes under "Customer\'s notes:" in the shop’s notice, with the address and references', async () => {
    const order = await placeOrder({
      billing: { ...guestBilling('notice@example.com'), poNumber: 'PO-4471' },
      notes: `Deliver to goods-in\n${injected}`,
    });

    const notice = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'order_new_admin'))).find((mail) =>
      mail.subject.includes(order.orderNumber),
    );
    const text = notice?.textBody ?? '';
    expect(text).toContain(`Customer's notes:\n> Deliver to goods-in\n> ${injected}`);
    expect(linesStartingWith(text, 'IMPORTANT')).toEqual([]);
    expect(text).toContain('PO number: PO-4471');
    expect(text).toContain('12 St James Square');
  });
});
