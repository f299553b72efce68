// @vitest-environment happy-dom
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderRoutes, resetWebTest, signedOut } from '../../../tests/support/web-render';
import type { Product } from '../../shared/catalogue';
import { fixtureProduct } from '../../shared/pricing/pricing-fixture';
import { chooseLanguage } from '../i18n/language';
import { ConfigurePage } from './configure-page';

// The flags are SVG files of a package outside the worktree's root, which Vite's test server does not serve.
vi.mock('./country-flag', () => ({ CountryFlag: () => null }));

/**
 * Issue 53: the model cards list each model's features in the page's language, as staff gave them in
 * the catalogue (`translations.de.features`); a model with none in the language lists its English ones.
 * The collection option reads its German name, its town filled in as in its English.
 */
const [standard, pro] = fixtureProduct.configurations;
const product: Product = {
  ...fixtureProduct,
  configurations: [
    {
      ...(standard as Product['configurations'][number]),
      features: ['Dispense rate 0.5-15 mL/min', 'Takes 3 mL and 6 mL syringes', 'OLED display', '12-month warranty'],
      translations: {
        de: {
          name: 'Dropwise Standard',
          features: [
            'Förderrate 0,5–15 mL/min',
            'Für Spritzen mit 3 mL und 6 mL',
            'OLED-Display',
            '12 Monate Garantie',
          ],
        },
        fr: {
          name: 'Dropwise Standard',
          features: ['Débit de 0,5 à 15 mL/min', 'Accepte les seringues de 3 mL et de 6 mL', 'Écran OLED'],
        },
      },
    },
    // No translated features: its card lists the English ones.
    { ...(pro as Product['configurations'][number]), features: ['Run log export over USB'] },
  ],
  shipping: fixtureProduct.shipping.map((option) =>
    option.id === 'collection'
      ? {
          ...option,
          translations: {
            de: { name: 'Abholung in Lancaster', description: 'Abholung in unserem Büro in Lancaster.' },
            fr: { name: 'Retrait à Lancaster', description: 'Retrait dans nos locaux de Lancaster.' },
          },
        }
      : option,
  ),
};

/** The model's card: the radio named after the model, with the text beside it. */
const modelCard = async (name: string) => {
  const radio = await screen.findByRole('radio', { name }, { timeout: 5000 });
  const card = radio.parentElement;
  if (!card) throw new Error(`no card around ${name}`);
  return card;
};

describe('the model cards’ features in the page’s language (issue 53)', () => {
  afterEach(resetWebTest);

  const open = async (language: 'de' | 'fr') => {
    mockFetch({
      'GET /api/products/dropwise': { body: { product, vatRate: 20 } },
      'GET /api/auth/session': signedOut,
    });
    await act(() => chooseLanguage(language));
    renderRoutes([{ path: '/configure', element: <ConfigurePage /> }], '/configure');
  };

  it('German: the Standard card lists its German features, none of the English; the collection option reads German', async () => {
    await open('de');
    const card = within(await modelCard('Dropwise Standard'));
    expect(card.getByText('Förderrate 0,5–15 mL/min')).toBeTruthy();
    expect(card.getByText('Für Spritzen mit 3 mL und 6 mL')).toBeTruthy();
    expect(card.getByText('OLED-Display')).toBeTruthy();
    expect(card.queryByText('Dispense rate 0.5-15 mL/min')).toBeNull();
    expect(card.queryByText('OLED display')).toBeNull();
    // The warranty feature gives way to the terms' sentence for the plan chosen, in German too.
    expect(card.queryByText('12 Monate Garantie')).toBeNull();
    expect(card.getByText(/Garantie/)).toBeTruthy();
    expect(await screen.findAllByText('Abholung in Lancaster', {}, { timeout: 5000 })).not.toHaveLength(0);
    expect(screen.queryByText('Collect from Lancaster')).toBeNull();
  });

  it('edge case: a model with no German features lists its English ones on the German page', async () => {
    await open('de');
    const card = within(await modelCard('Dropwise Pro'));
    expect(card.getByText('Run log export over USB')).toBeTruthy();
  });

  it('French: the Standard card lists its French features; the collection option reads French', async () => {
    await open('fr');
    const card = within(await modelCard('Dropwise Standard'));
    expect(card.getByText('Débit de 0,5 à 15 mL/min')).toBeTruthy();
    expect(card.getByText('Écran OLED')).toBeTruthy();
    expect(card.queryByText('OLED display')).toBeNull();
    expect(await screen.findAllByText('Retrait à Lancaster', {}, { timeout: 5000 })).not.toHaveLength(0);
  });
});
