import pg from 'pg';
import { linkFromMail, submitSignIn } from './accounts-support';
import { expect, test } from './fixtures';

// Orders are written by the order flow; here they are put straight into the shop's database,
// which a test can only share with the running shop on PostgreSQL (PGlite is single-process).
test.use({ allowConsoleErrors: ['the server responded with a status of 404'] });

test("a customer sees their orders in My Account and opens one; another customer's order is not found", async ({
  page,
  shop,
}) => {
  test.skip(!shop.databaseUrl, 'needs the shop on PostgreSQL (DATABASE_URL) to write orders beside it');
  const email = `orders-${Date.now()}@example.com`;
  const password = 'orders-pass-1';
  const signup = await page.request.post('/api/auth/signup', { data: { email, password } });
  expect(signup.status()).toBe(201);
  await page.request.get(await linkFromMail(shop.dataDir, email, 'Confirm your Dropwise account'));

  const client = new pg.Client({ connectionString: shop.databaseUrl });
  await client.connect();
  let mine = '';
  let foreign = '';
  try {
    const user = await client.query<{ id: string }>('select id from users where email = $1', [email]);
    const userId = user.rows[0]?.id;
    const insert = async (values: {
      number: string;
      userId: string | null;
      status: string;
      payment: string;
      tracking: string | null;
      createdAt: string;
    }) => {
      const order = await client.query<{ id: string }>(
        `insert into orders (order_number, user_id, total_amount, deposit_amount, remaining_amount, currency, status, payment_status, tracking_number, estimated_delivery_date, configuration, notes, created_at)
         values ($1, $2, 570000, 285000, 285000, 'GBP', $3, $4, $5, '2026-04-01', $6, 'Please deliver to lab 3', $7) returning id`,
        [
          values.number,
          values.userId,
          values.status,
          values.payment,
          values.tracking,
          JSON.stringify({ model: 'dropwise-standard', quantity: 2, batch: null }),
          values.createdAt,
        ],
      );
      const id = order.rows[0]?.id ?? '';
      await client.query(
        `insert into order_items (order_id, item_type, item_id, item_name, quantity, unit_price, total_price) values
         ($1, 'base_configuration', 'dropwise-standard', 'Dropwise Standard', 2, 237500, 475000),
         ($1, 'accessory', '10x-2ml-syringes', '10x 2ml syringes', 1, 0, 0)`,
        [id],
      );
      await client.query(
        `insert into order_status_history (order_id, old_status, new_status, notes) values ($1, null, 'pending', 'Order created'), ($1, 'pending', $2, 'Status updated via admin panel')`,
        [id, values.status],
      );
      return id;
    };
    await insert({
      number: 'O2026-90001',
      userId: userId ?? null,
      status: 'pending',
      payment: 'pending',
      tracking: null,
      createdAt: '2026-03-01T10:00:00Z',
    });
    mine = await insert({
      number: 'O2026-90002',
      userId: userId ?? null,
      status: 'shipped',
      payment: 'deposit_paid',
      tracking: 'TRK-123456',
      createdAt: '2026-03-05T10:00:00Z',
    });
    foreign = await insert({
      number: 'O2026-90003',
      userId: null,
      status: 'pending',
      payment: 'pending',
      tracking: null,
      createdAt: '2026-03-06T10:00:00Z',
    });
  } finally {
    await client.end();
  }

  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/my-account');
  await expect(page.getByRole('heading', { name: 'My Orders (2)' })).toBeVisible();
  const orders = page.getByRole('main').getByRole('listitem');
  // Newest first, with status badges and the tracking number.
  await expect(orders.first()).toContainText('Order O2026-90002');
  await expect(orders.first()).toContainText('Shipped');
  await expect(orders.first()).toContainText('TRK-123456');
  await expect(orders.first()).toContainText('£5,700.00');
  await expect(orders.nth(1)).toContainText('Pending');
  await orders
    .first()
    .getByRole('link', { name: /View details/i })
    .click();

  await expect(page).toHaveURL(new RegExp(`/order-details/${mine}$`));
  await expect(page.getByRole('heading', { name: 'Order O2026-90002' })).toBeVisible();
  const product = page.getByRole('region', { name: 'Product Details' });
  await expect(product).toContainText('Dropwise Standard');
  await expect(product).toContainText('Not specified');
  await expect(product).toContainText('10x 2ml syringes');
  await expect(product).toContainText('Please deliver to lab 3');
  await expect(page.getByRole('region', { name: 'Shipping Information' })).toContainText('TRK-123456');
  const payment = page.getByRole('region', { name: 'Payment Information' });
  await expect(payment).toContainText('Deposit Required£2,850.00');
  await expect(payment).toContainText('Deposit Paid');
  const timeline = page.getByRole('region', { name: 'Order Timeline' });
  await expect(timeline).toContainText('Order Placed');
  await expect(timeline).toContainText('Package in transit');
  await expect(timeline).not.toContainText('Order completed');
  // The status history in the customer's words: no raw status values, no staff wording.
  await expect(timeline).toContainText('Shipped, tracking number TRK-123456');
  await expect(timeline).not.toContainText('Status updated via admin panel');
  await expect(timeline).not.toContainText('pending →');

  // A guest order (or another customer's) reads as not found.
  await page.goto(`/order-details/${foreign}`);
  await expect(page.getByRole('heading', { name: 'Order Not Found' })).toBeVisible();
  await expect(page.getByText("The order you're looking for could not be found.")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to My Account' })).toHaveAttribute('href', '/my-account');
});
