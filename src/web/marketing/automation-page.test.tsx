// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes, resetWebTest } from '../../../tests/support/web-render';
import { defaultPublicSettings } from '../../shared/public-settings';
import { AutomationPage } from './automation-page';

// Moved from the browser journeys (tests/e2e/marketing.spec.ts; decision 0073), where the page's
// prerendering, title and axe scan are still checked.
describe('the automation page', () => {
  afterEach(resetWebTest);

  it('lists the three services and the industries served', () => {
    mockFetch({ 'GET /api/settings/public': { body: { settings: defaultPublicSettings } } });
    renderRoutes([{ path: '/automation', element: <AutomationPage /> }], '/automation');
    for (const service of ['Custom laboratory automation', 'OEM design', 'Consulting and support']) {
      expect(screen.getByRole('heading', { name: service })).toBeTruthy();
    }
    expect(screen.getByRole('heading', { name: 'Industries served' })).toBeTruthy();
    expect(document.body.textContent).toContain('Cell and gene therapy');
  });
});
