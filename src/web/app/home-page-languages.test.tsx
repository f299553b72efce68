// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { webEnglishPhrases as basePhrases } from '../../../tests/support/web-english-phrases';
import { mockFetch, renderRoutes, resetWebTest, signedOut } from '../../../tests/support/web-render';
import { exampleBusinessProfile, publicProfileOf, registrationLine } from '../../shared/business-profile';
import { knownPlaces, placeIn } from '../../shared/i18n/place-names';
import { translator } from '../../shared/i18n/translator';
import { defaultPublicSettings } from '../../shared/public-settings';
import { chooseLanguage } from '../i18n/language';
import { defaultHead } from '../lib/head-tags';
import { RootLayout } from '../layout/root-layout';
import { HomePage } from '../marketing/home-page';

/** The English catalogue's phrases of the navigation, footer and home page. */
const englishPhrases = () => basePhrases(['home.', 'nav.', 'footer.', 'company.']);

function renderHome(path: string) {
  mockFetch({
    'GET /api/auth/session': signedOut,
    'GET /api/settings/public': { body: { settings: defaultPublicSettings } },
  });
  return renderRoutes(
    [
      {
        element: <RootLayout />,
        children: [
          { path: '/', element: <HomePage /> },
          { path: '/de', element: <HomePage /> },
          { path: '/fr', element: <HomePage /> },
        ],
      },
    ],
    path,
  );
}

describe('the home page, navigation and footer in German and French (issue 53)', () => {
  afterEach(resetWebTest);

  it('English keeps the specification’s words and the default head, word for word', async () => {
    renderHome('/');
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(document.title).toBe(defaultHead.title);
    expect(screen.getAllByRole('link', { name: 'Configure Now' }).length).toBeGreaterThan(0);
    expect(document.body.textContent).toContain(registrationLine(publicProfileOf(exampleBusinessProfile)));
  });

  it('German: picked on the English home page, the page moves to /de and reads German, no phrase of the English catalogue left', async () => {
    const { router } = renderHome('/');
    await screen.findByRole('heading', { level: 1 });
    await chooseLanguage('de');
    await waitFor(() => expect(router.state.location.pathname).toBe('/de'));
    expect(await screen.findByRole('heading', { name: 'Häufig gestellte Fragen' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /Jetzt konfigurieren/ }).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: /Produkte/ })).toBeTruthy();
    const text = document.body.textContent ?? '';
    expect(text).toContain('Eingetragen in England und Wales, Registernummer');
    expect(text).toContain('Schritt 1');
    expect(text).toContain('zzgl. USt.');
    expect(text).toMatch(/2\.850\s£/); // the starting price in German money format
    expect(text).toContain('12 Monate, verlängerbar mit jährlicher Wartung');
    expect(document.title).toBe('Dropwise | Sterile, tropfenweise Zugabe mit kontrollierter Rate');
    const left = englishPhrases().filter((phrase) => text.includes(phrase));
    expect(left).toEqual([]);
  });

  it('French: /fr reads French with narrow no-break spaces before “?” and “:”, and picking English goes back to /', async () => {
    const { router } = renderHome('/');
    await screen.findByRole('heading', { level: 1 });
    await chooseLanguage('fr');
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr'));
    expect(await screen.findByRole('heading', { name: 'Questions fréquentes' })).toBeTruthy();
    const text = document.body.textContent ?? '';
    expect(text).toContain('Que fait l’instrument\u202f?');
    expect(text).toContain('Immatriculée en Angleterre et pays de Galles');
    expect(englishPhrases().filter((phrase) => text.includes(phrase))).toEqual([]);
    await chooseLanguage('en');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Commonly Asked Questions' })).toBeTruthy();
  });

  it('the footer’s registered places are the documents’ own (“England und Wales”, “Angleterre et pays de Galles”)', () => {
    for (const place of knownPlaces)
      for (const language of ['de', 'fr'] as const)
        expect(placeIn(language, place)).toBe(translator(language).place(place));
    expect(placeIn('de', 'Jersey')).toBe('Jersey');
  });
});
