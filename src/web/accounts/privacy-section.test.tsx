// @vitest-environment happy-dom
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes, resetWebTest } from '../../../tests/support/web-render';
import { chooseLanguage } from '../i18n/language';
import type { SessionData } from '../lib/use-session';
import { PrivacySection } from './privacy-section';

/** A signed-in customer without a second factor: all the section reads of the session. */
const session = { user: { id: 'u-1' }, profile: { isAdmin: false }, factors: [] } as unknown as SessionData;

function show() {
  mockFetch({
    'GET /api/account/data-export': { body: { export: null } },
    'GET /api/account/instruments': { body: { instruments: [] } },
    'GET /api/service-requests': { body: { requests: [] } },
  });
  return renderRoutes([{ path: '/my-account', element: <PrivacySection session={session} /> }], '/my-account');
}

describe('My Account, privacy: data export and closing the account (happy-dom, issue 40)', () => {
  afterEach(resetWebTest);

  it('in English by default, with the close-account dialog’s words', async () => {
    show();
    expect(await screen.findByRole('heading', { name: 'Download my data' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close my account…' }));
    expect(screen.getByText('We delete at once:')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });

  it('in German: the headings, the dialog, its password label and its own check message; the law’s lists stay English', async () => {
    await act(() => chooseLanguage('de'));
    show();
    expect(await screen.findByRole('heading', { name: 'Meine Daten herunterladen' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Mein Konto schließen' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mein Konto schließen…' }));
    expect(screen.getByText('Wir löschen sofort:')).toBeTruthy();
    expect(screen.getByLabelText('Passwort')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mein Konto schließen' }));
    expect(screen.getByRole('alert').textContent).toBe('Bitte bestätigen Sie, dass Sie Ihr Konto schließen möchten.');
    expect(screen.queryByText('Close my account')).toBeNull();
  });
});
