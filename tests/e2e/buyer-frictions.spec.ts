import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { exampleBusinessProfile, publicProfileOf } from '../../src/shared/business-profile';
import { profileTexts } from '../../src/shared/profile-tokens';
import { linkFromMail } from './accounts-support';
import { expect, test } from './fixtures';

/** How many e-mails with a subject went to an address (the mail folder of the shop's data directory). */
async function mailCount(dataDir: string, to: string, subject: string): Promise<number> {
  const files = await readdir(join(dataDir, 'mail')).catch(() => [] as string[]);
  let n = 0;
  for (const file of files.filter((f) => f.endsWith('.eml'))) {
    const raw = await readFile(join(dataDir, 'mail', file), 'utf8');
    if (raw.includes(`To: ${to}`) && raw.includes(subject)) n += 1;
  }
  return n;
}

async function openConfigurator(page: Page) {
  await page.goto('/configure');
  await expect(page.getByRole('heading', { level: 1, name: 'Configure your Dropwise' })).toBeVisible();
  await expect(page.getByTestId('est-price')).toBeVisible();
}

async function chooseCountry(page: Page, name: string) {
  await page.getByRole('button', { name: /^Delivery country/ }).click();
  await page
    .getByRole('dialog', { name: 'Choose your delivery country' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click();
}

test.describe('issue 13 small frictions', () => {
  test('joining the waitlist shows its success once, in the dialog, and clears the earlier error toast', async ({
    page,
  }) => {
    await openConfigurator(page);
    await chooseCountry(page, 'United States');
    const dialog = page.getByRole('dialog', { name: 'Join the USA waitlist' });
    await dialog.getByRole('button', { name: 'Join the waitlist' }).click();
    await expect(page.getByText('Email required')).toBeVisible();

    await dialog.getByLabel('Email address').fill(`once-${Date.now()}@example.com`);
    await dialog.getByRole('button', { name: 'Join the waitlist' }).click();
    const done = page.getByRole('dialog', { name: "You're on the list!" });
    await expect(done.getByText('Successfully added to waitlist!')).toBeVisible();
    // Once: not again as a toast, and the earlier error toast is gone.
    await expect(page.getByText('Successfully added to waitlist!')).toHaveCount(1);
    await expect(page.getByText('Email required')).toHaveCount(0);
  });

  test('when the map host does not answer, the contact page shows the address with a link to open the map', async ({
    page,
  }) => {
    // The map host never answers (a network that drops the connection); registered last, so it runs first.
    await page.route(
      (url) => url.hostname === 'www.openstreetmap.org',
      () => new Promise<void>(() => undefined),
    );
    // The frame that never answers holds back the window's load event, so wait for the document only.
    await page.goto('/contact', { waitUntil: 'domcontentloaded' });
    const fallback = page.getByTestId('map-fallback');
    await fallback.scrollIntoViewIfNeeded();
    await expect(fallback).toBeVisible();
    await expect(fallback).toContainText('Lancaster');
    await expect(fallback.getByRole('link', { name: 'Open the map (opens in a new tab)' })).toHaveAttribute(
      'href',
      profileTexts(publicProfileOf(exampleBusinessProfile)).mapLinkUrl,
    );
    const caption = page.locator('figcaption');
    await expect(caption).toContainText(exampleBusinessProfile.tradingAddress.street);
    await expect(caption.getByRole('link', { name: /View a larger map/ })).toHaveAttribute(
      'href',
      profileTexts(publicProfileOf(exampleBusinessProfile)).mapLinkUrl,
    );
  });

  test('after sign-up the check-your-e-mail note stays on the sign-in form and the link can be sent again', async ({
    page,
    shop,
  }) => {
    const email = `resend-${Date.now()}@example.com`;
    await page.goto('/login');
    await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('resend-pass-1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible({ timeout: 5_000 });
    const pending = page.getByTestId('confirmation-pending');
    await expect(pending).toContainText(
      'Account created! Please check your email for a confirmation link before signing in.',
    );

    await linkFromMail(shop.dataDir, email, 'Confirm your Dropwise account');
    await pending.getByRole('button', { name: 'Resend confirmation e-mail' }).click();
    await expect(pending).toContainText(`We have sent a new confirmation link to ${email}.`);
    await expect
      .poll(() => mailCount(shop.dataDir, email, 'Confirm your Dropwise account'), { timeout: 15_000 })
      .toBe(2);

    // The new link confirms the account with the password of the sign-up.
    await page.goto(await linkFromMail(shop.dataDir, email, 'Confirm your Dropwise account'));
    await expect(page.getByText('Your email is confirmed. You can now sign in.')).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('resend-pass-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Welcome back!')).toBeVisible();
  });
});
