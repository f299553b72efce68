// @vitest-environment happy-dom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultSelection, fixtureProduct } from '../../shared/pricing/pricing-fixture';
import { priceConfiguration } from '../../shared/pricing/price-configuration';
import { vatCustomer } from '../../shared/tax/vat-customer';
import { apiError, mockFetch, renderRoutes, resetWebTest, signedOut } from '../../../tests/support/web-render';
import { emailFieldDescriptor } from '../../shared/email-address';
import { chooseLanguage } from '../i18n/language';
import { saveQuoteFlow } from '../lib/flow-storage';
import { QuoteFlowPage } from './quote-flow-page';

const EMAIL = 'ada@lab.example';

function openQuoteFlow(configuration = defaultSelection) {
  saveQuoteFlow({
    type: 'quote',
    configuration,
    currency: 'GBP',
    total: 488250,
    subtotal: 406875,
    vat: 81375,
    showVAT: true,
  });
  return renderRoutes(
    [
      { path: '/quote-flow', element: <QuoteFlowPage /> },
      { path: '/quote/:reference', element: <h1>The quote page</h1> },
    ],
    '/quote-flow',
  );
}

async function passEmailStep(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Email address'), EMAIL);
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { name: 'Tell us about yourself' });
}

describe('the quote flow (component, happy-dom)', () => {
  afterEach(resetWebTest);

  it('checks the e-mail as it is typed and only then sends it to the server', async () => {
    const calls = mockFetch({ 'GET /api/auth/session': signedOut, 'POST /api/flows/email': { body: { ok: true } } });
    const user = userEvent.setup();
    openQuoteFlow();

    const email = await screen.findByLabelText('Email address');
    const next = screen.getByRole('button', { name: 'Next' });
    expect((next as HTMLButtonElement).disabled).toBe(true);
    await user.type(email, 'ada@lab');
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect((next as HTMLButtonElement).disabled).toBe(true);
    expect(calls.some((call) => call.path === '/api/flows/email')).toBe(false);

    await user.type(email, '.example');
    await waitFor(() => expect(screen.queryByText('Please enter a valid email address')).toBeNull());
    await user.click(next);
    await screen.findByRole('heading', { name: 'Tell us about yourself' });
    expect(screen.getByText(EMAIL)).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/flows/email')?.body).toEqual({
      email: EMAIL,
      flowType: 'quote',
      configuration: defaultSelection,
    });
  });

  it('tells the buyer to wait when the e-mail step is rate limited', async () => {
    mockFetch({
      'GET /api/auth/session': signedOut,
      'POST /api/flows/email': apiError(429, 'rate_limited', 'Too many attempts. Please wait before trying again.'),
    });
    const user = userEvent.setup();
    openQuoteFlow();
    await user.type(await screen.findByLabelText('Email address'), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Too many requests. Please wait a moment before trying again.',
    );
    expect(screen.queryByRole('heading', { name: 'Tell us about yourself' })).toBeNull();
  });

  it('on a German page, a server 400 on the e-mail reads in German by the field’s message id (issue 53)', async () => {
    mockFetch({
      'GET /api/auth/session': signedOut,
      // The server's 400: the English in `fields`, the id in `fieldMessageIds`.
      'POST /api/flows/email': apiError(
        400,
        'invalid_input',
        emailFieldDescriptor,
        { email: emailFieldDescriptor.message },
        { email: emailFieldDescriptor.id },
      ),
    });
    await act(() => chooseLanguage('de'));
    const user = userEvent.setup();
    openQuoteFlow();
    await user.type(await screen.findByLabelText('E-Mail-Adresse'), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Bitte geben Sie eine gültige E-Mail-Adresse ein');
    expect(screen.queryByText(emailFieldDescriptor.message)).toBeNull();
  });

  it('shows the live messages while typing, the submit messages on Create, and sends nothing invalid', async () => {
    const calls = mockFetch({ 'GET /api/auth/session': signedOut, 'POST /api/flows/email': { body: { ok: true } } });
    const user = userEvent.setup();
    openQuoteFlow();
    await passEmailStep(user);

    await user.type(screen.getByLabelText('First name'), 'R2D2');
    expect(
      await screen.findByText(
        'First name must be 1-100 characters and contain only letters, spaces, hyphens, and apostrophes',
      ),
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Create Quote' }));
    expect(await screen.findByText('Valid first name is required (1-100 characters, letters only)')).toBeTruthy();
    expect(screen.getByText('Valid last name is required (1-100 characters, letters only)')).toBeTruthy();
    expect(screen.getByText('Valid organization name is required (1-200 characters)')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('First name'));
    expect(calls.some((call) => call.path === '/api/quotes')).toBe(false);
  });

  it('shows what the server refused by its field, and creates the quote once the details are right', async () => {
    let refuse = true;
    const calls = mockFetch({
      'GET /api/auth/session': signedOut,
      'POST /api/flows/email': { body: { ok: true } },
      'POST /api/quotes': () =>
        refuse
          ? apiError(400, 'validation_error', 'Invalid last name', { 'customerInfo.lastName': 'Invalid last name' })
          : { status: 201, body: { quote: { reference: 'Q-REF-1' } } },
    });
    const user = userEvent.setup();
    openQuoteFlow();
    await passEmailStep(user);
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), "O'Neil");
    await user.type(screen.getByLabelText('Organization'), 'Analytical Engines Ltd');

    await user.click(screen.getByRole('button', { name: 'Create Quote' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Please enter a valid last name (letters, spaces, hyphens, and apostrophes only).',
    );
    expect((screen.getByLabelText('Organization') as HTMLInputElement).value).toBe('Analytical Engines Ltd');

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Create Quote' }));
    expect(await screen.findByRole('heading', { name: 'The quote page' })).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/quotes').at(-1)?.body).toMatchObject({
      configuration: defaultSelection,
      customerInfo: { email: EMAIL, firstName: 'Ada', lastName: "O'Neil", organization: 'Analytical Engines Ltd' },
      flowType: 'quote',
    });
  });

  it('issue 53: asks the title beside the name (none by default), sends the one chosen', async () => {
    const calls = mockFetch({
      'GET /api/auth/session': signedOut,
      'POST /api/flows/email': { body: { ok: true } },
      'POST /api/quotes': { status: 201, body: { quote: { reference: 'Q-REF-1' } } },
    });
    const user = userEvent.setup();
    openQuoteFlow();
    await passEmailStep(user);
    const title = screen.getByRole('combobox', { name: 'Title (optional)' }) as HTMLSelectElement;
    expect(title.value).toBe('');
    title.focus();
    await user.selectOptions(title, 'Ms');
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Organization'), 'Analytical Engines Ltd');
    await user.click(screen.getByRole('button', { name: 'Create Quote' }));
    expect(await screen.findByRole('heading', { name: 'The quote page' })).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/quotes')?.body).toMatchObject({
      customerInfo: { email: EMAIL, title: 'ms', firstName: 'Ada', lastName: 'Lovelace' },
    });
  });

  it('issue 51: asks for the VAT number, refuses wrong check digits beside the field before sending, and sends the number as typed once right', async () => {
    const calls = mockFetch({
      'GET /api/auth/session': signedOut,
      'POST /api/flows/email': { body: { ok: true } },
      'POST /api/quotes': { status: 201, body: { quote: { reference: 'Q-REF-1' } } },
    });
    const user = userEvent.setup();
    openQuoteFlow({ ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'DE' });
    await passEmailStep(user);
    await user.type(screen.getByLabelText('First name'), 'Lise');
    await user.type(screen.getByLabelText('Last name'), 'Meitner');
    await user.type(screen.getByLabelText('Organization'), 'Lab GmbH');
    const vatNumber = screen.getByLabelText(/VAT number/);
    await user.type(vatNumber, 'DE136695977');
    await user.click(screen.getByRole('button', { name: 'Create Quote' }));
    expect(vatNumber.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((call) => call.path === '/api/quotes')).toHaveLength(0);

    await user.clear(vatNumber);
    await user.type(vatNumber, 'DE136695976');
    await user.click(screen.getByRole('button', { name: 'Create Quote' }));
    expect(await screen.findByRole('heading', { name: 'The quote page' })).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/quotes').at(-1)?.body).toMatchObject({
      customerInfo: { firstName: 'Lise', lastName: 'Meitner', organization: 'Lab GmbH', vatNumber: 'DE136695976' },
    });
  });

  it('an English reader delivering to Germany gets English preselected, with Deutsch only suggested, and sends English', async () => {
    const calls = mockFetch({
      'GET /api/auth/session': signedOut,
      'POST /api/flows/email': { body: { ok: true } },
      'POST /api/quotes': { status: 201, body: { quote: { reference: 'Q-REF-1' } } },
    });
    const user = userEvent.setup();
    openQuoteFlow({ ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'DE' });
    await passEmailStep(user);
    const select = screen.getByLabelText('Language of your documents') as HTMLSelectElement;
    expect(select.value).toBe('en');
    expect(screen.getByText('Suggested for your delivery country: Deutsch.')).toBeTruthy();
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Organization'), 'Analytical Engines Ltd');
    await user.click(screen.getByRole('button', { name: 'Create Quote' }));
    await screen.findByRole('heading', { name: 'The quote page' });
    expect(calls.filter((call) => call.path === '/api/quotes').at(-1)?.body).toMatchObject({ language: 'en' });
  });

  it('the delivery country’s language is taken only when the buyer presses the suggestion', async () => {
    const calls = mockFetch({
      'GET /api/auth/session': signedOut,
      'POST /api/flows/email': { body: { ok: true } },
      'POST /api/quotes': { status: 201, body: { quote: { reference: 'Q-REF-1' } } },
    });
    const user = userEvent.setup();
    openQuoteFlow({ ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'FR' });
    await passEmailStep(user);
    await user.click(screen.getByRole('button', { name: 'Use Français' }));
    expect((screen.getByLabelText('Language of your documents') as HTMLSelectElement).value).toBe('fr');
    expect(screen.queryByText(/Suggested for your delivery country/)).toBeNull();
    await user.type(screen.getByLabelText('First name'), 'Claire');
    await user.type(screen.getByLabelText('Last name'), 'Martin');
    await user.type(screen.getByLabelText('Organization'), 'Institut Pasteur');
    await user.click(screen.getByRole('button', { name: 'Create Quote' }));
    await screen.findByRole('heading', { name: 'The quote page' });
    expect(calls.filter((call) => call.path === '/api/quotes').at(-1)?.body).toMatchObject({ language: 'fr' });
  });

  it('decision 0085: billed in the UK with the goods going to Germany, the buyer chooses pounds or euros with the keyboard, the estimate follows, and the quote asks for the choice; billed in Germany, no choice', async () => {
    const calls = mockFetch({
      'GET /api/auth/session': signedOut,
      'GET /api/products/dropwise': { body: { product: fixtureProduct, vatRate: 20 } },
      'POST /api/flows/email': { body: { ok: true } },
      'POST /api/quotes': { status: 201, body: { quote: { reference: 'Q-REF-1' } } },
    });
    const germany = { ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'DE' };
    const estimate = (currency: 'GBP' | 'EUR') =>
      priceConfiguration(fixtureProduct, germany, 20, vatCustomer('GB', ''), currency).totals.total;
    const shown = (minor: number, symbol: string) =>
      `${symbol}${(minor / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`;
    const user = userEvent.setup();
    saveQuoteFlow({
      type: 'quote',
      configuration: germany,
      currency: 'EUR',
      total: 1,
      subtotal: 1,
      vat: 0,
      showVAT: false,
    });
    renderRoutes(
      [
        { path: '/quote-flow', element: <QuoteFlowPage /> },
        { path: '/quote/:reference', element: <h1>The quote page</h1> },
      ],
      '/quote-flow',
    );
    await passEmailStep(user);
    // The billing country starts as the delivery country: one currency, no choice.
    const billingCountry = screen.getByLabelText('Billing country') as HTMLSelectElement;
    expect(billingCountry.value).toBe('DE');
    expect(screen.queryByRole('group', { name: 'Invoice currency' })).toBeNull();

    await user.selectOptions(billingCountry, 'GB');
    const choice = screen.getByRole('group', { name: 'Invoice currency' });
    const pounds = within(choice).getByRole('radio', { name: 'Pounds sterling (£)' }) as HTMLInputElement;
    const euros = within(choice).getByRole('radio', { name: 'Euros (€)' }) as HTMLInputElement;
    expect(pounds.checked).toBe(true);
    await waitFor(() =>
      expect(screen.getByTestId('flow-estimated-total').textContent).toBe(shown(estimate('GBP'), '£')),
    );
    pounds.focus();
    await user.keyboard('{ArrowRight}');
    expect(euros.checked).toBe(true);
    expect(screen.getByTestId('flow-estimated-total').textContent).toBe(shown(estimate('EUR'), '€'));

    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Organization'), 'Analytical Engines Ltd');
    await user.click(screen.getByRole('button', { name: 'Create Quote' }));
    await screen.findByRole('heading', { name: 'The quote page' });
    expect(calls.filter((call) => call.path === '/api/quotes').at(-1)?.body).toMatchObject({
      customerInfo: { billingCountry: 'GB' },
      currency: 'EUR',
    });
  });
});
