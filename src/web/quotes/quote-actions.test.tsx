// @vitest-environment happy-dom
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { priceConfiguration } from '../../shared/pricing/price-configuration';
import { defaultSelection, fixtureProduct } from '../../shared/pricing/pricing-fixture';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import { fieldRefusal } from '../../shared/field-messages';
import {
  quoteAcceptFieldMessages,
  quoteActionMessages,
  quoteActionRefusals,
} from '../../shared/quotes/quote-acceptance';
import { chooseLanguage } from '../i18n/language';
import { apiError, mockFetch, renderRoutes, resetWebTest, signedOut } from '../../../tests/support/web-render';
import { QuotePage } from './quote-page';

const REF = 'abcdefghijklmnopqrstuvwxyz012345';
const future = new Date(Date.now() + 5 * 86_400_000).toISOString();
const quote: QuoteResource = {
  id: '00000000-0000-4000-8000-000000000001',
  quoteNumber: 'Q2026-0042',
  reference: REF,
  status: 'sent',
  createdAt: new Date().toISOString(),
  validUntil: future,
  currency: 'GBP',
  configuration: defaultSelection,
  customerInfo: {
    email: 'buyer@example.com',
    firstName: 'Rosalind',
    lastName: 'Franklin',
    organization: 'Kings College',
    country: 'GB',
  },
  pricing: priceConfiguration(fixtureProduct, defaultSelection, 20),
  order: null,
  batch: null,
  kind: 'instrument',
  acceptance: null,
  extensionRequest: null,
};
const accepted: QuoteResource = {
  ...quote,
  acceptance: {
    name: 'Maurice Wilkins',
    jobTitle: 'Head of Department',
    organization: 'Kings College',
    signature: 'Maurice Wilkins',
    acceptedAt: '2026-03-02T10:00:00.000Z',
  },
};

const openQuote = () => renderRoutes([{ path: '/quote/:id', element: <QuotePage /> }], `/quote/${REF}`);

