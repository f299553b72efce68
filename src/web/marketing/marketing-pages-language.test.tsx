// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { webEnglishPhrases } from '../../../tests/support/web-english-phrases';
import { mockFetch, renderRoutes, resetWebTest, signedOut } from '../../../tests/support/web-render';
import { exampleBusinessProfile, publicProfileOf } from '../../shared/business-profile';
import { profileTexts } from '../../shared/profile-tokens';
import { defaultPublicSettings } from '../../shared/public-settings';
import { setPublicProfile } from '../lib/public-profile';
import { chooseLanguage } from '../i18n/language';
import { AboutPage } from './about-page';
import { AutomationPage } from './automation-page';
import { CareersPage } from './careers-page';
import { ComingSoonPage } from './coming-soon-page';
import { ContactPage } from './contact-page';

const pages: [string, () => ReactElement, string, string][] = [
  ['/about', () => <AboutPage />, 'Warum es uns gibt', 'Pourquoi nous existons'],
  ['/careers', () => <CareersPage />, 'Offene Stellen', 'Postes ouverts'],
  ['/contact', () => <ContactPage />, 'Eingetragenes Unternehmen', 'Société immatriculée'],
  ['/automation', () => <AutomationPage />, 'Branchen', 'Secteurs'],
  ['/coming-soon', () => <ComingSoonPage />, 'Weitere Geräte folgen in Kürze', 'D’autres instruments arrivent bientôt'],
];
const phrases = webEnglishPhrases(['about.', 'careers.', 'contact.', 'automation.', 'soon.', 'nav.']);

describe('the marketing pages in German and French (issue 53)', () => {
  afterEach(() => {
    resetWebTest();
    setPublicProfile(undefined);
  });

  for (const language of ['de', 'fr'] as const)
    it(`${language}: about, careers, contact, custom automation and coming soon carry no phrase of the English catalogue`, async () => {
      // No map position: the contact page's map frame stays out of happy-dom, which cannot load it.
      setPublicProfile(profileTexts(publicProfileOf({ ...exampleBusinessProfile, mapLatitude: '', mapLongitude: '' })));
      await chooseLanguage(language);
      for (const [path, page, german, french] of pages) {
        mockFetch({
          'GET /api/auth/session': signedOut,
          'GET /api/settings/public': { body: { settings: defaultPublicSettings } },
        });
        const view = renderRoutes([{ path, element: page() }], path);
        expect(await screen.findByText(language === 'de' ? german : french)).toBeTruthy();
        const text = document.body.textContent ?? '';
        expect(
          phrases.filter((phrase) => text.includes(phrase)),
          path,
        ).toEqual([]);
        if (language === 'de' && path === '/contact') expect(text).toContain('eingetragen in England und Wales');
        if (language === 'fr' && path === '/contact') expect(text).toContain('Ventes\u202f:');
        view.unmount();
      }
    });
});
