// @vitest-environment happy-dom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { resetWebTest } from '../../../tests/support/web-render';
import { forgetLanguage, LANGUAGE_STORAGE_KEY } from './language';
import { LanguageSwitch } from './language-switch';
import { useT } from './use-t';

function Heading() {
  const { t } = useT();
  return <h1>{t('configure.heading', 'Configure your Dropwise')}</h1>;
}

describe('the language switch (component, happy-dom)', () => {
  afterEach(resetWebTest);

  it('is a labelled select of the three languages, English first, each in its own name', () => {
    render(<LanguageSwitch />);
    const select = screen.getByRole('combobox', { name: 'Language' }) as HTMLSelectElement;
    expect(select.value).toBe('en');
    expect([...select.options].map((option) => option.text)).toEqual(['English', 'Deutsch', 'Français']);
  });

  it('picking Deutsch switches the page once its catalogue is loaded, keeps the choice and sets <html lang>', async () => {
    const user = userEvent.setup();
    render(
      <>
        <LanguageSwitch />
        <Heading />
      </>,
    );
    expect(screen.getByRole('heading', { name: 'Configure your Dropwise' })).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'de');
    expect(await screen.findByRole('heading', { name: 'Konfigurieren Sie Ihr Dropwise' })).toBeTruthy();
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'en');
    expect(await screen.findByRole('heading', { name: 'Configure your Dropwise' })).toBeTruthy();
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });

  it('a choice kept from an earlier visit applies on the next page load; an unknown stored value is ignored', async () => {
    forgetLanguage();
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    const view = render(<Heading />);
    expect(await screen.findByRole('heading', { name: 'Configurez votre Dropwise' })).toBeTruthy();
    view.unmount();

    forgetLanguage();
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'xx');
    render(<Heading />);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Configure your Dropwise' })).toBeTruthy());
  });
});
