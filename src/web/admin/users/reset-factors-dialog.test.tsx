// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, mockFetch, renderRoutes, resetWebTest, signedOut } from '../../../../tests/support/web-render';
import { ResetFactorsDialog } from './reset-factors-dialog';

const RESET = 'DELETE /api/admin/users/user-2/factors';

function UsersRow() {
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState('');
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Reset two-factor
      </button>
      <p role="status">{outcome}</p>
      <ResetFactorsDialog
        user={open ? { id: 'user-2', email: 'lost.phone@example.com' } : null}
        onClose={() => setOpen(false)}
        onReset={() => {
          setOpen(false);
          setOutcome('Two-factor reset');
        }}
      />
    </>
  );
}

describe('Reset two-factor in the users list (component, happy-dom; issue 34, F5)', () => {
  afterEach(resetWebTest);

  it("sends the admin's fresh code with the reset itself, and shows the server's refusal of a wrong one in the dialog", async () => {
    const calls = mockFetch({
      'GET /api/auth/session': signedOut,
      [RESET]: (call) =>
        (call.body as { code?: string }).code === '123456'
          ? { body: { removed: 1 } }
          : apiError(400, 'invalid_code', 'Invalid verification code. Please try again.'),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/admin/users', element: <UsersRow /> }], '/admin/users');
    await user.click(screen.getByRole('button', { name: 'Reset two-factor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset two-factor for lost.phone@example.com?' });
    const code = screen.getByLabelText('Verification code');
    expect(document.activeElement).toBe(code);

    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Reset two-factor' }));
    expect((await screen.findByText('Invalid verification code. Please try again.')).closest('[role="dialog"]')).toBe(
      dialog,
    );
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Reset two-factor' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Two-factor reset'));
    expect(calls.filter((call) => `${call.method} ${call.path}` === RESET).map((call) => call.body)).toEqual([
      { code: '654321' },
      { code: '123456' },
    ]);
  });
});