describe('the quote page for an organisation (issue 39, happy-dom)', () => {
  afterEach(resetWebTest);

  it('accepts the quote with a typed signature and then shows "Accepted by … on …"; a missing job title is named first', async () => {
    const calls = mockFetch({
      'GET /api/auth/session': signedOut,
      [`GET /api/quotes/${REF}`]: { body: { quote } },
      [`POST /api/quotes/${REF}/accept`]: { body: { quote: accepted } },
    });
    const user = userEvent.setup();
    openQuote();
    await user.click(await screen.findByRole('button', { name: 'Accept this quote' }));
    await user.type(await screen.findByLabelText('Full name'), 'Maurice Wilkins');
    await user.type(screen.getByLabelText('E-mail'), 'head@example.ac.uk');
    await user.type(screen.getByLabelText('Signature'), 'Maurice Wilkins');
    await user.click(screen.getByRole('button', { name: 'Accept quote' }));
    expect(await screen.findByText(quoteActionMessages.jobTitle)).toBeTruthy();
    expect(calls.some((call) => call.path.endsWith('/accept'))).toBe(false);

    await user.type(screen.getByLabelText('Job title'), 'Head of Department');
    await user.click(screen.getByRole('button', { name: 'Accept quote' }));
    const notice = await screen.findByTestId('accepted-notice');
    expect(notice.textContent).toContain('Accepted by Maurice Wilkins, Head of Department, Kings College');
    expect(notice.textContent).toContain('on 2 March 2026');
    expect(calls.find((call) => call.path.endsWith('/accept'))?.body).toEqual({
      name: 'Maurice Wilkins',
      jobTitle: 'Head of Department',
      organization: 'Kings College',
      email: 'head@example.ac.uk',
      signatureKind: 'typed',
      signature: 'Maurice Wilkins',
    });
    expect(screen.queryByRole('button', { name: 'Accept this quote' })).toBeNull();
  });

  it('with "Orders require an accepted quote" on, Order Now waits for the acceptance and says why', async () => {
    mockFetch({
      'GET /api/auth/session': signedOut,
      [`GET /api/quotes/${REF}`]: { body: { quote: { ...quote, orderNeedsAcceptance: true } } },
      [`POST /api/quotes/${REF}/accept`]: { body: { quote: { ...accepted, orderNeedsAcceptance: true } } },
    });
    const user = userEvent.setup();
    openQuote();
    const order = await screen.findByRole('button', { name: 'Order Now' });
    expect((order as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(quoteActionMessages.notAccepted)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Accept this quote' }));
    await user.type(await screen.findByLabelText('Full name'), 'Maurice Wilkins');
    await user.type(screen.getByLabelText('Job title'), 'Head of Department');
    await user.type(screen.getByLabelText('E-mail'), 'head@example.ac.uk');
    await user.type(screen.getByLabelText('Signature'), 'Maurice Wilkins');
    await user.click(screen.getByRole('button', { name: 'Accept quote' }));
    await screen.findByTestId('accepted-notice');
    expect((screen.getByRole('button', { name: 'Order Now' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(quoteActionMessages.notAccepted)).toBeNull();
  });

  it('an organisation’s quote tells a buyer that only its owner or an approver accepts it, and offers no acceptance', async () => {
    mockFetch({
      'GET /api/auth/session': signedOut,
      [`GET /api/quotes/${REF}`]: {
        body: { quote: { ...quote, acceptRule: { who: 'organisation_approvers', viewerMayAccept: false } } },
      },
    });
    openQuote();
    expect((await screen.findByTestId('accept-rule')).textContent).toBe(quoteActionMessages.approverOnlyNotice);
    expect(screen.queryByRole('button', { name: 'Accept this quote' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send to my approver' })).toBeTruthy();
  });

  it('offers "Draw": a signature pad with Clear; nothing drawn, it names the missing signature and sends nothing', async () => {
    const calls = mockFetch({
      'GET /api/auth/session': signedOut,
      [`GET /api/quotes/${REF}`]: {
        body: { quote: { ...quote, acceptRule: { who: 'organisation_approvers', viewerMayAccept: true } } },
      },
    });
    const user = userEvent.setup();
    openQuote();
    expect((await screen.findByTestId('accept-rule')).textContent).toBe(quoteActionMessages.approverMayAccept);
    await user.click(screen.getByRole('button', { name: 'Accept this quote' }));
    await user.type(await screen.findByLabelText('Full name'), 'Maurice Wilkins');
    await user.type(screen.getByLabelText('Job title'), 'Head of Department');
    await user.type(screen.getByLabelText('E-mail'), 'head@example.ac.uk');
    await user.click(screen.getByLabelText('Draw'));
    expect(screen.queryByLabelText('Signature')).toBeNull();
    expect(screen.getByRole('img', { name: /Signature pad/ })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Clear' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Accept quote' }));
    expect(await screen.findByText(quoteActionMessages.signatureImage)).toBeTruthy();
    expect(calls.some((call) => call.path.endsWith('/accept'))).toBe(false);
    // Back to "Type": the keyboard's way to sign.
    await user.click(screen.getByLabelText('Type'));
    expect(screen.getByLabelText('Signature')).toBeTruthy();
  });

  it('sends only the approver’s address, and shows the server’s refusal of the 6th in an hour', async () => {
    let sent = 0;
    const calls = mockFetch({
      'GET /api/auth/session': signedOut,
      [`GET /api/quotes/${REF}`]: { body: { quote } },
      [`POST /api/quotes/${REF}/send-to-approver`]: () =>
        (sent += 1) > 1
          ? apiError(429, 'rate_limited', quoteActionMessages.approverRateLimited)
          : { status: 202, body: { message: quoteActionMessages.approverSent } },
    });
    const user = userEvent.setup();
    openQuote();
    await user.click(await screen.findByRole('button', { name: 'Send to my approver' }));
    await user.type(screen.getByLabelText("Approver's e-mail"), 'head@example.ac.uk');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(quoteActionMessages.approverSent)).toBeTruthy();
    expect(calls.find((call) => call.path.endsWith('/send-to-approver'))?.body).toEqual({
      email: 'head@example.ac.uk',
    });
    await user.type(screen.getByLabelText("Approver's e-mail"), 'again@example.ac.uk');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(quoteActionMessages.approverRateLimited)).toBeTruthy();
  });

  it('on a German page, the server’s refusal of the 6th e-mail reads in German by its id (issue 53)', async () => {
    mockFetch({
      'GET /api/auth/session': signedOut,
      [`GET /api/quotes/${REF}`]: { body: { quote } },
      [`POST /api/quotes/${REF}/send-to-approver`]: apiError(
        429,
        'rate_limited',
        quoteActionRefusals.approverRateLimited,
      ),
    });
    await act(() => chooseLanguage('de'));
    const user = userEvent.setup();
    openQuote();
    await user.click(await screen.findByRole('button', { name: 'An meine freigebende Person senden' }));
    await user.type(screen.getByLabelText('E-Mail der freigebenden Person'), 'leitung@example.de');
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    expect(
      await screen.findByText('Zu viele E-Mails zu diesem Angebot. Bitte versuchen Sie es in einer Stunde erneut.'),
    ).toBeTruthy();
    expect(screen.queryByText(quoteActionMessages.approverRateLimited)).toBeNull();
  });

  it('an expired quote offers no acceptance but does offer an extension request, then shows it pending', async () => {
    const expired = { ...quote, status: 'expired' as const, validUntil: '2026-01-01T10:00:00.000Z' };
    mockFetch({
      'GET /api/auth/session': signedOut,
      [`GET /api/quotes/${REF}`]: { body: { quote: expired } },
      [`POST /api/quotes/${REF}/extension-request`]: {
        status: 201,
        body: {
          quote: {
            ...expired,
            extensionRequest: {
              id: 'x',
              requestedUntil: '2026-05-01T23:59:59.999Z',
              status: 'pending',
              createdAt: '2026-03-02T10:00:00.000Z',
              decidedAt: null,
            },
          },
        },
      },
    });
    const user = userEvent.setup();
    openQuote();
    await user.click(await screen.findByRole('button', { name: 'Request an extension' }));
    expect(screen.queryByRole('button', { name: 'Accept this quote' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Request extension' }));
    await waitFor(() => expect(screen.getByTestId('extension-pending').textContent).toContain('1 May 2026'));
  });

  it('a French acceptance with an invalid e-mail and a missing job title says so in French; the server’s 400 by its ids too (issue 53)', async () => {
    // The server's answer to a refused field (src/server/http/error-handler.ts): its English and its id.
    const { fields, fieldMessageIds } = fieldRefusal({ organization: quoteAcceptFieldMessages.organization.id });
    const calls = mockFetch({
      'GET /api/auth/session': signedOut,
      [`GET /api/quotes/${REF}`]: { body: { quote } },
      [`POST /api/quotes/${REF}/accept`]: apiError(
        400,
        'invalid_input',
        { ...quoteAcceptFieldMessages.organization },
        fields,
        fieldMessageIds,
      ),
    });
    await act(() => chooseLanguage('fr'));
    const user = userEvent.setup();
    openQuote();
    await user.click(await screen.findByRole('button', { name: 'Accepter ce devis' }));
    await user.type(await screen.findByLabelText('Nom complet'), 'Maurice Wilkins');
    await user.type(screen.getByLabelText('E-mail'), 'chef@exemple');
    await user.type(screen.getByLabelText('Signature'), 'Maurice Wilkins');
    await user.click(screen.getByRole('button', { name: 'Accepter le devis' }));
    expect(await screen.findByText('Saisissez une adresse e-mail valide')).toBeTruthy();
    expect(screen.getByText('Saisissez votre fonction (100 caractères au plus)')).toBeTruthy();
    expect(screen.queryByText(quoteActionMessages.email)).toBeNull();
    expect(screen.queryByText(quoteActionMessages.jobTitle)).toBeNull();
    expect(calls.some((call) => call.path.endsWith('/accept'))).toBe(false);

    await user.clear(screen.getByLabelText('E-mail'));
    await user.type(screen.getByLabelText('E-mail'), 'chef@exemple.fr');
    await user.type(screen.getByLabelText('Fonction'), 'Directeur');
    await user.click(screen.getByRole('button', { name: 'Accepter le devis' }));
    await waitFor(() => expect(calls.some((call) => call.path.endsWith('/accept'))).toBe(true));
    const french = 'Saisissez votre organisation (lettres, chiffres et . & , ( ) -)';
    expect((await screen.findAllByText(french)).length).toBeGreaterThan(0);
    expect(screen.queryByText(quoteActionMessages.organization)).toBeNull();
  });
});
