// @vitest-environment happy-dom
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, mockFetch, renderRoutes, resetWebTest } from '../../../tests/support/web-render';
import { waitlistRefusals } from '../../shared/waitlist';
import { chooseLanguage } from '../i18n/language';
import { WaitlistLeavePage } from './waitlist-leave-page';

const openWith = (token: string) =>
  renderRoutes([{ path: '/waitlist/leave', element: <WaitlistLeavePage /> }], `/waitlist/leave?token=${token}`);

/** The waitlist's answers by their ids, in the page's language (issue 53). */
describe('leaving the USA waitlist (happy-dom)', () => {
  afterEach(resetWebTest);

  it('a used link refused by the server (404 invalid_link) reads in German', async () => {
    const calls = mockFetch({ 'POST /api/waitlist/leave': apiError(404, 'invalid_link', waitlistRefusals.invalid) });
    await act(() => chooseLanguage('de'));
    openWith('used-token');
    fireEvent.click(await screen.findByRole('button', { name: 'Leave the waitlist' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Dieser Link wurde bereits verwendet oder ist ungültig.',
    );
    expect(calls.find((call) => call.path === '/api/waitlist/leave')?.body).toEqual({ token: 'used-token' });
  });

  it('the answer once left reads in French; in English as the server says it', async () => {
    mockFetch({ 'POST /api/waitlist/leave': { body: { message: waitlistRefusals.left.message } } });
    await act(() => chooseLanguage('fr'));
    openWith('fresh-token');
    fireEvent.click(await screen.findByRole('button', { name: 'Leave the waitlist' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Vous avez quitté la liste d’attente pour les États-Unis. Nous ne vous enverrons plus d’e-mail à ce sujet.',
    );
  });
});
