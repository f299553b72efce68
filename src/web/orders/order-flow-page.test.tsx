// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { priceConfiguration } from '../../shared/pricing/price-configuration';
import { defaultSelection, fixtureProduct } from '../../shared/pricing/pricing-fixture';
import { vatCustomer } from '../../shared/tax/vat-customer';
import { balanceSentence, repairTerms } from '../../shared/terms';
import { apiError, mockFetch, renderRoutes, resetWebTest, signedOut } from '../../../tests/support/web-render';
import { saveOrderFlow } from '../lib/flow-storage';
import { OrderFlowPage } from './order-flow-page';

type User = ReturnType<typeof userEvent.setup>;

function openOrderFlow() {
  saveOrderFlow({
    quoteReference: 'Q-REF-1',
    configuration: defaultSelection,
    currency: 'GBP',
    total: 488250,
    deposit: 244125,
    customerInfo: { email: 'ada@lab.example', firstName: 'Ada', lastName: 'Lovelace', organization: 'Engines Ltd' },
  });
  return renderRoutes([{ path: '/order-flow', element: <OrderFlowPage /> }], '/order-flow');
}

async function fillBillingAddress(user: User) {
  await user.type(screen.getByLabelText('Address'), '1 Difference Lane');
  await user.type(screen.getByLabelText('City'), 'London');
  await user.type(screen.getByLabelText('Postal code'), 'N1 9GU');
}

