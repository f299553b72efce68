// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockFetch, renderRoutes, resetWebTest } from '../../../tests/support/web-render';
import {
  type Organisation,
  organisationMessages,
  organisationRefusals,
} from '../../shared/accounts/organisation-schemas';
import { chooseLanguage } from '../i18n/language';
import { OrganisationTab } from './organisation-tab';

const organisation = (overrides: Partial<Organisation> = {}): Organisation => ({
  id: 'org-1',
  name: 'Cavendish Laboratory',
  role: 'buyer',
  isOwner: true,
  members: [
    {
      userId: '11111111-1111-4111-8111-111111111111',
      email: 'owner@example.com',
      name: 'Ada Lovelace',
      role: 'buyer',
      isOwner: true,
      joinedAt: '2026-11-20T09:00:00.000Z',
    },
    {
      userId: '22222222-2222-4222-8222-222222222222',
      email: 'ap@example.com',
      name: null,
      role: 'accounts_payable',
      isOwner: false,
      joinedAt: '2026-11-21T09:00:00.000Z',
    },
  ],
  ordersRequireAcceptedQuote: false,
  ordersRequirePoNumber: false,
  invitations: [],
  ...overrides,
});

const show = () =>
  renderRoutes([{ path: '/my-account', element: <OrganisationTab company="Cavendish Lab" /> }], '/my-account');

