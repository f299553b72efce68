// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetWebTest } from '../../../tests/support/web-render';
import { chooseLanguage } from '../i18n/language';
import { RecoveryCodesPanel } from './recovery-codes-panel';

const codes = ['aaaa-bbbb', 'cccc-dddd'];

describe('a new set of recovery codes (happy-dom, issue 40)', () => {
  afterEach(resetWebTest);

  it('in English by default, with its own confirm button', () => {
    render(<RecoveryCodesPanel codes={codes} onDone={() => undefined} />);
    expect(screen.getByRole('heading', { name: 'Save your recovery codes' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'I have saved my recovery codes' })).toBeTruthy();
  });

  it('in German: heading, list label and buttons; the codes themselves unchanged', async () => {
    await act(() => chooseLanguage('de'));
    render(<RecoveryCodesPanel codes={codes} onDone={() => undefined} />);
    expect(screen.getByRole('heading', { name: 'Speichern Sie Ihre Wiederherstellungscodes' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Wiederherstellungscodes' }).textContent).toBe('aaaa-bbbbcccc-dddd');
    expect(screen.getByRole('button', { name: 'Kopieren' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ich habe meine Wiederherstellungscodes gespeichert' })).toBeTruthy();
  });

  it('the copied text file: English as before, and French', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(<RecoveryCodesPanel codes={codes} onDone={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenLastCalledWith(
      'Dropwise recovery codes\nEach code works once, instead of a code from your authenticator app.\n\naaaa-bbbb\ncccc-dddd\n',
    );
    await screen.findByRole('status');
    resetWebTest();

    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await act(() => chooseLanguage('fr'));
    render(<RecoveryCodesPanel codes={codes} onDone={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copier' }));
    expect(writeText).toHaveBeenLastCalledWith(
      'Codes de récupération Dropwise\nChaque code fonctionne une fois, à la place d’un code de votre application d’authentification.\n\naaaa-bbbb\ncccc-dddd\n',
    );
    await screen.findByRole('status');
  });
});
