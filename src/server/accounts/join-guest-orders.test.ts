// @engine: hand-written SQL
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createOrder, createUser, guestOrderBody } from '../../../tests/support/factories';
import { linkFromOutbox, signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import type { Order } from '../../shared/orders/order-schema';
import { mailOutbox, orders } from '../db/schema';
import { englishIn } from '../../../tests/support/english-phrases';
import { joinedOrdersNotice } from '../../shared/accounts/joined-orders';

const pathOf = (link: string) => new URL(link).pathname + new URL(link).search;

describe('guest orders join the account once its e-mail is confirmed (issue 38)', () => {
  const t = useTestApp({ now: new Date('2026-11-20T09:00:00.000Z') });

  const placeGuestOrder = async (email: string) => {
    const response = await t.post('/api/orders', guestOrderBody(email));
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { order: { id: string; orderNumber: string }; accessKey: string };
  };
  const ownerOf = async (orderId: string) =>
    (await t.db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId)))[0]?.userId;
  const joinedMails = (to: string) =>
    t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, 'guest_orders_joined')));
  const myOrders = async (cookie: string) =>
    ((await t.get('/api/account/orders', { cookie })).json() as { orders: Order[] }).orders.map((o) => o.orderNumber);

  it('an unconfirmed sign-up sees nothing; the confirmation joins the orders and says how many', async () => {
    const email = 'guest.buyer@example.com';
    const { order, accessKey } = await placeGuestOrder(email);
    // Placed by hand with the address in another case: the match ignores case.
    const shouted = await createOrder(t.db, {
      createdAt: new Date('2026-11-19T09:00:00.000Z'),
      configuration: { customerInfo: { email: 'GUEST.Buyer@Example.COM', firstName: 'Ada' } },
    });
    // Kept under legal hold after an erasure, and purged: never joined.
    const held = await createOrder(t.db, {
      legalHoldUntil: '2033-12-31',
      configuration: { customerInfo: { email } },
    });
    const purged = await createOrder(t.db, {
      personalDataPurgedAt: new Date('2026-10-01T00:00:00.000Z'),
      configuration: { customerInfo: { email } },
    });
    const someoneElse = await placeGuestOrder('other.buyer@example.com');

    expect(
      (await t.post('/api/auth/signup', { email: 'Guest.Buyer@example.com', password: 'secret-pw-1' })).statusCode,
    ).toBe(201);
    // Not yet confirmed: the order stays a guest order, the account cannot sign in, the key still opens it.
    expect(await ownerOf(order.id)).toBeNull();
    expect((await t.post('/api/auth/signin', { email, password: 'secret-pw-1' })).statusCode).toBe(403);
    expect(await joinedMails(email)).toHaveLength(0);
    expect((await t.get(`/api/orders/${order.id}?key=${accessKey}`)).json().order).toHaveProperty('billingAddress');

    const confirm = await t.get(pathOf(await linkFromOutbox(t, email, 'signup_confirmation')));
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe('/login?confirmed=1&orders=2');

    const cookie = await signIn(t, email, 'secret-pw-1');
    expect(await myOrders(cookie)).toEqual([order.orderNumber, shouted.orderNumber]);
    expect(await ownerOf(held.id)).toBeNull();
    expect(await ownerOf(purged.id)).toBeNull();
    expect(await ownerOf(someoneElse.order.id)).toBeNull();

    const [mail, ...more] = await joinedMails(email);
    expect(more).toHaveLength(0);
    expect(mail?.textBody).toContain('2 earlier orders placed with this e-mail were added to your account.');
    expect(mail?.textBody).toContain(`- ${shouted.orderNumber}\n- ${order.orderNumber}`);
    expect(mail?.textBody).toContain(`${t.env.publicUrl}/my-account`);

    // The order is the account's now: its guest link opens nothing, its owner signs in to read it.
    expect((await t.get(`/api/orders/${order.id}?key=${accessKey}`)).statusCode).toBe(404);
    expect((await t.get(`/api/orders/${order.id}`, { cookie })).json().order).toHaveProperty('billingAddress');
    // Signing in again joins nothing new and sends nothing more.
    await signIn(t, email, 'secret-pw-1');
    expect(await joinedMails(email)).toHaveLength(1);
  });

  it('a guest order placed with a confirmed account’s e-mail joins at its next sign-in', async () => {
    const { user } = await createUser(t.db, { email: 'already.here@example.com' });
    const { order } = await placeGuestOrder('already.here@example.com');
    expect(await ownerOf(order.id)).toBeNull();
    const cookie = await signIn(t, 'already.here@example.com');
    expect(await ownerOf(order.id)).toBe(user.id);
    expect(await myOrders(cookie)).toEqual([order.orderNumber]);
    const [mail] = await joinedMails('already.here@example.com');
    expect(mail?.textBody).toContain('1 earlier order placed with this e-mail was added to your account.');
    expect(mail?.subject).toBe('Your earlier order is in your Dropwise account');
  });

  it('a wrong password joins nothing', async () => {
    await createUser(t.db, { email: 'careful@example.com' });
    const { order } = await placeGuestOrder('careful@example.com');
    expect(
      (await t.post('/api/auth/signin', { email: 'careful@example.com', password: 'not-it-at-all' })).statusCode,
    ).toBe(400);
    expect(await ownerOf(order.id)).toBeNull();
  });

  it('a password reset that confirms the address joins its guest orders', async () => {
    const { user } = await createUser(t.db, { email: 'reset.me@example.com', confirmed: false });
    const { order } = await placeGuestOrder('reset.me@example.com');
    expect((await t.post('/api/auth/recover', { email: 'reset.me@example.com' })).statusCode).toBe(200);
    const token = new URL(await linkFromOutbox(t, 'reset.me@example.com', 'password_reset')).searchParams.get('token');
    const reset = await t.post('/api/auth/reset', { token, password: 'brand-new-pw-1' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await ownerOf(order.id)).toBe(user.id);
    expect(await joinedMails('reset.me@example.com')).toHaveLength(1);
  });

  it('German guest orders joining an account: the e-mail is German (subject, one and several orders, no English catalogue phrase); an English one says what the sign-in page says', async () => {
    const email = 'einkauf@labor.test';
    const german = await createOrder(t.db, { language: 'de', configuration: { customerInfo: { email } } });
    const second = await createOrder(t.db, { language: 'de', configuration: { customerInfo: { email } } });
    await createUser(t.db, { email });
    await signIn(t, email);
    const [mail] = await joinedMails(email);
    expect(mail?.subject).toBe('Ihre früheren Bestellungen sind jetzt in Ihrem Dropwise-Konto');
    expect(mail?.textBody.split('\n')[0]).toBe(
      '2 frühere Bestellungen, die mit dieser E-Mail-Adresse aufgegeben wurden, wurden Ihrem Konto hinzugefügt.',
    );
    expect(mail?.textBody).toContain(`- ${german.orderNumber}`);
    expect(mail?.textBody).toContain(`- ${second.orderNumber}`);
    expect(mail?.textBody).toContain(
      `Sie können sie unter „Mein Konto“, „Bestellungen“ verfolgen: ${t.env.publicUrl}/my-account`,
    );
    expect(englishIn(`${mail?.subject}\n${mail?.textBody}`, 'de')).toEqual([]);

    // One French order: the singular, in French.
    const lyon = 'achats@labo.test';
    await createOrder(t.db, { language: 'fr', configuration: { customerInfo: { email: lyon } } });
    await createUser(t.db, { email: lyon });
    await signIn(t, lyon);
    const [french] = await joinedMails(lyon);
    expect(french?.subject).toBe('Votre commande précédente est désormais dans votre compte Dropwise');
    expect(englishIn(`${french?.subject}\n${french?.textBody}`, 'fr')).toEqual([]);

    // English: the catalogue's sentence is the sign-in page's notice, word for word.
    const english = 'buyer@lab.test';
    await createOrder(t.db, { configuration: { customerInfo: { email: english } } });
    await createUser(t.db, { email: english });
    await signIn(t, english);
    const [plain] = await joinedMails(english);
    expect(plain?.textBody.split('\n')[0]).toBe(joinedOrdersNotice(1));
  });
});
