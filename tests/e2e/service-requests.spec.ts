import type { Page } from '@playwright/test';
import { signInAdminSettingUpMfa, submitSignIn } from './accounts-support';
import { adminShopAdmins, adminShopTest, deliveredInstrument } from './admin-shop';
import { expect, waitsForTheApp } from './fixtures';
import { tinyPng } from '../support/service-fixtures';

const ADMIN_EMAIL = adminShopAdmins.support.email;
const ADMIN_PASSWORD = adminShopAdmins.support.password;
const HOSTILE = '<script>alert(1)</script> =HYPERLINK("http://evil.example","x") it stopped dispensing';

const instrument = deliveredInstrument;

const test = adminShopTest;

async function signIn(page: Page, who: { email: string; password: string }) {
  await submitSignIn(page, who.email, who.password);
  await expect(page).not.toHaveURL(/\/login/);
}

/** Any dialog (an alert from injected script) fails the journey. */
function forbidDialogs(page: Page, seen: string[]) {
  page.on('dialog', (dialog) => {
    seen.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
}

test('a customer asks for service, staff take the instrument through every step, the customer follows each one, and no one else sees it', async ({
  page,
  browser,
  shop,
}) => {
  test.setTimeout(180_000);
  const dialogs: string[] = [];
  forbidDialogs(page, dialogs);

  // The owner opens a request from the instrument's serial number, with a photo.
  await signIn(page, instrument.owner);
  await page.goto(`/service-requests/new?serial=${instrument.serial}`);
  await expect(page.getByLabel('Serial number')).toHaveValue(instrument.serial);
  // No promise before diagnosis (issue 41).
  await expect(page.getByTestId('service-cover')).toHaveText('Covered by warranty, subject to inspection (terms §11)');
  await page.getByLabel('What happened').fill(HOSTILE);
  await page.getByLabel(/Photos/).setInputFiles({ name: 'pump.png', mimeType: 'image/png', buffer: tinyPng });
  await page.getByRole('button', { name: 'Send request' }).click();
  const heading = page.getByRole('heading', { name: /^Service request SR\d{4}-\d{5}$/ });
  await expect(heading).toBeVisible();
  const requestNumber = ((await heading.textContent()) ?? '').replace('Service request ', '');
  const requestPath = new URL(page.url()).pathname;
  expect(requestPath).toBe(`/service-requests/${requestNumber}`);
  await expect(page.getByTestId('service-status')).toHaveText('Requested');
  await expect(page.getByRole('region', { name: 'What happened' })).toContainText(HOSTILE);
  await expect(page.getByRole('img', { name: 'Photo 1' })).toBeVisible();

  // Staff find it by serial number: the customer's text is shown as text, in the list and on the request.
  const staff = await browser.newContext({ baseURL: shop.baseURL });
  const admin = waitsForTheApp(await staff.newPage());
  forbidDialogs(admin, dialogs);
  await signInAdminSettingUpMfa(admin, ADMIN_EMAIL, ADMIN_PASSWORD);
  await admin.goto('/admin');
  await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Service', exact: true }).click();
  await admin.getByRole('searchbox').fill(instrument.serial);
  await admin.getByRole('button', { name: 'Search' }).click();
  const rows = admin.getByRole('table', { name: 'Service requests' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1).getByTestId('service-description')).toHaveText(HOSTILE);
  await expect(rows.nth(1)).toContainText('Under warranty');
  await expect(admin.locator('main script')).toHaveCount(0);
  await rows.nth(1).getByRole('link', { name: requestNumber }).click();
  await expect(admin.getByRole('heading', { name: `Service request ${requestNumber}` })).toBeVisible();
  await expect(admin.getByTestId('service-description')).toHaveText(HOSTILE);
  await expect(admin.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await expect(admin.getByRole('link', { name: /Open order/ })).toBeVisible();
  // Staff pages speak to staff (issue 41), and receipt waits for the decontamination declaration.
  await expect(admin.getByTestId('service-cover')).toContainText(
    'Under warranty: covered unless inspection finds an exclusion',
  );
  await expect(admin.getByTestId('service-decontamination')).toContainText('Not signed yet');

  const moveForm = admin.getByRole('form', { name: 'Move the request' });
  const moveTo = async (label: string, fill?: { field: string | RegExp; text: string }) => {
    await moveForm.getByLabel('Move to').selectOption({ label });
    if (fill) await moveForm.getByLabel(fill.field).fill(fill.text);
    await moveForm.getByRole('button', { name: `Move to ${label.toLowerCase()}` }).click();
    await expect(admin.getByTestId('service-status')).toHaveText(label);
  };
  const customerSees = async (label: string) => {
    await page.reload();
    await expect(page.getByTestId('service-status')).toHaveText(label);
    await expect(page.getByRole('list', { name: 'Progress' }).getByRole('listitem').first()).toContainText(label);
  };

  // Straight to Received is not offered: the lifecycle's moves only.
  await expect(moveForm.getByLabel('Move to').locator('option')).toHaveText(['Authorised', 'Declined']);
  await moveTo('Authorised', { field: /Return instructions/, text: 'Pack it in its box and use the prepaid label.' });
  const rma = (await admin.getByTestId('rma-number').textContent()) ?? '';
  expect(rma).toMatch(/^RMA\d{4}-\d{5}$/);
  await customerSees('Authorised');
  await expect(page.getByTestId('rma-number')).toHaveText(rma);
  await expect(page.getByRole('region', { name: 'Return authorisation' })).toContainText(
    'Pack it in its box and use the prepaid label.',
  );
  await expect(page.getByRole('link', { name: /Download the RMA document/ })).toHaveAttribute(
    'href',
    `/api/service-requests/${requestNumber}/rma.pdf`,
  );

  // The customer signs the decontamination declaration on the request page; staff see it before receipt.
  const declaration = page.getByRole('region', { name: 'Decontamination declaration' });
  await declaration.getByLabel(/Substances the instrument handled/).fill('Aqueous buffers only');
  await declaration.getByLabel('Cleaning and decontamination method').fill('Flushed with 70% ethanol, then water');
  await declaration.getByLabel('Your full name (your signature)').fill('Dorothy Hodgkin');
  await declaration.getByLabel(/I declare that the instrument/).check();
  await declaration.getByRole('button', { name: 'Sign the declaration' }).click();
  await expect(page.getByTestId('decontamination')).toContainText('Dorothy Hodgkin');
  await expect(page.getByRole('link', { name: /Download the declaration/ })).toHaveAttribute(
    'href',
    `/api/service-requests/${requestNumber}/decontamination.pdf`,
  );
  await admin.reload();
  await expect(admin.getByTestId('service-decontamination')).toContainText('Aqueous buffers only');

  await moveTo('Received', { field: /Staff-only note/, text: 'Internal: cracked housing' });
  await customerSees('Received');
  await moveTo('Repaired', { field: /Note for the customer/, text: 'New pump fitted.' });
  await customerSees('Repaired');
  await expect(page.getByRole('list', { name: 'Progress' })).toContainText('New pump fitted.');
  await moveTo('Returned');
  await customerSees('Returned');
  await expect(admin.getByText('This request is closed.')).toBeVisible();

  // Every step is on the customer's page, staff-only notes are not.
  const progress = page.getByRole('list', { name: 'Progress' });
  for (const step of ['Requested', 'Authorised', 'Received', 'Repaired', 'Returned'])
    await expect(progress).toContainText(step);
  await expect(page.getByRole('main')).not.toContainText('Internal: cracked housing');
  await page.goto('/service-requests');
  await expect(page.getByRole('link', { name: requestNumber })).toBeVisible();

  // Another customer gets the 404 page for the same address.
  const otherContext = await browser.newContext({ baseURL: shop.baseURL });
  const other = waitsForTheApp(await otherContext.newPage());
  await signIn(other, instrument.other);
  await other.goto(requestPath);
  await expect(other.getByRole('heading', { name: 'Service request not found' })).toBeVisible();
  await expect(other.getByRole('main')).not.toContainText(instrument.serial);
  await other.goto(`/service-requests/new?serial=${instrument.serial}`);
  await expect(other.getByRole('heading', { name: 'Instrument not found' })).toBeVisible();

  expect(dialogs).toEqual([]);
  await staff.close();
  await otherContext.close();
});
