// @vitest-environment happy-dom
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes, resetWebTest } from '../../../tests/support/web-render';
import { waitlistFieldMessages, waitlistUse } from '../../shared/waitlist';
import { chooseLanguage } from '../i18n/language';
import { pageText } from '../i18n/use-t';
import { WaitlistDialog, waitlistUseIn } from './waitlist-dialog';

const open = () => {
  const calls = mockFetch({ 'POST /api/waitlist': { status: 201, body: { email: 'anna@example.com' } } });
  renderRoutes([{ path: '/configure', element: <WaitlistDialog open onOpenChange={() => undefined} /> }], '/configure');
  return calls;
};

describe('the USA waitlist dialog (happy-dom, issue 40)', () => {
  afterEach(resetWebTest);

  it('in English by default, the specification’s words; the shared sentence word for word', async () => {
    open();
    expect(await screen.findByRole('dialog', { name: 'Join the USA waitlist' })).toBeTruthy();
    expect(screen.getByText(waitlistUse, { exact: false })).toBeTruthy();
    expect(waitlistUseIn(pageText('en'))).toBe(waitlistUse);
    expect(screen.getByRole('button', { name: 'Join the waitlist' })).toBeTruthy();
  });

  it('in German: title, field, the form’s check, the sentence on the address, then the confirmation', async () => {
    await act(() => chooseLanguage('de'));
    const calls = open();
    expect(await screen.findByRole('dialog', { name: 'Warteliste für die USA' })).toBeTruthy();
    expect(
      screen.getByText(
        'Wir verwenden diese Adresse nur, um Ihnen eine einzige E-Mail zu senden, sobald Dropwise in die USA liefert.',
        { exact: false },
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Datenschutzerklärung' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('E-Mail-Adresse'), { target: { value: 'anna@' } });
    fireEvent.click(screen.getByRole('button', { name: 'In die Warteliste eintragen' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Bitte geben Sie eine gültige E-Mail-Adresse ein');
    fireEvent.change(screen.getByLabelText('E-Mail-Adresse'), { target: { value: 'anna@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'In die Warteliste eintragen' }));
    expect(await screen.findByRole('dialog', { name: 'Sie stehen auf der Liste!' })).toBeTruthy();
    expect(screen.getByText('Erfolgreich in die Warteliste eingetragen!')).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/waitlist')?.body).toEqual({ email: 'anna@example.com' });
  });

  it('in French: the title and the button', async () => {
    await act(() => chooseLanguage('fr'));
    open();
    expect(
      await screen.findByRole('dialog', { name: 'Rejoindre la liste d’attente pour les États-Unis' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rejoindre la liste d’attente' })).toBeTruthy();
  });

  it('in German, an address too long: the shared schema’s message in German, nothing sent (issue 53)', async () => {
    await act(() => chooseLanguage('de'));
    const calls = open();
    const tooLong = `${'a'.repeat(250)}@example.com`;
    fireEvent.change(await screen.findByLabelText('E-Mail-Adresse'), { target: { value: tooLong } });
    fireEvent.click(screen.getByRole('button', { name: 'In die Warteliste eintragen' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Die E-Mail-Adresse darf höchstens 254 Zeichen lang sein',
    );
    expect(screen.queryByText(waitlistFieldMessages.tooLong.message)).toBeNull();
    expect(calls.some((call) => call.path === '/api/waitlist')).toBe(false);
  });
});
