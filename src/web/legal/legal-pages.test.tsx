// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes, resetWebTest } from '../../../tests/support/web-render';
import { defaultPublicSettings } from '../../shared/public-settings';
import { PrivacyPolicyPage } from './privacy-policy-page';
import { TermsOfSalePage } from './terms-of-sale-page';

// The legal pages' texts, moved from the browser journeys (tests/e2e/marketing.spec.ts; decision
// 0073): what only the running shop shows of them (prerendering, titles, the configured quote validity,
// axe) stays there.

const sectionTitles = () =>
  screen
    .getAllByRole('heading', { level: 2 })
    .filter((heading) => heading.closest('section'))
    .map((heading) => (heading.textContent ?? '').replace(/^\d+\.\s*/, ''));

describe('the legal pages', () => {
  afterEach(resetWebTest);

  it('the privacy policy: version 1.0, its 17 sections in order, the retention figures, and Back to Home goes home', async () => {
    mockFetch({ 'GET /api/settings/public': { body: { settings: defaultPublicSettings } } });
    const { router } = renderRoutes(
      [
        { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
        { path: '/', element: <p>home</p> },
      ],
      '/privacy-policy',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    expect(screen.getByText('Version 1.0 · Effective 26 June 2025')).toBeTruthy();
    expect(sectionTitles()).toEqual([
      'Introduction',
      'Data controller',
      'Information we collect',
      'Legal basis for processing',
      'How we use your information',
      'Sharing your information',
      'International transfers',
      'How long we keep your information',
      'Your rights',
      'Security',
      'Cookies',
      'Marketing',
      'Children',
      'Third-party links',
      'Changes to this policy',
      'Complaints',
      'Contact us',
    ]);
    const text = document.body.textContent ?? '';
    for (const figure of [
      '7 years',
      'until you opt out, or after 3 years without any',
      '90 days',
      'within 30',
      '18 or over',
    ]) {
      expect(text).toContain(figure);
    }
    await userEvent.click(screen.getByRole('link', { name: 'Back to Home' }));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('home')).toBeTruthy();
  });

  it('the terms of sale: version 3.0, 17 sections, the default 7-day quote validity and 12-month warranty, the figures, Back to Configuration', async () => {
    mockFetch({ 'GET /api/settings/public': { body: { settings: defaultPublicSettings } } });
    renderRoutes([{ path: '/terms-of-sale', element: <TermsOfSalePage /> }], '/terms-of-sale');
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Sale' })).toBeTruthy();
    expect(screen.getByText('Version 3.0 · Effective 26 June 2025')).toBeTruthy();
    expect(sectionTitles()).toHaveLength(17);
    expect(screen.getByTestId('quote-validity').textContent).toBe('7 days');
    expect(screen.getByTestId('warranty-period').textContent).toBe('12 months');
    const text = document.body.textContent ?? '';
    for (const figure of [
      'more than 10%',
      'more than 5%',
      'the quote has expired (7 days after it was issued)',
      'A 50% deposit is invoiced on our written confirmation, payable within 14 days.',
      'You pay in the currency of the invoice',
      'administration fee of 5%',
      'the deposit is forfeited',
      '100% of the order total',
      '8% a year above the Bank of England base rate',
      '30 days before or after each anniversary of delivery',
      'within 30 days of finding the defect',
      'within 7 days of delivery',
      'Return Material Authorisation (RMA)',
      'not resolved within 30 days',
      'under £250,000',
      'Delivered Duty Paid (DDP)',
      'Delivered At Place (DAP)',
      'law of England and Wales',
    ]) {
      expect(text).toContain(figure);
    }
    expect(screen.getByRole('link', { name: 'Back to Configuration' }).getAttribute('href')).toBe('/configure');
  });
});