describe('My Account, Organisation (issue 39)', () => {
  afterEach(resetWebTest);

  it('without an organisation offers to create one named as the profile’s organisation', async () => {
    const calls = mockFetch({
      'GET /api/account/organisation': { body: { organisation: null } },
      'POST /api/account/organisation': { status: 201, body: { organisation: organisation() } },
    });
    show();
    const name = await screen.findByLabelText('Organisation name');
    expect((name as HTMLInputElement).value).toBe('Cavendish Lab');
    fireEvent.click(screen.getByRole('button', { name: 'Create organisation' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Cavendish Lab' });
  });

  it('the owner sees whether the organisation’s orders need an accepted quote (set by staff)', async () => {
    mockFetch({
      'GET /api/account/organisation': { body: { organisation: organisation({ ordersRequireAcceptedQuote: true }) } },
    });
    show();
    expect((await screen.findByTestId('organisation-acceptance-rule')).textContent).toContain(
      'Orders need an accepted quote: an approver or the owner accepts a quote before it can be ordered.',
    );
  });

  it('the owner sees the members with their roles, invites a colleague, and removes one only after confirming', async () => {
    const calls = mockFetch({
      'GET /api/account/organisation': { body: { organisation: organisation() } },
      'POST /api/account/organisation/invitations': apiError(
        409,
        'already_member',
        'This person already belongs to an organisation.',
      ),
      'DELETE /api/account/organisation/members/22222222-2222-4222-8222-222222222222': {
        body: { organisation: organisation({ members: organisation().members.slice(0, 1) }) },
      },
    });
    show();
    const members = await screen.findByRole('list');
    expect(within(members).getAllByRole('listitem')[0]?.textContent).toContain('Ada Lovelace(owner)');
    expect((within(members).getByLabelText('Role of ap@example.com') as HTMLSelectElement).value).toBe(
      'accounts_payable',
    );
    // The owner's row has no Remove button.
    expect(within(members).getAllByRole('button', { name: 'Remove' })).toHaveLength(1);

    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'taken@example.com' } });
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'approver' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('This person already belongs to an organisation.')).toBeTruthy();
    expect(calls.find((call) => call.path.endsWith('/invitations'))?.body).toEqual({
      email: 'taken@example.com',
      role: 'approver',
    });

    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(confirm).toHaveBeenCalledOnce();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    confirm.mockReturnValue(true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
  });

  it('a member who does not own it sees the members and roles, but no invitation form or management', async () => {
    mockFetch({
      'GET /api/account/organisation': {
        body: { organisation: organisation({ isOwner: false, role: 'accounts_payable' }) },
      },
    });
    show();
    expect(await screen.findByText(/Your role:/)).toBeTruthy();
    expect(screen.getByText('Accounts payable', { selector: 'strong' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send invitation' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});

describe('My Account, Organisation: how its invoices are e-mailed (issue 52)', () => {
  afterEach(resetWebTest);

  it('the owner chooses PDF with XRechnung and the organisation is saved with it', async () => {
    let saved = organisation({ einvoiceDelivery: 'pdf' });
    const calls = mockFetch({
      'GET /api/account/organisation': () => ({ body: { organisation: saved } }),
      'PUT /api/account/organisation/einvoice-delivery': (call) => {
        saved = organisation({
          einvoiceDelivery: (call.body as { einvoiceDelivery: 'pdf_xrechnung' }).einvoiceDelivery,
        });
        return { body: { organisation: saved } };
      },
    });
    show();
    const choice = (await screen.findByRole('combobox', {
      name: 'How the organisation’s invoices are e-mailed',
    })) as HTMLSelectElement;
    expect(choice.value).toBe('pdf');
    expect(
      within(choice)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['PDF (Factur-X embedded)', 'PDF with XRechnung XML', 'PDF with Factur-X XML']);
    fireEvent.change(choice, { target: { value: 'pdf_xrechnung' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save invoice delivery' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Saved: the organisation’s invoices are now e-mailed as PDF with XRechnung XML.',
    );
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { einvoiceDelivery: 'pdf_xrechnung' },
    ]);
    expect(choice.value).toBe('pdf_xrechnung');
  });

  it('a refused save keeps the owner’s choice and says why', async () => {
    const calls = mockFetch({
      'GET /api/account/organisation': { body: { organisation: organisation({ einvoiceDelivery: 'pdf' }) } },
      'PUT /api/account/organisation/einvoice-delivery': apiError(403, 'owner_only', organisationRefusals.ownerOnly),
    });
    show();
    const choice = (await screen.findByRole('combobox', {
      name: 'How the organisation’s invoices are e-mailed',
    })) as HTMLSelectElement;
    fireEvent.change(choice, { target: { value: 'pdf_facturx' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save invoice delivery' }));
    expect((await screen.findByRole('alert')).textContent).toBe(organisationMessages.ownerOnly);
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ einvoiceDelivery: 'pdf_facturx' });
    expect(choice.value).toBe('pdf_facturx');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('a member who is not the owner sees the organisation’s choice but cannot change it', async () => {
    const calls = mockFetch({
      'GET /api/account/organisation': {
        body: {
          organisation: organisation({ isOwner: false, role: 'accounts_payable', einvoiceDelivery: 'pdf_xrechnung' }),
        },
      },
    });
    show();
    expect((await screen.findByTestId('organisation-einvoice-delivery')).textContent).toBe(
      'The organisation’s invoices are e-mailed as: PDF with XRechnung XML. Its owner chooses this; your own choice is on the Profile tab.',
    );
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save invoice delivery' })).toBeNull();
    expect(calls.every((call) => call.method === 'GET')).toBe(true);
  });

  it('the owner reads the choices in German and French', async () => {
    await act(() => chooseLanguage('de'));
    mockFetch({ 'GET /api/account/organisation': { body: { organisation: organisation() } } });
    show();
    const german = await screen.findByRole('combobox', {
      name: 'Wie die Rechnungen der Organisation per E-Mail kommen',
    });
    expect(
      within(german)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['PDF (mit eingebettetem Factur-X)', 'PDF mit XRechnung-XML', 'PDF mit Factur-X-XML']);
    resetWebTest();
    await act(() => chooseLanguage('fr'));
    mockFetch({ 'GET /api/account/organisation': { body: { organisation: organisation() } } });
    show();
    expect(await screen.findByRole('button', { name: 'Enregistrer l’envoi des factures' })).toBeTruthy();
  });
});

describe('My Account, Organisation in German (issue 40)', () => {
  afterEach(resetWebTest);

  it('the owner reads the tab, the rules and the role names in German', async () => {
    await act(() => chooseLanguage('de'));
    mockFetch({
      'GET /api/account/organisation': {
        body: { organisation: organisation({ ordersRequireAcceptedQuote: true, ordersRequirePoNumber: true }) },
      },
    });
    show();
    expect(await screen.findByRole('heading', { name: 'Mitglieder' })).toBeTruthy();
    expect(screen.getByTestId('organisation-acceptance-rule').textContent).toMatch(
      /^Bestellungen brauchen ein angenommenes Angebot/,
    );
    expect(screen.getByRole('button', { name: 'Einladung senden' })).toBeTruthy();
    const roles = within(screen.getByRole('combobox', { name: 'Rolle' })).getAllByRole('option');
    expect(roles.map((option) => option.textContent)).toEqual(['Einkäufer', 'Freigebende Person', expect.any(String)]);
    expect(screen.queryByText('Members')).toBeNull();
  });

  it('without an organisation: the German create form', async () => {
    await act(() => chooseLanguage('de'));
    mockFetch({ 'GET /api/account/organisation': { body: { organisation: null } } });
    show();
    expect(await screen.findByLabelText('Name der Organisation')).toBeTruthy();
  });

  it('a refused invitation in French: the server’s refusal in the page’s language', async () => {
    await act(() => chooseLanguage('fr'));
    mockFetch({
      'GET /api/account/organisation': { body: { organisation: organisation() } },
      'POST /api/account/organisation/invitations': apiError(
        429,
        'rate_limited',
        organisationRefusals.tooManyInvitations,
      ),
    });
    show();
    fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: 'new@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer l’invitation' }));
    expect(
      await screen.findByText('Trop d’invitations. Veuillez patienter avant d’inviter d’autres collègues.'),
    ).toBeTruthy();
  });

  it('a server 409 on a German page: the refusal’s id reaches the page and reads in German', async () => {
    await act(() => chooseLanguage('de'));
    mockFetch({
      'GET /api/account/organisation': { body: { organisation: organisation() } },
      'POST /api/account/organisation/invitations': apiError(409, 'already_member', organisationRefusals.alreadyMember),
    });
    show();
    fireEvent.change(await screen.findByLabelText('E-Mail'), { target: { value: 'taken@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Einladung senden' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Diese Person gehört bereits zu einer Organisation.');
  });

  it('a refusal with values (the daily limit) reads in German with its number', async () => {
    await act(() => chooseLanguage('de'));
    mockFetch({
      'GET /api/account/organisation': { body: { organisation: organisation() } },
      'POST /api/account/organisation/invitations': apiError(429, 'invitations_per_day', {
        ...organisationRefusals.tooManyInvitationsToday,
        values: { count: 20 },
      }),
    });
    show();
    fireEvent.change(await screen.findByLabelText('E-Mail'), { target: { value: 'new@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Einladung senden' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Sie haben in den letzten 24 Stunden 20 Einladungen gesendet. Bitte warten Sie einen Tag, bevor Sie weitere Kollegen einladen.',
    );
  });

  it('edge case: a refusal without an id, or with an id the catalogue lacks, shows the server’s English', async () => {
    await act(() => chooseLanguage('de'));
    mockFetch({
      'GET /api/account/organisation': { body: { organisation: organisation() } },
      'POST /api/account/organisation/invitations': apiError(409, 'conflict', {
        id: 'orgRefusal.notInAnyCatalogue',
        message: 'Something only the server says.',
      }),
    });
    show();
    fireEvent.change(await screen.findByLabelText('E-Mail'), { target: { value: 'new@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Einladung senden' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Something only the server says.');
  });
});
