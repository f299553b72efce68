// @vitest-environment happy-dom
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixtureProduct } from '../../shared/pricing/pricing-fixture';
import { mockFetch, renderRoutes, resetWebTest, signedOut } from '../../../tests/support/web-render';
import { chooseLanguage, LANGUAGE_STORAGE_KEY } from '../i18n/language';
import { ConfigurePage } from './configure-page';

// The flags are SVG files of a package outside the worktree's root, which Vite's test server does not serve.
vi.mock('./country-flag', () => ({ CountryFlag: () => null }));

/** The configurator in the buyer's language (issue 40): German or French only when the buyer picks it. */
const spaces = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

function openConfigurator() {
  mockFetch({
    'GET /api/auth/session': signedOut,
    'GET /api/products/dropwise': { body: { product: fixtureProduct, vatRate: 20 } },
    'GET /api/orders/ordering': { body: { open: true, message: null } },
  });
  return renderRoutes([{ path: '/configure', element: <ConfigurePage /> }], '/configure');
}

async function chooseCountry(user: ReturnType<typeof userEvent.setup>, current: string, country: string) {
  await user.click(await screen.findByRole('button', { name: new RegExp(current) }));
  await user.click(await screen.findByRole('button', { name: new RegExp(`^${country}`) }));
}

describe('the configurator in German and French (component, happy-dom)', () => {
  afterEach(resetWebTest);

  it('in English by default: the specification’s texts, the shop’s money style', async () => {
    const user = userEvent.setup();
    openConfigurator();
    expect(await screen.findByRole('heading', { name: 'Configure your Dropwise' })).toBeTruthy();
    expect(await screen.findByText('Order summary', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Delivery country')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Generate Quote PDF' })).toBeTruthy();
    expect(screen.getAllByText('£2,850').length).toBeGreaterThan(0);
    await chooseCountry(user, 'United Kingdom', 'Germany');
    expect((await screen.findAllByText('€3,340')).length).toBeGreaterThan(0);
    expect(document.documentElement.lang).not.toBe('de');
  });

  it('with German chosen: German labels and German money ("4.807,90 €" style)', async () => {
    const user = userEvent.setup();
    await act(() => chooseLanguage('de'));
    openConfigurator();
    expect(await screen.findByRole('heading', { name: 'Konfigurieren Sie Ihr Dropwise' })).toBeTruthy();
    expect(await screen.findByText('Bestellübersicht', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Lieferland')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Angebot als PDF erstellen' })).toBeTruthy();
    expect(screen.queryByText('Order summary')).toBeNull();
    // Issue 53: the countries in German, in German alphabetical order after the United Kingdom.
    expect(screen.getByRole('button', { name: /Vereinigtes Königreich/ })).toBeTruthy();
    expect(document.documentElement.lang).toBe('de');

    await chooseCountry(user, 'Vereinigtes Königreich', 'Deutschland');
    // Dropwise Standard is €3,340 in English; in German "3.340 €". Totals with cents: "4.807,90 €" style.
    const model = await screen.findByRole('radio', { name: /Dropwise Standard/ });
    expect(spaces(model.parentElement?.textContent)).toContain('3.340 €');
    const total = spaces(screen.getByTestId('est-price').textContent);
    expect(total).toMatch(/^\d{1,3}(\.\d{3})*(,\d{2})? €$/);
    expect(spaces(screen.getByText('Zwischensumme').nextElementSibling?.textContent)).toMatch(/^[\d.]+(,\d{2})? €$/);
  });

  it('with French chosen: French labels and French money ("4 807,90 €" style)', async () => {
    const user = userEvent.setup();
    await act(() => chooseLanguage('fr'));
    openConfigurator();
    expect(await screen.findByRole('heading', { name: 'Configurez votre Dropwise' })).toBeTruthy();
    await screen.findByText('Récapitulatif de la commande', {}, { timeout: 5000 });
    await chooseCountry(user, 'Royaume-Uni', 'France');
    const model = await screen.findByRole('radio', { name: /Dropwise Standard/ });
    expect(spaces(model.parentElement?.textContent)).toContain('3 340 €');
    expect(document.documentElement.lang).toBe('fr');
  });

  it('choosing a country never changes the language: France keeps English, the UK keeps German', async () => {
    const user = userEvent.setup();
    const view = openConfigurator();
    await screen.findByText('Order summary', {}, { timeout: 5000 });
    await chooseCountry(user, 'United Kingdom', 'France');
    await screen.findAllByText('€3,340');
    expect(screen.getByRole('heading', { name: 'Configure your Dropwise' })).toBeTruthy();
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
    expect(document.documentElement.lang).not.toBe('fr');
    view.unmount();

    await act(() => chooseLanguage('de'));
    openConfigurator();
    await screen.findByText('Bestellübersicht', {}, { timeout: 5000 });
    await chooseCountry(user, 'Vereinigtes Königreich', 'Deutschland');
    await chooseCountry(user, 'Deutschland', 'Vereinigtes Königreich');
    expect((await screen.findAllByText(/^2\.850\s£$/)).length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: 'Konfigurieren Sie Ihr Dropwise' })).toBeTruthy();
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
  });
});