const inputValue = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('the order flow’s address rules (component, happy-dom)', () => {
  afterEach(resetWebTest);

  it('starts from the quote’s details and requires the billing address before payment', async () => {
    mockFetch({ 'GET /api/auth/session': signedOut });
    const user = userEvent.setup();
    openOrderFlow();
    await screen.findByRole('heading', { name: 'Shipping Information' });
    expect(inputValue('First name')).toBe('Ada');
    expect(inputValue('Company (optional)')).toBe('Engines Ltd');
    expect(inputValue('Email')).toBe('ada@lab.example');

    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Address is required')).toBeTruthy();
    expect(screen.getByText('City is required')).toBeTruthy();
    expect(screen.getByText('Postal code is required')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Confirm & Pay' })).toBeNull();
    // The browser stops typing at the server's limits.
    expect(screen.getByLabelText('Postal code').getAttribute('maxLength')).toBe('20');
    expect(screen.getByLabelText('Address').getAttribute('maxLength')).toBe('500');

    await fillBillingAddress(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByRole('heading', { name: 'Confirm & Pay' })).toBeTruthy();
    const delivery = screen.getByRole('region', { name: 'Delivery address' });
    expect(delivery.textContent).toContain('1 Difference Lane');
    expect(delivery.textContent).toContain('Same as the billing address');
  });

  it('says before the last step that orders require a PO number, and stays on step 1 without one (issue 39)', async () => {
    mockFetch({
      'GET /api/auth/session': signedOut,
      'GET /api/orders/ordering': { body: { open: true, message: null, requirePoNumber: true } },
    });
    const user = userEvent.setup();
    openOrderFlow();
    await screen.findByRole('heading', { name: 'Shipping Information' });
    expect(
      await screen.findByText(
        'Orders require a purchase order (PO) number. Please enter it before you place the order.',
      ),
    ).toBeTruthy();
    // Required now: no "(optional)" beside it.
    expect(screen.queryByLabelText('Purchase order (PO) number (optional)')).toBeNull();
    await fillBillingAddress(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Please enter your purchase order (PO) number: orders require one.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Confirm & Pay' })).toBeNull();

    await user.type(screen.getByLabelText('Purchase order (PO) number'), 'PO-4500012345');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByRole('heading', { name: 'Confirm & Pay' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Billing address' }).textContent).toContain('PO number: PO-4500012345');
  });

  it('asks for the delivery address only while "Deliver to a different address" is ticked', async () => {
    mockFetch({ 'GET /api/auth/session': signedOut });
    const user = userEvent.setup();
    openOrderFlow();
    await screen.findByRole('heading', { name: 'Shipping Information' });
    await fillBillingAddress(user);

    await user.click(screen.getByLabelText('Deliver to a different address'));
    const block = screen.getByRole('group', { name: 'Delivery address' });
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await within(block).findByText('First name is required')).toBeTruthy();
    expect(within(block).getByText('Last name is required')).toBeTruthy();
    expect(within(block).getByText('Address is required')).toBeTruthy();
    expect(within(block).getByText('City is required')).toBeTruthy();
    expect(within(block).getByText('Postal code is required')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Confirm & Pay' })).toBeNull();

    await user.click(screen.getByLabelText('Deliver to a different address'));
    expect(screen.queryByRole('group', { name: 'Delivery address' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByRole('heading', { name: 'Confirm & Pay' })).toBeTruthy();
  });

  it('refuses a made-up DE811234567 beside the VAT number field, accepts a UK buyer’s own GB number, and asks the EORI only for a delivery abroad', async () => {
    mockFetch({ 'GET /api/auth/session': signedOut });
    const user = userEvent.setup();
    openOrderFlow();
    await screen.findByRole('heading', { name: 'Shipping Information' });
    // A UK delivery: no EORI to give.
    expect(screen.queryByLabelText('EORI number (optional)')).toBeNull();
    await fillBillingAddress(user);
    await user.type(screen.getByLabelText('VAT number (optional)'), 'DE811234567');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(
      await screen.findByText(
        'This German VAT number fails its check digit: there may be a typing error. Please check it.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Confirm & Pay' })).toBeNull();

    await user.clear(screen.getByLabelText('VAT number (optional)'));
    await user.type(screen.getByLabelText('VAT number (optional)'), 'gb 980 7806 84');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByRole('heading', { name: 'Confirm & Pay' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Billing address' }).textContent).toContain('VAT number: gb 980 7806 84');
  });

  it('asks the EORI number beside the VAT number when the goods go to the EU', async () => {
    mockFetch({ 'GET /api/auth/session': signedOut });
    const user = userEvent.setup();
    openOrderFlow();
    await screen.findByRole('heading', { name: 'Shipping Information' });
    await user.click(screen.getByLabelText('Deliver to a different address'));
    await user.selectOptions(screen.getByLabelText('Delivery country'), 'DE');
    await user.type(await screen.findByLabelText('EORI number (optional)'), 'GB12');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(
      await screen.findByText('A GB or XI EORI number is the two letters and 12 digits, e.g. GB123456789000.'),
    ).toBeTruthy();

    // Back to a UK delivery: the EORI field goes, and what was typed in it no longer stops the form.
    await user.click(screen.getByLabelText('Deliver to a different address'));
    await waitFor(() => expect(screen.queryByLabelText('EORI number (optional)')).toBeNull());
    await fillBillingAddress(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByRole('heading', { name: 'Confirm & Pay' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Billing address' }).textContent).not.toContain('EORI');
  });

  it('warns when the goods would go to a country the quote was not priced for, with a link to re-price', async () => {
    mockFetch({ 'GET /api/auth/session': signedOut });
    const user = userEvent.setup();
    openOrderFlow();
    await screen.findByRole('heading', { name: 'Shipping Information' });
    expect(screen.queryByRole('link', { name: 'Re-price for this country' })).toBeNull();

    await user.click(screen.getByLabelText('Deliver to a different address'));
    await user.selectOptions(screen.getByLabelText('Delivery country'), 'DE');
    expect((await screen.findByText(/This order was priced for United Kingdom, not Germany\./)).textContent).toContain(
      'Change the delivery country or re-price the configuration for Germany.',
    );
    expect(screen.getByRole('link', { name: 'Re-price for this country' })).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Delivery country'), 'GB');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Re-price for this country' })).toBeNull());
  });

  it('sends the delivery block as the shipping address, after the terms are accepted, and shows the server’s refusal', async () => {
    const calls = mockFetch({
      'GET /api/auth/session': signedOut,
      'POST /api/orders': apiError(
        409,
        'quote_expired',
        'This quote has expired. Please create a new quote to order at current prices.',
      ),
    });
    const user = userEvent.setup();
    openOrderFlow();
    await screen.findByRole('heading', { name: 'Shipping Information' });
    await fillBillingAddress(user);
    await user.click(screen.getByLabelText('Deliver to a different address'));
    await user.type(screen.getByLabelText('Delivery first name'), 'Goods');
    await user.type(screen.getByLabelText('Delivery last name'), 'Inwards');
    await user.type(screen.getByLabelText('Delivery street address'), 'Building R71, Harwell Campus');
    await user.type(screen.getByLabelText('Delivery city'), 'Didcot');
    await user.type(screen.getByLabelText('Delivery postal code'), 'OX11 0QX');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await screen.findByRole('heading', { name: 'Confirm & Pay' });

    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please accept the terms of sale to place your order.');
    expect(calls.some((call) => call.path === '/api/orders')).toBe(false);

    await user.click(screen.getByRole('checkbox', { name: /I accept the terms of sale/ }));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'This quote has expired. Please create a new quote to order at current prices.',
      ),
    );
    const order = calls.find((call) => call.path === '/api/orders')?.body as Record<string, unknown>;
    expect(order).toMatchObject({
      quoteReference: 'Q-REF-1',
      acceptTerms: true,
      billing: { firstName: 'Ada', address: '1 Difference Lane', city: 'London', postalCode: 'N1 9GU', country: 'GB' },
      shipping: {
        firstName: 'Goods',
        lastName: 'Inwards',
        address: 'Building R71, Harwell Campus',
        city: 'Didcot',
        postalCode: 'OX11 0QX',
        country: 'GB',
      },
    });
  });

  it('a German GmbH with a VAT number is told, before it confirms, that its servicing no longer carries UK VAT, and why', async () => {
    const de = { ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'DE' };
    const quoted = priceConfiguration(fixtureProduct, de, 20);
    const business = priceConfiguration(fixtureProduct, de, 20, vatCustomer('DE', 'DE136695976'));
    const why =
      '3-year servicing no longer carries UK VAT because you are a business established in the EU with a VAT number: you account for the VAT by reverse charge (Article 196, Directive 2006/112/EC).';
    const calls = mockFetch({
      'GET /api/auth/session': signedOut,
      'POST /api/orders/price': {
        body: {
          pricing: business,
          currencies: ['EUR'],
          quotedTotal: quoted.totals.total,
          changes: [why],
          kind: 'instrument',
        },
      },
    });
    saveOrderFlow({
      quoteReference: 'Q-REF-DE',
      configuration: de,
      currency: 'EUR',
      total: quoted.totals.total,
      deposit: quoted.totals.deposit,
      customerInfo: { email: 'einkauf@lab.example', firstName: 'Ada', lastName: 'Lovelace', organization: 'Lab GmbH' },
    });
    renderRoutes([{ path: '/order-flow', element: <OrderFlowPage /> }], '/order-flow');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Shipping Information' });
    await user.type(screen.getByLabelText('Address'), 'Im Neuenheimer Feld 280');
    await user.type(screen.getByLabelText('City'), 'Heidelberg');
    await user.type(screen.getByLabelText('Postal code'), '69120');
    await user.selectOptions(screen.getByLabelText('Country'), 'DE');
    await user.type(screen.getByLabelText(/VAT number/), 'DE136695976');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await screen.findByRole('heading', { name: 'Confirm & Pay' });

    const status = await screen.findByRole('status');
    expect(status.textContent).toContain(why);
    expect(status.textContent).toContain('Your total is now €4,766.90 (your quote said €5,020.88).');
    expect(screen.getByTestId('review-total').textContent).toBe('€4,766.90');
    expect(screen.getByText(/Reverse charge: VAT to be accounted for by the recipient/)).toBeTruthy();
    expect(screen.getByText(/Zero-rated export of goods \(VAT Notice 703\)/)).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/orders/price')?.body).toMatchObject({
      quoteReference: 'Q-REF-DE',
      billing: { country: 'DE', vatNumber: 'DE136695976' },
    });
  });

  it('issue 51: starts with the VAT number the quote was taxed with, and says before the last step that an accepted quote whose total changes must be accepted again', async () => {
    const de = { ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'DE' };
    const business = priceConfiguration(fixtureProduct, de, 20, vatCustomer('DE', 'DE136695976'));
    const reason =
      'This quote was accepted at €4,766.90, but with the VAT number, billing country and items given here the order comes to €5,020.88. The quote must be accepted again at that total: ask for a new quote with these details (the quote asks for the VAT number) and have it accepted, or order with the details the quote was accepted on.';
    const calls = mockFetch({
      'GET /api/auth/session': signedOut,
      'POST /api/orders/price': {
        body: {
          pricing: priceConfiguration(fixtureProduct, de, 20),
          currencies: ['EUR'],
          quotedTotal: business.totals.total,
          changes: [],
          kind: 'instrument',
          reacceptance: reason,
        },
      },
    });
    saveOrderFlow({
      quoteReference: 'Q-REF-ACCEPTED',
      configuration: de,
      currency: 'EUR',
      total: business.totals.total,
      deposit: business.totals.deposit,
      customerInfo: {
        email: 'einkauf@lab.example',
        firstName: 'Ada',
        lastName: 'Lovelace',
        organization: 'Lab GmbH',
        vatNumber: 'DE136695976',
      },
    });
    renderRoutes([{ path: '/order-flow', element: <OrderFlowPage /> }], '/order-flow');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Shipping Information' });
    const vatNumber = screen.getByLabelText(/VAT number/) as HTMLInputElement;
    expect(vatNumber.value).toBe('DE136695976');
    // The buyer removes it: the total rises above the one the approver signed.
    await user.clear(vatNumber);
    await user.type(screen.getByLabelText('Address'), 'Im Neuenheimer Feld 280');
    await user.type(screen.getByLabelText('City'), 'Heidelberg');
    await user.type(screen.getByLabelText('Postal code'), '69120');
    await user.selectOptions(screen.getByLabelText('Country'), 'DE');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await screen.findByRole('heading', { name: 'Confirm & Pay' });

    const alert = await screen.findByRole('alert', { name: 'Your quote must be accepted again' });
    expect(alert.textContent).toContain(reason);
    expect(calls.find((call) => call.path === '/api/orders/price')?.body).toMatchObject({
      billing: { country: 'DE', vatNumber: '' },
    });
  });

  it('a repair quote’s order (decision 0062): payment in full by invoice and the repair lead time, no deposit, balance or batch', async () => {
    const priced = priceConfiguration(fixtureProduct, defaultSelection, 20);
    // The server's answer for a repair: its first invoice is the whole total.
    const repair = { ...priced, totals: { ...priced.totals, deposit: priced.totals.total } };
    mockFetch({
      'GET /api/auth/session': signedOut,
      'GET /api/quotes/Q-REF-1': { body: { quote: { kind: 'repair', pricing: repair } } },
      'POST /api/orders/price': {
        body: { pricing: repair, currencies: ['GBP'], quotedTotal: priced.totals.total, changes: [], kind: 'repair' },
      },
    });
    const user = userEvent.setup();
    openOrderFlow();
    await screen.findByRole('heading', { name: 'Shipping Information' });
    await fillBillingAddress(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await screen.findByRole('heading', { name: 'Confirm & Pay' });
    expect(await screen.findByText('Payment in full by invoice')).toBeTruthy();
    const page = document.body.textContent ?? '';
    expect(page).toContain(repairTerms.payment);
    expect(page).not.toContain('Deposit, due on our written confirmation');
    expect(page).not.toContain('Balance, due before dispatch');
    expect(page).not.toContain('Deposit by invoice');
    await waitFor(() => expect(screen.getByTestId('binding-note').textContent).toContain(repairTerms.leadTime));
    expect(screen.getByTestId('binding-note').textContent).not.toContain(balanceSentence);
  });

  it('an instrument quote’s order keeps the deposit and the balance before dispatch', async () => {
    mockFetch({ 'GET /api/auth/session': signedOut });
    const user = userEvent.setup();
    openOrderFlow();
    await screen.findByRole('heading', { name: 'Shipping Information' });
    await fillBillingAddress(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await screen.findByRole('heading', { name: 'Confirm & Pay' });
    expect(screen.getByText('Deposit, due on our written confirmation (50%)')).toBeTruthy();
    expect(screen.getByText('Balance, due before dispatch')).toBeTruthy();
    expect(screen.getByTestId('binding-note').textContent).toContain(balanceSentence);
    expect(document.body.textContent).not.toContain(repairTerms.payment);
  });

  describe('the invoice currency (issue 51, decision 0085)', () => {
    const de = { ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'DE' };
    /** The server's re-price: in the currency asked for, else the billing country's; both offered for GB billing. */
    const priceRoute = (call: { body?: unknown }) => {
      const body = call.body as { billing: { country: string }; currency?: 'GBP' | 'EUR' };
      const offered: ('GBP' | 'EUR')[] = body.billing.country === 'GB' ? ['GBP', 'EUR'] : ['EUR'];
      const currency = body.currency ?? offered[0] ?? 'EUR';
      const pricing = priceConfiguration(fixtureProduct, de, 20, vatCustomer(body.billing.country, ''), currency);
      return {
        body: { pricing, currencies: offered, quotedTotal: pricing.totals.total, changes: [], kind: 'instrument' },
      };
    };
    const openGermanDelivery = () => {
      const quoted = priceConfiguration(fixtureProduct, de, 20);
      saveOrderFlow({
        quoteReference: 'Q-REF-DE',
        configuration: de,
        currency: 'EUR',
        total: quoted.totals.total,
        deposit: quoted.totals.deposit,
        customerInfo: { email: 'ada@lab.example', firstName: 'Ada', lastName: 'Lovelace', organization: 'Engines Ltd' },
      });
      renderRoutes([{ path: '/order-flow', element: <OrderFlowPage /> }], '/order-flow');
    };
    const euros = priceConfiguration(fixtureProduct, de, 20, vatCustomer('GB', ''), 'EUR').totals.total;
    const pounds = priceConfiguration(fixtureProduct, de, 20, vatCustomer('GB', ''), 'GBP').totals.total;
    const shown = (minor: number, symbol: string) =>
      `${symbol}${(minor / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`;

    it('a UK company billed in London with its goods going to Germany: offered pounds (chosen) and euros, the total follows the choice made with the keyboard, and the order asks for it', async () => {
      const calls = mockFetch({
        'GET /api/auth/session': signedOut,
        'POST /api/orders/price': priceRoute,
        'POST /api/orders': apiError(409, 'quote_expired', 'This quote has expired.'),
      });
      openGermanDelivery();
      const user = userEvent.setup();
      await screen.findByRole('heading', { name: 'Shipping Information' });
      await fillBillingAddress(user);
      await user.selectOptions(screen.getByLabelText('Country'), 'GB');
      await user.click(screen.getByLabelText('Deliver to a different address'));
      await user.type(screen.getByLabelText('Delivery first name'), 'Goods');
      await user.type(screen.getByLabelText('Delivery last name'), 'Inwards');
      await user.type(screen.getByLabelText('Delivery street address'), 'Im Neuenheimer Feld 280');
      await user.type(screen.getByLabelText('Delivery city'), 'Heidelberg');
      await user.type(screen.getByLabelText('Delivery postal code'), '69120');
      await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
      await screen.findByRole('heading', { name: 'Confirm & Pay' });

      const choice = await screen.findByRole('group', { name: 'Invoice currency' });
      const poundsRadio = within(choice).getByRole('radio', { name: 'Pounds sterling (£)' }) as HTMLInputElement;
      const eurosRadio = within(choice).getByRole('radio', { name: 'Euros (€)' }) as HTMLInputElement;
      expect(poundsRadio.checked).toBe(true);
      await waitFor(() => expect(screen.getByTestId('review-total').textContent).toBe(shown(pounds, '£')));

      // The keyboard alone: focus the chosen radio, then the arrow key moves the choice to euros.
      poundsRadio.focus();
      await user.keyboard('{ArrowRight}');
      await waitFor(() => expect(eurosRadio.checked).toBe(true));
      await waitFor(() => expect(screen.getByTestId('review-total').textContent).toBe(shown(euros, '€')));
      expect(calls.filter((call) => call.path === '/api/orders/price').at(-1)?.body).toMatchObject({
        billing: { country: 'GB' },
        currency: 'EUR',
      });

      await user.click(screen.getByRole('checkbox', { name: /I accept the terms of sale/ }));
      await user.click(screen.getByRole('button', { name: 'Place Order' }));
      await waitFor(() => expect(calls.some((call) => call.path === '/api/orders')).toBe(true));
      expect(calls.find((call) => call.path === '/api/orders')?.body).toMatchObject({
        currency: 'EUR',
        billing: { country: 'GB' },
        shipping: { country: 'DE' },
      });
    });

    it('billed and delivered in Germany: no choice is shown and the order names no currency', async () => {
      const calls = mockFetch({
        'GET /api/auth/session': signedOut,
        'POST /api/orders/price': priceRoute,
        'POST /api/orders': apiError(409, 'quote_expired', 'This quote has expired.'),
      });
      openGermanDelivery();
      const user = userEvent.setup();
      await screen.findByRole('heading', { name: 'Shipping Information' });
      await user.type(screen.getByLabelText('Address'), 'Im Neuenheimer Feld 280');
      await user.type(screen.getByLabelText('City'), 'Heidelberg');
      await user.type(screen.getByLabelText('Postal code'), '69120');
      await user.selectOptions(screen.getByLabelText('Country'), 'DE');
      await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
      await screen.findByRole('heading', { name: 'Confirm & Pay' });
      await waitFor(() => expect(calls.some((call) => call.path === '/api/orders/price')).toBe(true));
      await waitFor(() => expect(screen.getByTestId('review-total').textContent).toMatch(/^€/));
      expect(screen.queryByRole('group', { name: 'Invoice currency' })).toBeNull();
      await user.click(screen.getByRole('checkbox', { name: /I accept the terms of sale/ }));
      await user.click(screen.getByRole('button', { name: 'Place Order' }));
      await waitFor(() => expect(calls.some((call) => call.path === '/api/orders')).toBe(true));
      expect(calls.find((call) => call.path === '/api/orders')?.body).not.toHaveProperty('currency');
    });
  });
});
