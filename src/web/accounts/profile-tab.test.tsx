// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, mockFetch, renderRoutes, resetWebTest } from '../../../tests/support/web-render';
import { chooseLanguage } from '../i18n/language';
import type { Organisation } from '../../shared/accounts/organisation-schemas';
import type { SessionProfile } from '../lib/use-session';
import { ProfileTab } from './profile-tab';

const profile = (overrides: Partial<SessionProfile> = {}): SessionProfile => ({
  id: '22222222-2222-4222-8222-222222222222',
  email: 'ap@example.com',
  firstName: 'Grace',
  lastName: 'Hopper',
  phone: null,
  company: 'Cavendish Laboratory',
  country: 'DE',
  isAdmin: false,
  einvoiceDelivery: null,
  emailVerified: true,
  createdAt: '2026-11-21T09:00:00.000Z',
  ...overrides,
});

const organisation: Organisation = {
  id: 'org-1',
  name: 'Cavendish Laboratory',
  role: 'accounts_payable',
  isOwner: false,
  members: [],
  invitations: [],
  ordersRequireAcceptedQuote: false,
  ordersRequirePoNumber: false,
  einvoiceDelivery: 'pdf_facturx',
};

const show = (shown: SessionProfile) =>
  renderRoutes([{ path: '/my-account', element: <ProfileTab profile={shown} /> }], '/my-account');

const routes = (member: boolean, put: Parameters<typeof mockFetch>[0][string]) =>
  mockFetch({
    'GET /api/account/organisation': { body: { organisation: member ? organisation : null } },
    'PUT /api/account/profile': put,
    'GET /api/auth/session': { body: { user: null } },
  });

const choice = () => screen.getByRole('combobox', { name: 'How invoices are e-mailed to you' }) as HTMLSelectElement;

describe('My Account, Profile: how invoices are e-mailed (issue 52)', () => {
  afterEach(resetWebTest);

  it('a member of an organisation following its choice picks PDF with XRechnung, saved with the profile', async () => {
    const calls = routes(true, (call) => ({ body: { profile: { ...profile(), ...(call.body as object) } } }));
    show(profile());
    await screen.findByRole('option', { name: 'Follow the organisation’s choice (PDF with Factur-X XML)' });
    expect(choice().value).toBe('');
    expect(
      within(choice())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Follow the organisation’s choice (PDF with Factur-X XML)',
      'PDF (Factur-X embedded)',
      'PDF with XRechnung XML',
      'PDF with Factur-X XML',
    ]);
    fireEvent.change(choice(), { target: { value: 'pdf_xrechnung' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      title: null,
      firstName: 'Grace',
      lastName: 'Hopper',
      phone: '',
      company: 'Cavendish Laboratory',
      country: 'DE',
      einvoiceDelivery: 'pdf_xrechnung',
    });
    expect(choice().value).toBe('pdf_xrechnung');
  });

  it('a member who chose XRechnung goes back to following the organisation: null is sent', async () => {
    const calls = routes(true, { body: { profile: profile() } });
    show(profile({ einvoiceDelivery: 'pdf_xrechnung' }));
    await screen.findByRole('option', { name: /Follow the organisation’s choice/ });
    expect(choice().value).toBe('pdf_xrechnung');
    fireEvent.change(choice(), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ einvoiceDelivery: null });
  });

  it('a customer without an organisation is not offered to follow one and reads the PDF as their choice', async () => {
    const calls = routes(false, { body: { profile: profile() } });
    show(profile());
    await waitFor(() => expect(calls.some((call) => call.path === '/api/account/organisation')).toBe(true));
    expect(within(choice()).queryByRole('option', { name: /Follow/ })).toBeNull();
    expect(choice().value).toBe('pdf');
    fireEvent.change(choice(), { target: { value: 'pdf_facturx' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ einvoiceDelivery: 'pdf_facturx' });
  });

  it('a refused profile save says why and keeps the choice', async () => {
    routes(true, apiError(400, 'validation_error', 'Invalid input'));
    show(profile());
    await screen.findByRole('option', { name: /Follow the organisation’s choice/ });
    fireEvent.change(choice(), { target: { value: 'pdf_facturx' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid input');
    expect(choice().value).toBe('pdf_facturx');
  });

  it('issue 53: in German the title is "Anrede" with Herr and Frau, starts with the stored one and is saved as chosen', async () => {
    await act(() => chooseLanguage('de'));
    const calls = routes(false, (call) => ({ body: { profile: { ...profile(), ...(call.body as object) } } }));
    show(profile({ title: 'mr' }));
    const title = (await screen.findByRole('combobox', { name: 'Anrede (optional)' })) as HTMLSelectElement;
    expect(
      within(title)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Keine Angabe', 'Herr', 'Frau']);
    expect(title.value).toBe('mr');
    fireEvent.change(title, { target: { value: 'ms' } });
    fireEvent.click(screen.getByRole('button', { name: 'Profil aktualisieren' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ title: 'ms', lastName: 'Hopper' });
  });
});
