// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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
});
