// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes, resetWebTest } from '../../../../tests/support/web-render';
import { refreshSession } from '../../lib/use-session';
import { SettingsHubPage, settingsCards } from './settings-hub-page';

describe('the settings hub (component, happy-dom)', () => {
  afterEach(resetWebTest);

  it('links each card the role allows, with its title and line, and leaves out the others', async () => {
    mockFetch({
      'GET /api/auth/session': {
        body: {
          user: { id: 'staff-1', email: 'staff@example.com' },
          aal: 'aal2',
          staff: { roles: [], permissions: ['settings.edit'] },
        },
      },
    });
    await refreshSession();
    renderRoutes([{ path: '/admin/settings', element: <SettingsHubPage /> }], '/admin/settings');
    const allowed = settingsCards.filter((card) => card.permission === 'settings.edit');
    expect(allowed.length).toBeGreaterThan(0);
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(allowed.map((card) => card.to));
    for (const [index, card] of allowed.entries()) {
      const link = within(links[index] as HTMLElement);
      expect(link.getByRole('heading', { name: card.title })).toBeTruthy();
      expect(link.getByText(card.text)).toBeTruthy();
    }
  });
});
