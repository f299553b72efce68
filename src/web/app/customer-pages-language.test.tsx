// @vitest-environment happy-dom
import { act, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { webEnglishPhrases } from '../../../tests/support/web-english-phrases';
import { ledgerFigures } from '../../../tests/support/ledger-figures';
import { mockFetch, renderRoutes, resetWebTest, signedOut } from '../../../tests/support/web-render';
import { authorisedServiceRequest } from '../../../tests/support/web-service-request';
import type { AccountQuote } from '../../shared/accounts/account-quotes';
import type { Instrument } from '../../shared/instruments/instrument-schemas';
import type { Order } from '../../shared/orders/order-schema';
import { priceConfiguration } from '../../shared/pricing/price-configuration';
import { defaultSelection, fixtureProduct } from '../../shared/pricing/pricing-fixture';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import { MyAccountPage } from '../accounts/my-account-page';
import { OrderDetailsPage } from '../accounts/order-details-page';
import { ConfigurePage } from '../configurator/configure-page';
import { chooseLanguage } from '../i18n/language';
import { saveOrderFlow } from '../lib/flow-storage';
import { OrderConfirmationPage } from '../orders/order-confirmation-page';
import { OrderFlowPage } from '../orders/order-flow-page';
import { QuotePage } from '../quotes/quote-page';
import { NewServiceRequestPage } from '../service-requests/new-service-request-page';
import { ServiceRequestPage } from '../service-requests/service-request-page';
import { ServiceRequestsPage } from '../service-requests/service-requests-page';
import { NotFoundPage } from '../ui/not-found-page';

// The flags are SVG files of a package outside the worktree's root, which Vite's test server does not serve.
vi.mock('../configurator/country-flag', () => ({ CountryFlag: () => null }));

/**
 * Issue 53: the customer pages wholly in German and in French. Each page is rendered in each language
 * with what a buyer meets on it (a quote with a 0% export line, an order with its PO, documents and
 * status history, service requests at their steps, every My Account tab) and fails on any phrase of
 * the pages' English catalogue (tests/support/web-english-phrases.ts: three words or more).
 */
const phrases = webEnglishPhrases();
const englishLeft = () => {
  const text = (document.body.textContent ?? '').replace(/\s+/g, ' ');
  return phrases.filter((phrase) => text.includes(phrase));
};
const spaces = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

const REF = 'abcdefghijklmnopqrstuvwxyz012345';
const ORDER_ID = '5b0c3f55-7c59-4c37-9a55-0f3c1a0e2a10';
const selection = { ...defaultSelection, customerCountry: 'DE' };
const pricing = priceConfiguration(fixtureProduct, selection, 20);
const quote: QuoteResource = {
  id: '00000000-0000-4000-8000-000000000001',
  quoteNumber: 'Q2026-0042',
  reference: REF,
  status: 'sent',
  createdAt: '2026-12-12T10:00:00.000Z',
  validUntil: '2099-01-12T10:00:00.000Z',
  currency: 'EUR',
  configuration: selection,
  customerInfo: { email: 'l@lab.example', firstName: 'Lise', lastName: 'Meitner', organization: 'HZB', country: 'DE' },
  pricing,
  order: null,
  batch: null,
  kind: 'instrument',
  acceptance: null,
  extensionRequest: null,
};

const address = { street: 'Hahn-Meitner-Platz 1', city: 'Berlin', state: '', postal_code: '14109', country: 'DE' };
const order: Order = {
  id: ORDER_ID,
  orderNumber: 'O2026-00004',
  status: 'shipped',
  paymentStatus: 'deposit_paid',
  createdAt: '2026-03-02T09:00:00.000Z',
  quoteId: null,
  kind: 'instrument',
  paymentMethod: 'bank_transfer',
  remainingAmount: 240395,
  vatRate: 0,
  documents: [
    {
      id: 'doc-1',
      kind: 'confirmation',
      number: 'O2026-00004',
      issuedAt: '2026-03-02T09:00:00.000Z',
      url: '/api/documents/doc-1.pdf',
      amount: null,
      dueDate: null,
      credited: false,
    },
    {
      id: 'doc-2',
      kind: 'deposit',
      number: 'INV-2026-0001',
      issuedAt: '2026-03-03T09:00:00.000Z',
      url: '/api/documents/doc-2.pdf',
      amount: 240395,
      dueDate: '2026-03-17',
      credited: false,
    },
  ],
  instruments: [],
  items: [
    {
      id: 'item-1',
      itemType: 'base_configuration',
      itemId: 'dropwise-standard',
      itemName: 'Dropwise Standard',
      quantity: 1,
      unitPrice: 480790,
      totalPrice: 480790,
      supply: 'goods',
      vatTreatment: 'zero_rated_export',
      vatRate: 0,
      vatAmount: 0,
    },
  ],
  payments: [],
  statusHistory: [
    {
      id: 'h-1',
      oldStatus: null,
      newStatus: 'pending',
      notes: 'Order placed',
      createdAt: '2026-03-02T09:00:00.000Z',
      messageId: 'history.placed',
    },
    {
      id: 'h-2',
      oldStatus: 'confirmed',
      newStatus: 'confirmed',
      notes: 'Deposit of €2,403.95 received',
      createdAt: '2026-03-05T09:00:00.000Z',
      messageId: 'history.depositReceived',
      values: { amount: 240395 },
    },
    {
      id: 'h-3',
      oldStatus: 'processing',
      newStatus: 'shipped',
      notes: 'Shipped, tracking number 1Z999',
      createdAt: '2026-03-09T09:00:00.000Z',
      messageId: 'history.shippedTracking',
      values: { tracking: '1Z999' },
    },
  ],
  trackingNumber: '1Z999',
  carrier: null,
  customerMessage: null,
  invoiceNumber: null,
  invoiceDueDate: null,
  estimatedDeliveryDate: '2026-03-12',
  notes: null,
  updatedAt: '2026-03-09T09:00:00.000Z',
  configuration: { model: 'dropwise-standard', quantity: 1 },
  billingAddress: address,
  shippingAddress: address,
  poNumber: 'PO-4711',
  poDocument: {
    filename: 'po-4711.pdf',
    size: 1234,
    source: 'customer',
    uploadedAt: '2026-03-02T09:00:00.000Z',
    url: '/api/orders/x/po',
  },
  vatNumber: null,
  eoriNumber: null,
  termsVersion: null,
  termsAcceptedAt: null,
  subtotalAmount: 480790,
  vatAmount: 0,
  ledger: { ...ledgerFigures(), paid: 240395, received: 240395, invoiced: 240395, owed: 480790, outstanding: 240395 },
  currency: 'EUR',
  totalAmount: 480790,
  depositAmount: 240395,
} as Order;

const serviceRequest = authorisedServiceRequest({
  orderNumber: 'O2026-00007',
  underWarranty: false,
  history: [
    { status: 'requested', note: null, at: '2026-11-20T09:00:00.000Z' },
    { status: 'authorised', note: null, at: '2026-11-21T09:00:00.000Z' },
  ],
  rmaUrl: '/api/service-requests/SR2026-00007/rma.pdf',
  proFormaUrl: '/api/service-requests/SR2026-00007/pro-forma.pdf',
  repairQuoteUrl: '/quote/repair-ref',
});

const instrument: Instrument = {
  id: 'i-1',
  orderId: 'o-1',
  orderNumber: 'O2026-00042',
  unitIndex: 1,
  serialNumber: 'DW-0042',
  model: 'Dropwise Pro',
  warrantyYears: 3,
  deliveredOn: '2026-03-02',
  warrantyEndsOn: '2029-03-02',
  servicePlanEndsOn: null,
  nextServiceOn: '2027-03-02',
};

const serviceInstrument = {
  serialNumber: 'DW-0042',
  model: 'Dropwise Pro',
  orderId: 'o-1',
  orderNumber: 'O2026-00042',
  warrantyEndsOn: '2029-03-02',
  servicePlanEndsOn: null,
  underWarranty: true,
};

const accountQuote: AccountQuote = {
  id: 'q-1',
  quoteNumber: 'Q2026-00011',
  reference: 'ref-1',
  createdAt: '2026-11-20T09:00:00.000Z',
  validUntil: '2099-11-27T09:00:00.000Z',
  status: 'sent',
  currency: 'EUR',
  totalAmount: 488250,
  order: null,
};

const signedIn = {
  body: {
    user: { id: 'u-1', email: 'lise@lab.example' },
    profile: {
      id: 'u-1',
      email: 'lise@lab.example',
      firstName: 'Lise',
      lastName: 'Meitner',
      phone: null,
      company: 'HZB',
      country: 'DE',
      isAdmin: false,
      einvoiceDelivery: null,
      emailVerified: true,
      createdAt: '2026-11-21T09:00:00.000Z',
    },
    factors: [],
  },
};

const api = {
  'GET /api/products/dropwise': { body: { product: fixtureProduct, vatRate: 20 } },
  'GET /api/orders/ordering': { body: { open: true, message: null } },
  [`GET /api/quotes/${REF}`]: { body: { quote } },
  [`GET /api/orders/${ORDER_ID}`]: { body: { order } },
  [`GET /api/account/orders/${ORDER_ID}`]: { body: { order } },
  'GET /api/account/orders': { body: { orders: [order] } },
  'GET /api/account/quotes': { body: { quotes: [accountQuote] } },
  'GET /api/account/instruments': { body: { instruments: [instrument] } },
  'GET /api/account/organisation': { body: { organisation: null } },
  'GET /api/service-requests': { body: { requests: [serviceRequest] } },
  'GET /api/service-requests/SR2026-00007': { body: { request: serviceRequest } },
  'GET /api/service-requests/instrument': { body: { instrument: serviceInstrument } },
};

/** Each page, where it is opened, and a text that shows it has rendered in German and in French. */
const pages: [string, string, () => ReactElement, string, RegExp | string, RegExp | string][] = [
  [
    'configure',
    '/configure',
    () => <ConfigurePage />,
    '/configure',
    'Bestellübersicht',
    'Récapitulatif de la commande',
  ],
  ['quote page', '/quote/:id', () => <QuotePage />, `/quote/${REF}`, 'Wie geht es weiter?', /Et ensuite/],
  ['order flow', '/order-flow', () => <OrderFlowPage />, '/order-flow', 'Versandangaben', 'Informations de livraison'],
  [
    'order confirmation',
    '/order-confirmation/:orderId',
    () => <OrderConfirmationPage />,
    `/order-confirmation/${ORDER_ID}?key=k`,
    'Wie es weitergeht',
    'La suite',
  ],
  [
    'guest order page',
    '/order-details/:id',
    () => <OrderDetailsPage />,
    `/order-details/${ORDER_ID}?key=k`,
    'Statusverlauf',
    'Historique des statuts',
  ],
  [
    'own order page',
    '/order-details/:id',
    () => <OrderDetailsPage />,
    `/order-details/${ORDER_ID}`,
    'Statusverlauf',
    'Historique des statuts',
  ],
  ['my account: orders', '/my-account', () => <MyAccountPage />, '/my-account', /O2026-00004/, /O2026-00004/],
  [
    'my account: quotes',
    '/my-account',
    () => <MyAccountPage />,
    '/my-account?tab=quotes',
    /Q2026-00011/,
    /Q2026-00011/,
  ],
  [
    'my account: instruments',
    '/my-account',
    () => <MyAccountPage />,
    '/my-account?tab=instruments',
    'DW-0042',
    'DW-0042',
  ],
  [
    'my account: profile',
    '/my-account',
    () => <MyAccountPage />,
    '/my-account?tab=profile',
    'Mein Konto',
    'Mon compte',
  ],
  [
    'my account: settings',
    '/my-account',
    () => <MyAccountPage />,
    '/my-account?tab=settings',
    'Mein Konto',
    'Mon compte',
  ],
  [
    'service requests',
    '/service-requests',
    () => <ServiceRequestsPage />,
    '/service-requests',
    'Serviceanfragen',
    'Demandes d’intervention',
  ],
  [
    'service request',
    '/service-requests/:requestNumber',
    () => <ServiceRequestPage />,
    '/service-requests/SR2026-00007',
    'Dekontaminationserklärung',
    'Déclaration de décontamination',
  ],
  [
    'new service request',
    '/service-requests/new',
    () => <NewServiceRequestPage />,
    '/service-requests/new?serial=DW-0042',
    'Service anfragen',
    'Demander une intervention',
  ],
  ['not found', '*', () => <NotFoundPage />, '/nowhere', 'Seite nicht gefunden', 'Page introuvable'],
];

describe('the customer pages in German and French carry no phrase of the English catalogue (issue 53)', () => {
  afterEach(resetWebTest);

  for (const language of ['de', 'fr'] as const)
    for (const [name, path, page, url, german, french] of pages)
      it(`${language}: ${name}`, async () => {
        const signedOutPage =
          name === 'configure' ||
          name.startsWith('quote') ||
          name.startsWith('order flow') ||
          name.includes('guest') ||
          name === 'order confirmation' ||
          name === 'not found';
        mockFetch({ ...api, 'GET /api/auth/session': signedOutPage ? signedOut : signedIn });
        saveOrderFlow({
          quoteReference: REF,
          configuration: selection,
          currency: 'EUR',
          total: pricing.totals.total,
          deposit: pricing.totals.deposit,
          customerInfo: { email: 'l@lab.example', firstName: 'Lise', lastName: 'Meitner', organization: 'HZB' },
        });
        await act(() => chooseLanguage(language));
        renderRoutes([{ path, element: page() }], url);
        expect(await screen.findAllByText(language === 'de' ? german : french, {}, { timeout: 5000 })).not.toHaveLength(
          0,
        );
        expect(englishLeft()).toEqual([]);
      });
});

describe('the order page in German and French: the PO section and the status history (issue 53)', () => {
  afterEach(resetWebTest);

  it('German: "Ihre Bestellnummer", the history in German with German money', async () => {
    mockFetch({ ...api, 'GET /api/auth/session': signedOut });
    await act(() => chooseLanguage('de'));
    renderRoutes([{ path: '/order-details/:id', element: <OrderDetailsPage /> }], `/order-details/${ORDER_ID}?key=k`);
    const po = await screen.findByTestId('purchase-order');
    expect(spaces(po.textContent)).toContain('Ihre Bestellnummer: PO-4711');
    expect(spaces(po.textContent)).toContain('angehängt am 2. März 2026');
    expect(screen.getByLabelText('Ihre Bestellnummer (PO)')).toBeTruthy();
    const text = spaces(document.body.textContent);
    expect(text).toContain('Anzahlung von 2.403,95 € eingegangen, 5. März 2026');
    expect(text).toContain('Versandt, Sendungsnummer 1Z999');
    expect(text).toContain('Bestellung aufgegeben');
    expect(text).not.toContain('Deposit of');
  });

  it('French: the history in French money, with the narrow space before the colon', async () => {
    mockFetch({ ...api, 'GET /api/auth/session': signedOut });
    await act(() => chooseLanguage('fr'));
    renderRoutes([{ path: '/order-details/:id', element: <OrderDetailsPage /> }], `/order-details/${ORDER_ID}?key=k`);
    const po = await screen.findByTestId('purchase-order');
    expect(po.textContent).toContain('Numéro de bon de commande\u202f: PO-4711');
    expect(spaces(document.body.textContent)).toContain('Acompte de 2 403,95 € reçu');
  });

  it('English keeps the server’s words', async () => {
    mockFetch({ ...api, 'GET /api/auth/session': signedOut });
    renderRoutes([{ path: '/order-details/:id', element: <OrderDetailsPage /> }], `/order-details/${ORDER_ID}?key=k`);
    expect(await screen.findByText('Deposit of €2,403.95 received, 5 March 2026')).toBeTruthy();
    expect(screen.getByTestId('purchase-order').textContent).toContain('PO number: PO-4711');
  });
});

describe('countries named in the page’s language (issue 53)', () => {
  afterEach(resetWebTest);

  it('German: the order page’s addresses, the order flow’s country list and its priced-for note', async () => {
    mockFetch({ ...api, 'GET /api/auth/session': signedOut });
    await act(() => chooseLanguage('de'));
    const view = renderRoutes(
      [{ path: '/order-details/:id', element: <OrderDetailsPage /> }],
      `/order-details/${ORDER_ID}?key=k`,
    );
    expect((await screen.findByTestId('billing-address')).textContent).toMatch(/Berlin\s*Deutschland$/);
    view.unmount();
    saveOrderFlow({
      quoteReference: REF,
      configuration: selection,
      currency: 'EUR',
      total: pricing.totals.total,
      deposit: pricing.totals.deposit,
      customerInfo: { email: 'l@lab.example', firstName: 'Lise', lastName: 'Meitner', organization: 'HZB' },
    });
    renderRoutes([{ path: '/order-flow', element: <OrderFlowPage /> }], '/order-flow');
    const country = (await screen.findByLabelText('Land')) as HTMLSelectElement;
    const names = [...country.options].map((option) => option.textContent);
    expect(names[0]).toBe('Vereinigtes Königreich');
    expect(names.indexOf('Dänemark')).toBeLessThan(names.indexOf('Deutschland'));
    expect(names).not.toContain('Germany');
    expect(document.body.textContent).toContain(
      'Diese Bestellung wurde für Deutschland berechnet, nicht für Vereinigtes Königreich.',
    );
  });
});

describe('the quote page’s steps and VAT notes in German and French (issue 53)', () => {
  afterEach(resetWebTest);

  it('German: every step of "Wie geht es weiter?" in German, the 0% note and the VAT line in German money', async () => {
    mockFetch({ ...api, 'GET /api/auth/session': signedOut });
    await act(() => chooseLanguage('de'));
    renderRoutes([{ path: '/quote/:id', element: <QuotePage /> }], `/quote/${REF}`);
    const next = (await screen.findByRole('heading', { name: 'Wie geht es weiter?' })).closest('section');
    const steps = [...(next?.querySelectorAll('li') ?? [])].map((step) => spaces(step.textContent));
    expect(steps).toHaveLength(8);
    expect(steps[3]).toBe(
      'Ihre Bestellung ist mit dem Absenden bei uns eingegangen. Sie bindet Sie und uns, sobald wir sie schriftlich bestätigen (die Auftragsbestätigung).',
    );
    expect(steps[4]).toMatch(/^Eine Anzahlung von 50 % wird/);
    expect(steps[6]).toBe(
      'Sie zahlen in der Währung der Rechnung (EUR) per Überweisung auf unser darauf angegebenes EUR-Konto.',
    );
    expect(steps[7]).toMatch(/^Lieferung: DAP/);
    expect(next?.textContent).toContain('verbindlich ist allein ihr englischer Wortlaut');
    const notes = spaces(screen.getByTestId('vat-notes').textContent);
    expect(notes).toMatch(/Waren \(netto [\d.]+,\d{2} €\): Steuerfreie Ausfuhrlieferung/);
    expect(notes).toContain('Lieferung DAP.');
    expect(spaces(document.body.textContent)).toMatch(/USt\. 20 % auf Dienstleistungen \(netto [\d.]+,\d{2} €\)/);
  });

  it('French: the steps in French with the narrow space before the colon', async () => {
    mockFetch({ ...api, 'GET /api/auth/session': signedOut });
    await act(() => chooseLanguage('fr'));
    renderRoutes([{ path: '/quote/:id', element: <QuotePage /> }], `/quote/${REF}`);
    await screen.findByText(/^Vous payez dans la devise de la facture/);
    expect(document.body.textContent).toContain('Livraison\u202f: DAP');
    expect(screen.getByTestId('vat-notes').textContent).toContain('Marchandises (HT ');
  });
});
