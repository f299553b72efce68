// @vitest-environment happy-dom
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes, resetWebTest } from '../../../tests/support/web-render';
import { chooseLanguage } from '../i18n/language';
import type { SessionData } from '../lib/use-session';
import { PasskeysSection } from './passkeys-section';

/** One verified passkey, added on 12 December 2026 and never used since. */
const session = {
  user: { id: 'u-1' },
  factors: [
    {
      id: 'f-1',
      factorType: 'webauthn',
      status: 'verified',
      friendlyName: 'Work laptop',
      createdAt: '2026-12-12T10:00:00.000Z',
      lastUsedAt: null,
    },
  ],
} as unknown as SessionData;

function show() {
  mockFetch({});
  return renderRoutes([{ path: '/my-account', element: <PasskeysSection session={session} /> }], '/my-account');
}

describe('My Account, passkeys (happy-dom, issue 40)', () => {
  afterEach(resetWebTest);

  it('in English by default: the list with the shop’s dates and "never"', async () => {
    show();
    expect(await screen.findByRole('heading', { name: 'Passkeys' })).toBeTruthy();
    expect(screen.getByText('Added 12 December 2026 · Last used never')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove passkey Work laptop' })).toBeTruthy();
  });

  it('in German: German date, "nie", the remove form and the add button', async () => {
    await act(() => chooseLanguage('de'));
    show();
    expect(await screen.findByRole('list', { name: 'Ihre Passkeys' })).toBeTruthy();
    expect(screen.getByText('Hinzugefügt am 12. Dezember 2026 · Zuletzt verwendet: nie')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Passkey Work laptop entfernen' }));
    expect(screen.getByText(/^Um den Passkey „Work laptop“ zu entfernen/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Passkey hinzufügen' })).toBeTruthy();
  });
});
