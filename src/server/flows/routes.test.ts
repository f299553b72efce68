import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import { useTestApp } from '../../../tests/support/test-app';
import { incompleteOrders, incompleteRegistrations } from '../db/schema';
import { recordRegistrationStep } from './record-registration-step';

describe('flow logging API', () => {
  const t = useTestApp();

  it('logs the e-mail step as an incomplete registration', async () => {
    const response = await t.post('/api/flows/email', {
      email: 'Step@Example.com',
      flowType: 'order',
      configuration: defaultSelection,
    });
    expect(response.statusCode).toBe(202);
    const [row] = await t.db
      .select()
      .from(incompleteRegistrations)
      .where(eq(incompleteRegistrations.email, 'step@example.com'));
    expect(row).toMatchObject({
      flowType: 'order',
      stepReached: 'email',
      configuration: expect.objectContaining({ model: 'dropwise-standard' }),
    });
  });

  it('updates the latest record of an e-mail and flow with the next step, and starts one for another flow', async () => {
    const email = 'steps@example.com';
    const first = new Date('2026-11-20T10:00:00Z');
    await recordRegistrationStep(t.db, {
      email,
      flowType: 'quote',
      stepReached: 'email',
      userId: null,
      configuration: defaultSelection,
      now: first,
    });
    const later = new Date('2026-11-20T10:05:00Z');
    await recordRegistrationStep(t.db, {
      email,
      flowType: 'quote',
      stepReached: 'details',
      userId: null,
      firstName: "O'Brien",
      organization: 'Smith & Sons',
      currency: 'GBP',
      totalAmount: 488250,
      now: later,
    });
    await recordRegistrationStep(t.db, { email, flowType: 'order', stepReached: 'email', userId: null, now: later });
    const rows = await t.db.select().from(incompleteRegistrations).where(eq(incompleteRegistrations.email, email));
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.flowType === 'quote')).toMatchObject({
      stepReached: 'details',
      firstName: "O'Brien",
      organization: 'Smith & Sons',
      currency: 'GBP',
      totalAmount: 488250,
      configuration: expect.objectContaining({ model: 'dropwise-standard' }),
      updatedAt: later,
    });
    expect(rows.find((row) => row.flowType === 'order')).toMatchObject({
      stepReached: 'email',
      configuration: null,
      firstName: null,
    });
  });

  it('refuses an invalid e-mail with the live message', async () => {
    const response = await t.post('/api/flows/email', { email: 'nope', flowType: 'quote' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ email: 'Please enter a valid email address' });
  });

  it('answers the 51st e-mail step in an hour for one e-mail with 429', async () => {
    const from = { remoteAddress: '198.51.100.51' };
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const response = await t.post('/api/flows/email', { email: 'many@example.com', flowType: 'quote' }, from);
      expect(response.statusCode).toBe(202);
    }
    const refused = await t.post('/api/flows/email', { email: 'many@example.com', flowType: 'quote' }, from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe('Too many attempts. Please wait before trying again.');
  });

  it('answers the 61st e-mail step in an hour from one client, whatever the e-mails, with 429 and Retry-After', async () => {
    const from = { remoteAddress: '203.0.113.161' };
    for (let i = 1; i <= 60; i += 1) {
      const response = await t.post('/api/flows/email', { email: `step-${i}@example.com`, flowType: 'quote' }, from);
      expect(response.statusCode, `step ${i}`).toBe(202);
    }
    const refused = await t.post('/api/flows/email', { email: 'step-61@example.com', flowType: 'quote' }, from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe('Too many attempts. Please wait before trying again.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const logged = await t.db
      .select()
      .from(incompleteRegistrations)
      .where(eq(incompleteRegistrations.email, 'step-61@example.com'));
    expect(logged).toHaveLength(0);
    const other = { remoteAddress: '203.0.113.162' };
    expect(
      (await t.post('/api/flows/email', { email: 'step-61@example.com', flowType: 'quote' }, other)).statusCode,
    ).toBe(202);
  });

  it('logs the order flow progress per tab and updates it as the form fills', async () => {
    const base = { email: 'form@example.com', step: 'shipping', sessionId: 'tab-a' };
    await t.post('/api/flows/progress', { ...base, firstName: 'Ada' }, { headers: { 'user-agent': 'TestAgent/1.0' } });
    await t.post('/api/flows/progress', { ...base, city: '<London>', totalAmount: 488250, currency: 'GBP' });
    await t.post('/api/flows/progress', { ...base, sessionId: 'tab-b', firstName: 'Other' });
    const rows = await t.db.select().from(incompleteOrders).where(eq(incompleteOrders.email, 'form@example.com'));
    expect(rows).toHaveLength(2);
    const tabA = rows.find((row) => row.sessionId === 'tab-a');
    expect(tabA).toMatchObject({
      firstName: 'Ada',
      city: 'London',
      totalAmount: 488250,
      currency: 'GBP',
      stepReached: 'shipping',
      completedAt: null,
    });
  });
  it('stores the one-line fields of the progress on one line and keeps the lines of the notes', async () => {
    const response = await t.post('/api/flows/progress', {
      email: 'lines@example.com',
      step: 'shipping',
      sessionId: 'tab-c',
      firstName: 'Ada\r\nIMPORTANT',
      address: 'Smith\r\n\r\nIMPORTANT: our bank details changed',
      postalCode: 'SW1Y\t4JH',
      notes: 'Goods-in\r\nRing first',
    });
    expect(response.statusCode).toBe(202);
    const [row] = await t.db.select().from(incompleteOrders).where(eq(incompleteOrders.email, 'lines@example.com'));
    expect(row).toMatchObject({
      firstName: 'Ada IMPORTANT',
      address: 'Smith IMPORTANT: our bank details changed',
      postalCode: 'SW1Y 4JH',
      notes: 'Goods-in\nRing first',
    });
  });

  it('refuses order progress whose e-mail is not an address (400 naming the field, no row) and records a real one', async () => {
    const sessionId = 'tab-fake';
    for (const email of ['not an email', 'fake-lead', 'a@b', '<script>@x.y', ' ']) {
      const refused = await t.post('/api/flows/progress', { email, step: 'shipping', sessionId, firstName: 'Fake' });
      expect(refused.statusCode, email).toBe(400);
      expect(refused.json().error.fields.email, email).toBe('Please enter a valid email address');
    }
    expect(await t.db.select().from(incompleteOrders).where(eq(incompleteOrders.sessionId, sessionId))).toEqual([]);

    const recorded = await t.post('/api/flows/progress', {
      email: ' Lead@Example.com ',
      step: 'shipping',
      sessionId,
      firstName: 'Real',
    });
    expect(recorded.statusCode).toBe(202);
    const rows = await t.db.select().from(incompleteOrders).where(eq(incompleteOrders.sessionId, sessionId));
    expect(rows).toMatchObject([{ email: 'lead@example.com', firstName: 'Real' }]);
  });
});
