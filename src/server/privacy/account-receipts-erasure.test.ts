import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../tests/support/factories';
import { useTestApp } from '../../../tests/support/test-app';
import { ERASED } from '../../shared/privacy/privacy-contracts';
import { listAccountReceipts, recordAccountReceipt } from '../billing/account-receipts';
import { accountReceipts } from '../db/schema';
import { loadPaymentsRegister } from '../reporting/payments-register';
import { erasePerson } from './erasure';
import { runRetention } from './retention-job';

/**
 * Issue 51: receipts on account name the payer (the bank reference, staff's note). An erasure and the
 * retention job treat them as the other receivables: kept for the financial hold, then their personal
 * fields cleared; never left to read as unidentified money.
 */
const start = new Date('2026-11-26T12:00:00Z');

describe('receipts on account under a customer’s erasure and the retention job (issue 51)', () => {
  const t = useTestApp({ now: start });

  const receipt = async (input: { userId: string | null; reference: string | null; note: string | null }) => {
    const { user: clerk } = await createUser(t.db, { isAdmin: true, roles: ['finance'] });
    const { receipt: row } = await recordAccountReceipt(t.db, {
      ...input,
      amount: 125_000,
      currency: 'GBP',
      receivedOn: '2026-11-20',
      method: 'bank_transfer',
      adminId: clerk.id,
      now: start,
    });
    return row;
  };
  const rowOf = async (id: string) => (await t.db.select().from(accountReceipts).where(eq(accountReceipts.id, id)))[0];

  it('erasing the customer keeps their receipt for the hold, marked erased (not “unidentified”), without staff’s note', async () => {
    const { user } = await createUser(t.db, { email: 'erase-me@chem.example', company: 'Erased Chem Ltd' });
    const kept = await receipt({
      userId: user.id,
      reference: 'BACS 7781 CHEMLAB',
      note: 'Phoned: Dr Erase says PO follows',
    });

    await t.db.transaction((tx) => erasePerson(tx, { email: user.email, userId: user.id, now: start }));

    const row = await rowOf(kept.id);
    expect(row).toMatchObject({ userId: null, amount: 125_000, note: null, reference: 'BACS 7781 CHEMLAB' });
    expect(row?.customerErasedAt?.toISOString()).toBe(start.toISOString());
    const listed = (await listAccountReceipts(t.db, { show: 'all', page: 1, pageSize: 100, search: 'BACS 7781' }))
      .items[0];
    expect(listed).toMatchObject({ customer: null, customerErased: true, unallocated: 125_000 });
    const register = await loadPaymentsRegister(t.db, {
      from: '2026-11-01',
      to: '2026-11-30',
      search: 'BACS 7781',
      page: 1,
      pageSize: 100,
    });
    expect(JSON.stringify(register)).toContain(`${ERASED} (on account)`);
    expect(JSON.stringify(register)).not.toContain('Unidentified');
  });

  it('an unidentified receipt whose reference or note quotes the erased guest’s address has it struck, and only as a whole address', async () => {
    const quoted = await receipt({ userId: null, reference: 'REF guest@lab.example', note: 'from guest@lab.example.' });
    const other = await receipt({ userId: null, reference: 'REF joguest@lab.example', note: null });

    await t.db.transaction((tx) => erasePerson(tx, { email: 'guest@lab.example', userId: null, now: start }));

    expect(await rowOf(quoted.id)).toMatchObject({ reference: `REF ${ERASED}`, note: `from ${ERASED}.` });
    expect(await rowOf(other.id)).toMatchObject({ reference: 'REF joguest@lab.example' });
  });

  it('the retention job clears a receipt’s reference, note, void reason and customer 7 years after its financial year, keeping its amount, and leaves a younger one', async () => {
    const { user } = await createUser(t.db);
    const old = await receipt({ userId: user.id, reference: 'OLD PAYER NAME', note: 'old note' });
    const young = await receipt({ userId: null, reference: 'YOUNG PAYER', note: null });
    await t.db
      .update(accountReceipts)
      .set({ receivedOn: '2018-03-01', createdAt: new Date('2018-03-01T10:00:00Z'), voidReason: 'Mis-keyed: Dr X' })
      .where(eq(accountReceipts.id, old.id));

    const result = await t.db.transaction((tx) => runRetention(tx, start));

    expect(result.accountReceiptsPurged).toBe(1);
    const purged = await rowOf(old.id);
    expect(purged).toMatchObject({ reference: null, note: null, voidReason: null, userId: null, amount: 125_000 });
    expect(purged?.personalDataPurgedAt?.toISOString()).toBe(start.toISOString());
    expect(await rowOf(young.id)).toMatchObject({ reference: 'YOUNG PAYER', personalDataPurgedAt: null });
  });
});
