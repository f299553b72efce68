// @engine: scheduler claims from two processes, unique rows
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createOrder, createUser } from '../../../tests/support/factories';
import { pdfText } from '../../../tests/support/pdf-text';
import { payDeposit } from '../../../tests/support/receivables';
import { useTestApp } from '../../../tests/support/test-app';
import type { OrganisationRole } from '../../shared/accounts/organisation-schemas';
import type { Language } from '../../shared/i18n/languages';
import { englishIn } from '../../../tests/support/english-phrases';
import { mailOutbox, organisationMembers, organisationStatements } from '../db/schema';
import { createScheduler } from '../jobs/scheduler';
import { issueInvoice } from '../billing/invoices';
import {
  ORGANISATION_STATEMENTS_JOB,
  organisationStatementsJob,
  runOrganisationStatements,
} from './organisation-statements';
import { createOrganisation } from '../organisations/organisations';

const at = (day: string) => new Date(`${day}T06:00:00.000Z`);
const PUBLIC_URL = 'http://localhost:3000';

describe('the monthly statement to accounts payable (issue 39, decision 0068)', () => {
  const t = useTestApp({ now: at('2026-11-10') });

  /** An organisation: its owner (a buyer) and members of the given roles, each an account. */
  async function organisation(prefix: string, roles: OrganisationRole[]) {
    const owner = await createUser(t.db, { email: `${prefix}.owner@university.test`, company: `${prefix} Lab` });
    const created = await t.db.transaction((tx) =>
      createOrganisation(tx, { userId: owner.user.id, name: `${prefix} Laboratory`, now: t.clock.now }),
    );
    const members = [];
    for (const [index, role] of roles.entries()) {
      const member = await createUser(t.db, { email: `${prefix}.${role}${index}@university.test` });
      await t.db.insert(organisationMembers).values({ userId: member.user.id, organisationId: created.id, role });
      members.push({ email: member.user.email, userId: member.user.id, role });
    }
    return { id: created.id, owner: owner.user, members };
  }

  /** A confirmed order of the account with its deposit invoice issued now; returns the invoice number. */
  async function depositInvoice(userId: string, totalAmount: number, currency = 'GBP', language: Language = 'en') {
    const { user: staff } = await createUser(t.db, { isAdmin: true });
    const order = await createOrder(t.db, { userId, status: 'confirmed', totalAmount, currency, language });
    const { invoice } = await t.db.transaction((tx) =>
      issueInvoice(tx, {
        orderId: order.id,
        kind: 'deposit',
        adminId: staff.id,
        now: t.clock.now,
        publicUrl: PUBLIC_URL,
      }),
    );
    return { order, invoice, staffId: staff.id };
  }

  const statementsTo = (emails: string[]) =>
    t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'organisation_statement'), inArray(mailOutbox.toAddress, emails)));

  const attachedText = (mail: { attachments: unknown } | undefined) => {
    const [attachment] = (mail?.attachments ?? []) as { contentBase64?: string; filename: string }[];
    return pdfText(Buffer.from(attachment?.contentBase64 ?? '', 'base64'));
  };

  /** Two app processes' schedulers, as two servers run them. */
  const twoProcesses = () =>
    [0, 1].map(() => {
      const scheduler = createScheduler({ db: t.db, log: { info: () => {}, error: () => {} }, now: () => t.clock.now });
      scheduler.register(organisationStatementsJob(PUBLIC_URL));
      return scheduler;
    });

  it('on the 1st, run by two processes and again: one e-mail per accounts-payable member with the PDF of the open invoices and balance; none to buyers, approvers or the owner; none for an organisation with nothing open', async () => {
    const lab = await organisation('physics', ['accounts_payable', 'accounts_payable', 'buyer', 'approver']);
    const [ap1, ap2, buyer, approver] = lab.members;
    if (!ap1 || !ap2 || !buyer || !approver) throw new Error('members missing');
    // Two orders of the organisation (the owner's and a colleague's), one of them part-paid, in two currencies.
    const first = await depositInvoice(lab.owner.id, 480000);
    const second = await depositInvoice(buyer.userId, 200000);
    await payDeposit(t, second.order.id, 40000, second.staffId);
    const euro = await depositInvoice(buyer.userId, 300000, 'EUR');
    // Paid in full: listed among the payments, not among the open invoices.
    const paid = await depositInvoice(lab.owner.id, 100000);
    await payDeposit(t, paid.order.id, 50000, paid.staffId);

    // Another organisation with accounts payable whose only invoice is paid: nothing open, nothing sent.
    const settled = await organisation('chemistry', ['accounts_payable']);
    const settledInvoice = await depositInvoice(settled.owner.id, 100000);
    await payDeposit(t, settledInvoice.order.id, 50000, settledInvoice.staffId);
    // And one with no invoice at all.
    const idle = await organisation('biology', ['accounts_payable']);

    // Mid-November: not a statement day.
    expect(await t.app.scheduler.runJob(ORGANISATION_STATEMENTS_JOB)).toMatchObject({
      ran: true,
      result: { statements: 0, emails: 0 },
    });
    expect(await statementsTo([ap1.email, ap2.email])).toHaveLength(0);

    // The month boundary: two processes at once, then both again the same day.
    t.clock.now = at('2026-12-01');
    const outcomes = await Promise.all(
      twoProcesses().map((scheduler) => scheduler.runJob(ORGANISATION_STATEMENTS_JOB)),
    );
    expect(outcomes.filter((outcome) => outcome.ran)).toHaveLength(1);
    await Promise.all(twoProcesses().map((scheduler) => scheduler.runJob(ORGANISATION_STATEMENTS_JOB)));
    // Even past the scheduler's once-a-day claim (two runs at once), the (organisation, month) row holds.
    const now = t.clock.now;
    await Promise.all([0, 1].map(() => t.db.transaction((tx) => runOrganisationStatements(tx, now, PUBLIC_URL))));
    // The next day's run (a catch-up day) finds the month sent.
    t.clock.now = at('2026-12-02');
    await t.app.scheduler.runJob(ORGANISATION_STATEMENTS_JOB);

    const sent = await statementsTo([ap1.email, ap2.email]);
    expect(sent.map((mail) => mail.toAddress).sort()).toEqual([ap1.email, ap2.email].sort());
    const others = [lab.owner.email, buyer.email, approver.email];
    expect(await statementsTo(others)).toHaveLength(0);
    expect(await statementsTo([settled.owner.email, ...settled.members.map((m) => m.email)])).toHaveLength(0);
    expect(await statementsTo([idle.owner.email, ...idle.members.map((m) => m.email)])).toHaveLength(0);

    const mail = sent[0];
    expect(mail?.subject).toBe('Statement of account: physics Laboratory, December 2026');
    expect(mail?.attachments?.map((a) => a.filename)).toEqual(['Statement-2026-12-01.pdf']);
    const text = attachedText(mail).replace(/[ \t]+/g, ' ');
    expect(text).toContain('STATEMENT OF ACCOUNT');
    expect(text).toContain('physics Laboratory');
    expect(text).toContain('Open invoices');
    expect(text).toContain(`${first.invoice.number} (order ${first.order.orderNumber}), due`);
    expect(text).toContain(`${second.invoice.number} (order ${second.order.orderNumber}), due`);
    expect(text).toContain(`${euro.invoice.number} (order ${euro.order.orderNumber}), due`);
    // Deposits: £2,400.00 open on the first; £1,000.00 invoiced less £400.00 paid on the second; €1,500.00.
    expect(text).toContain(': £2,400.00 outstanding');
    expect(text).toContain(': £600.00 outstanding');
    expect(text).toContain(': €1,500.00 outstanding');
    expect(text).toContain('GBP: owed on invoices issued £3,000.00.');
    expect(text).toContain('EUR: owed on invoices issued €1,500.00.');
    // The paid invoice is on the statement, not among the open ones.
    expect(text).toContain(paid.invoice.number);
    expect(text).not.toContain(`${paid.invoice.number} (order`);
    expect(mail?.textBody).toContain(`- ${first.invoice.number} (order ${first.order.orderNumber})`);

    const rows = await t.db.select().from(organisationStatements);
    expect(
      rows.map((row) => ({ organisation: row.organisationId, period: row.period, recipients: row.recipients })),
    ).toEqual(
      expect.arrayContaining([
        { organisation: lab.id, period: '2026-12', recipients: 2 },
        { organisation: settled.id, period: '2026-12', recipients: 0 },
        { organisation: idle.id, period: '2026-12', recipients: 0 },
      ]),
    );
    expect(rows).toHaveLength(3);

    // Staff see when it last went on the customer's page (its organisation panel).
    const admin = await createAdminSession(t);
    const page = await t.get(`/api/admin/customers/${lab.owner.id}`, { cookie: admin.cookie });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().organisation.lastStatement).toEqual({
      period: '2026-12',
      sentAt: at('2026-12-01').toISOString(),
      recipients: 2,
    });
    const settledPage = await t.get(`/api/admin/customers/${settled.owner.id}`, { cookie: admin.cookie });
    expect(settledPage.json().organisation.lastStatement).toBeNull();
  });

  it('an organisation whose most recent order is German gets a German statement e-mail (month, due date, money, no English phrase) and German accounts-payable copies of its invoices; a French one French; an English one stays English', async () => {
    t.clock.now = at('2027-05-10');
    const heidelberg = await organisation('heidelberg', ['accounts_payable']);
    const lyon = await organisation('lyon', ['accounts_payable']);
    const london = await organisation('london', ['accounts_payable']);
    const [deAp, frAp, enAp] = [heidelberg, lyon, london].map((lab) => lab.members[0]);
    if (!deAp || !frAp || !enAp) throw new Error('members missing');
    const german = await depositInvoice(heidelberg.owner.id, 961580, 'EUR', 'de');
    const french = await depositInvoice(lyon.owner.id, 961580, 'EUR', 'fr');
    await depositInvoice(london.owner.id, 961580, 'EUR');
    expect(german.invoice.dueDate).toBe('2027-05-24');

    // The invoice's copy to accounts payable opens in the order's language.
    const [copy] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'invoice_deposit'), eq(mailOutbox.toAddress, deAp.email)));
    expect(copy?.textBody.split('\n')[0]).toBe('Eine Kopie für die Kreditorenbuchhaltung Ihrer Organisation.');
    expect(englishIn(`${copy?.subject}\n${copy?.textBody}`, 'de')).toEqual([]);

    t.clock.now = at('2027-06-01');
    await t.app.scheduler.runJob(ORGANISATION_STATEMENTS_JOB);
    const [de] = await statementsTo([deAp.email]);
    expect(de?.subject).toBe('Kontoauszug: heidelberg Laboratory, Juni 2027');
    expect(de?.textBody.split('\n').slice(0, 6)).toEqual([
      'Guten Tag,',
      '',
      'Anbei finden Sie den Kontoauszug von heidelberg Laboratory für Juni 2027: die offenen Rechnungen, die eingegangenen Zahlungen und den Saldo in jeder Währung.',
      '',
      'Offene Rechnungen:',
      `- ${german.invoice.number} (Bestellung ${german.order.orderNumber}), fällig am 24. Mai 2027: 4.807,90\u00a0€ offen`,
    ]);
    expect(englishIn(`${de?.subject}\n${de?.textBody}`, 'de')).toEqual([]);
    expect(attachedText(de)).toContain('KONTOAUSZUG');
    expect(de?.attachments?.map((attachment) => attachment.filename)).toEqual(['Kontoauszug-2027-06-01.pdf']);

    const [fr] = await statementsTo([frAp.email]);
    expect(fr?.subject).toBe('Relevé de compte\u202f: lyon Laboratory, juin 2027');
    expect(fr?.textBody).toContain(
      `- ${french.invoice.number} (commande ${french.order.orderNumber}), échéance le 24 mai 2027\u202f: 4\u00a0807,90\u00a0€ restant dû`,
    );
    expect(englishIn(`${fr?.subject}\n${fr?.textBody}`, 'fr')).toEqual([]);

    const [en] = await statementsTo([enAp.email]);
    expect(en?.subject).toBe('Statement of account: london Laboratory, June 2027');
    expect(en?.textBody).toContain('due 24 May 2027: €4,807.90 outstanding');
  });

  it('an invoice that opens mid-month waits for the next 1st; a 1st the job missed is sent on the first run of that week, not after the 7th', async () => {
    t.clock.now = at('2027-01-15');
    const lab = await organisation('geology', ['accounts_payable']);
    const [ap] = lab.members;
    if (!ap) throw new Error('member missing');
    const { invoice } = await depositInvoice(lab.owner.id, 240000);
    await t.app.scheduler.runJob(ORGANISATION_STATEMENTS_JOB);
    expect(await statementsTo([ap.email])).toHaveLength(0);

    // The shop was down on 1 February: the 3rd's run sends February's.
    t.clock.now = at('2027-02-03');
    await t.app.scheduler.runJob(ORGANISATION_STATEMENTS_JOB);
    const february = await statementsTo([ap.email]);
    expect(february).toHaveLength(1);
    expect(attachedText(february[0])).toContain(invoice.number);

    // Down from 1 to 8 March: no March statement; April's goes on the 1st.
    t.clock.now = at('2027-03-08');
    await t.app.scheduler.runJob(ORGANISATION_STATEMENTS_JOB);
    expect(await statementsTo([ap.email])).toHaveLength(1);
    t.clock.now = at('2027-04-01');
    await t.app.scheduler.runJob(ORGANISATION_STATEMENTS_JOB);
    const april = await statementsTo([ap.email]);
    expect(april).toHaveLength(2);
    expect(april.map((mail) => mail.subject).sort()).toEqual([
      'Statement of account: geology Laboratory, April 2027',
      'Statement of account: geology Laboratory, February 2027',
    ]);
  });
});
