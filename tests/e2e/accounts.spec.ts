import { codeAfter, currentCode, linkFromMail, submitSignIn } from './accounts-support';
import { expect, test } from './fixtures';

test.describe('customer accounts', () => {
  // Refused sign-ins and codes answer 4xx, which Chromium logs as a failed resource load.
  test.use({
    allowConsoleErrors: ['the server responded with a status of 403', 'the server responded with a status of 400'],
  });

  test('sign up, confirm by e-mail, sign in, enable MFA, sign out, pass the challenge, see My Account', async ({
    page,
    shop,
  }) => {
    test.setTimeout(150_000);
    const email = `journey-${Date.now()}@example.com`;
    const password = 'journey-pass-1';

    // Sign up.
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
    await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveAttribute('placeholder', 'Create a password (min 6 characters)');
    await expect(page.getByLabel('Remember me')).toHaveCount(0);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Account created successfully!')).toBeVisible();
    // Two seconds later the form switches to sign-in with empty fields.
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible({ timeout: 5_000 });
    await expect(page.getByLabel('Email')).toHaveValue('');

    // Signing in before confirming is refused with the specification's message.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Please check your email and click the confirmation link before signing in.',
    );

    // Follow the confirmation link from the e-mail.
    const link = await linkFromMail(shop.dataDir, email, 'Confirm your Dropwise account');
    await page.goto(link);
    await expect(page).toHaveURL(/\/login\?confirmed=1$/);
    await expect(page.getByText('Your email is confirmed. You can now sign in.')).toBeVisible();

    // Sign in.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Welcome back!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    const banner = page.getByRole('banner');
    await banner.getByRole('button', { name: 'My Account' }).click();
    await banner.getByRole('link', { name: 'Account Settings' }).click();
    await expect(page).toHaveURL(/\/my-account$/);
    await expect(page.getByRole('heading', { name: 'My Orders (0)' })).toBeVisible();

    // Enable MFA from Settings with a code computed from the shown secret.
    await page.getByRole('tab', { name: 'Settings' }).click();
    await expect(page.getByText('Customer', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Verified', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Enable two-factor authentication' }).click();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = (await page.getByTestId('mfa-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByRole('button', { name: 'Continue' }).click();
    const enrolment = currentCode(secret);
    await page.getByLabel('Verification code').fill(`${enrolment.code.slice(0, 3)} ${enrolment.code.slice(3)}x`);
    await expect(page.getByLabel('Verification code')).toHaveValue(enrolment.code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByTestId('recovery-code')).toHaveCount(10);
    const recoveryCode = (await page.getByTestId('recovery-code').first().textContent()) ?? '';
    await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await expect(page.getByText('Two-factor authentication enabled')).toBeVisible();
    await expect(page.getByText('Enabled', { exact: true })).toBeVisible();

    // Sign out from Settings.
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(banner.getByRole('link', { name: 'Customer Login' })).toBeVisible();

    // Sign in again: the challenge takes over and the navigation is disabled; Cancel signs out to /login.
    await submitSignIn(page, email, password);
    const challenge = page.getByRole('dialog', { name: 'Two-factor authentication' });
    await expect(challenge).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Cancel & Sign Out' })).toBeVisible();
    await expect(banner.getByRole('link')).toHaveCount(0);
    await challenge.getByRole('button', { name: 'Cancel' }).click();
    await expect(challenge).toBeHidden();
    await expect(page).toHaveURL(/\/login$/);
    await expect(banner.getByRole('link', { name: 'Customer Login' })).toBeVisible();

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(challenge).toBeVisible();
    await challenge.getByRole('button', { name: 'Verify' }).click();
    await expect(challenge.getByRole('alert')).toHaveText('Please enter a 6-digit verification code');
    // A code is accepted once: the authenticator's next one.
    await challenge.getByLabel('Verification code').fill(codeAfter(secret, enrolment.step));
    await challenge.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Authentication complete!')).toBeVisible();
    await expect(challenge).toBeHidden();
    await expect(page).toHaveURL(/\/$/);

    // A new set of recovery codes asks for a code first, from the keyboard; a wrong one is refused and stays to be corrected.
    await page.goto('/my-account?tab=settings');
    const mfa = page.getByRole('region', { name: 'Two-factor authentication' });
    await mfa.getByRole('button', { name: 'Generate new recovery codes' }).click();
    const freshCode = mfa.getByLabel('Authenticator or recovery code');
    await expect(freshCode).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(mfa.getByRole('alert')).toHaveText('Enter a code from your authenticator app or a recovery code.');
    await page.keyboard.type('abcd-efgh-jkmn-pqrs');
    await page.keyboard.press('Enter');
    await expect(mfa.getByRole('alert')).toHaveText('Invalid recovery code. Please check it and try again.');
    await expect(freshCode).toHaveValue('abcd-efgh-jkmn-pqrs');
    await freshCode.fill(recoveryCode);
    await mfa.getByRole('button', { name: 'Create new codes' }).click();
    await expect(mfa.getByTestId('recovery-code')).toHaveCount(10);
    await expect(mfa.getByTestId('recovery-code').filter({ hasText: recoveryCode })).toHaveCount(0);
    await mfa.getByRole('button', { name: 'Done' }).click();
    await expect(mfa.getByText('Recovery codes: 10 unused.', { exact: false })).toBeVisible();

    // My Account with the empty orders state.
    await page.goto('/my-account');
    await expect(page.getByRole('heading', { name: 'My Orders (0)' })).toBeVisible();
    await expect(page.getByText('No orders yet')).toBeVisible();
    await expect(page.getByText("You haven't placed any orders yet.")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start Configuring' })).toHaveAttribute('href', '/configure');

    // Fill in the profile, then place a quote: the quote flow starts at step 2 with the details prefilled.
    await page.getByRole('tab', { name: 'Profile' }).click();
    await page.getByLabel('First name').fill('Journey');
    await page.getByLabel('Last name').fill('Tester');
    await page.getByLabel('Company').fill('Bench Labs Ltd');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect(page.getByText('Profile updated successfully!')).toBeVisible();

    await page.goto('/configure');
    const priceBar = page.getByRole('region', { name: 'Price' });
    await expect(priceBar.getByTestId('est-price')).toHaveText('£4,882.50');
    await priceBar.getByRole('button', { name: 'Generate Quote PDF' }).click();
    await expect(page).toHaveURL(/\/quote-flow$/);
    await expect(page.getByText('Step 2 of 2')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Tell us about yourself' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveValue('Journey');
    await expect(page.getByLabel('Last name')).toHaveValue('Tester');
    await expect(page.getByLabel('Organization')).toHaveValue('Bench Labs Ltd');
    await page.getByRole('button', { name: 'Create Quote' }).click();
    await expect(page).toHaveURL(/\/quote\/[A-Za-z0-9_-]{24,}$/);

    // Order from the quote: the order flow is prefilled; the placed order is in My Account.
    await page.getByRole('button', { name: 'Order Now' }).click();
    await expect(page).toHaveURL(/\/order-flow$/);
    await expect(page.getByLabel('First name')).toHaveValue('Journey');
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await page.getByLabel('Address', { exact: true }).fill('1 Bench Street');
    await page.getByLabel('City').fill('Lancaster');
    await page.getByLabel('Postal code').fill('LA1 4YW');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByLabel('I accept the terms of sale').check();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByRole('heading', { name: 'Order Received' })).toBeVisible();
    const orderNumber = (await page.getByTestId('order-number').textContent()) ?? '';
    expect(orderNumber).toMatch(/^O\d{4}-\d{5}$/);

    await page.goto('/my-account');
    await expect(page.getByRole('heading', { name: 'My Orders (1)' })).toBeVisible();
    await expect(page.getByText(orderNumber)).toBeVisible();
  });

  test("the quote flow's Sign in link returns to step 2 after signing in", async ({ page, shop }) => {
    const email = `flow-${Date.now()}@example.com`;
    const password = 'flow-pass-1';
    const signup = await page.request.post('/api/auth/signup', { data: { email, password } });
    expect(signup.status()).toBe(201);
    await page.goto(await linkFromMail(shop.dataDir, email, 'Confirm your Dropwise account'));
    await expect(page).toHaveURL(/\/login\?confirmed=1$/);

    await page.goto('/configure');
    const priceBar = page.getByRole('region', { name: 'Price' });
    await expect(priceBar.getByTestId('est-price')).toHaveText('£4,882.50');
    await priceBar.getByRole('button', { name: 'Generate Quote PDF' }).click();
    await expect(page.getByText('Step 1 of 2')).toBeVisible();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    // The quote flow (with its own Email field) stays on screen until the login page's code has loaded.
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/quote-flow$/);
    await expect(page.getByText('Step 2 of 2')).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    // Without a company in the profile nothing is prefilled.
    await expect(page.getByLabel('Organization')).toHaveValue('');
  });

  test('reset a forgotten password through the e-mailed link', async ({ page, shop }) => {
    const email = `reset-${Date.now()}@example.com`;
    // An account to reset, confirmed through its link.
    await page.goto('/login');
    await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('first-password');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Account created successfully!')).toBeVisible();
    await page.goto(await linkFromMail(shop.dataDir, email, 'Confirm your Dropwise account'));

    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Reset email sent!')).toBeVisible();

    const link = await linkFromMail(shop.dataDir, email, 'Reset your Dropwise password');
    expect(new URL(link).pathname).toBe('/login');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('second-password');
    await page.getByLabel('Confirm new password').fill('second-password');
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('second-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('button', { name: 'My Account' })).toBeVisible();
  });

  test('My Account sends a signed-out visitor to /login', async ({ page }) => {
    await page.goto('/my-account');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  });
});
