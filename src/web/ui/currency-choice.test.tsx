// @vitest-environment happy-dom
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrencyCode } from '../../shared/countries';
import { renderRoutes, resetWebTest } from '../../../tests/support/web-render';
import { chooseLanguage } from '../i18n/language';
import { CurrencyChoice } from './currency-choice';

/** Decision 0085: the invoice currency choice, a labelled group of radios the keyboard moves through, in three languages. */
function Choice() {
  const [value, setValue] = useState<CurrencyCode>('GBP');
  return (
    <>
      <CurrencyChoice offered={['GBP', 'EUR']} value={value} onChange={setValue} />
      <p data-testid="chosen">{value}</p>
    </>
  );
}
const open = () => renderRoutes([{ path: '/', element: <Choice /> }], '/');

describe('the invoice currency choice (happy-dom)', () => {
  afterEach(resetWebTest);

  it('in English: a named group, pounds first and chosen, the arrow key moves to euros', async () => {
    const user = userEvent.setup();
    open();
    const group = await screen.findByRole('group', { name: 'Invoice currency' });
    expect(group.getAttribute('aria-describedby')).toBeTruthy();
    const pounds = screen.getByRole('radio', { name: 'Pounds sterling (£)' }) as HTMLInputElement;
    expect(pounds.checked).toBe(true);
    pounds.focus();
    await user.keyboard('{ArrowRight}');
    expect((screen.getByRole('radio', { name: 'Euros (€)' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('chosen').textContent).toBe('EUR');
  });

  it('in German and French, from the catalogues', async () => {
    await act(() => chooseLanguage('de'));
    const view = open();
    expect(await screen.findByRole('group', { name: 'Rechnungswährung' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Pfund Sterling (£)' })).toBeTruthy();
    expect(screen.getByText(/Die USt\. bleibt dieselbe\./)).toBeTruthy();
    view.unmount();
    await act(() => chooseLanguage('fr'));
    open();
    expect(await screen.findByRole('group', { name: 'Devise de facturation' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Livres sterling (£)' })).toBeTruthy();
    // French typography: a narrow no-break space before the colon.
    expect(document.body.textContent).toContain('devises différentes\u202f: choisissez celle de vos factures.');
  });
});
