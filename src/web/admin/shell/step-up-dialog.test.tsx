// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, mockFetch, renderRoutes, resetWebTest } from '../../../../tests/support/web-render';
import { ApiError, api } from '../../lib/api-client';
import { useStepUp } from './step-up-dialog';

const PAYMENT = 'POST /api/admin/orders/order-1/payments';

/** A panel whose one action needs a fresh code, as the payments panel's Record payment does. */
function RecordPayment() {
  const { withStepUp, dialog } = useStepUp();
  const [outcome, setOutcome] = useState('');
  const record = () =>
    withStepUp(() => api('/api/admin/orders/order-1/payments', { method: 'POST', body: { amount: 244125 } })).then(
      () => setOutcome('Payment recorded'),
      (error: unknown) => setOutcome(error instanceof ApiError ? `Not recorded: ${error.code}` : 'Not recorded'),
    );
  return (
    <>
      <button type="button" onClick={() => void record()}>
        Record payment
      </button>
      <p role="status">{outcome}</p>
      {dialog}
    </>
  );
}

/** The server: the payment needs a step-up until a right code (123456) was given. */
function stepUpServer() {
  let steppedUp = false;
  return mockFetch({
    [PAYMENT]: () =>
      steppedUp
        ? { status: 201, body: { ok: true } }
        : apiError(403, 'step_up_required', 'Confirm with a fresh code from your authenticator.'),
    'POST /api/admin/step-up': (call) => {
      if ((call.body as { code: string }).code !== '123456')
        return apiError(400, 'invalid_code', 'Invalid verification code. Please try again.');
      steppedUp = true;
      return { body: { steppedUpUntil: new Date(Date.now() + 300_000).toISOString() } };
    },
  });
}

/** The same action from a form that renders the dialog inside itself, as the bank accounts form does. */
function PaymentForm() {
  const { withStepUp, dialog } = useStepUp();
  const [outcome, setOutcome] = useState('');
  return (
    <form
      aria-label="Payment"
      onSubmit={(event) => {
        event.preventDefault();
        void withStepUp(() => api('/api/admin/orders/order-1/payments', { method: 'POST', body: {} })).then(
          () => setOutcome('Payment recorded'),
          () => setOutcome('Not recorded'),
        );
      }}
    >
      <button type="submit">Save payment</button>
      <p role="status">{outcome}</p>
      {dialog}
    </form>
  );
}

const openPanel = () =>
  renderRoutes([{ path: '/admin/orders/order-1', element: <RecordPayment /> }], '/admin/orders/order-1');
const dialogQuery = () => screen.queryByRole('dialog', { name: 'Confirm with your authenticator' });

describe('the step-up dialog (component, happy-dom)', () => {
  afterEach(resetWebTest);

  it('asks for a fresh code when the server wants one, checks it, and then runs the action again', async () => {
    const calls = stepUpServer();
    const user = userEvent.setup();
    openPanel();
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm with your authenticator' });
    const code = screen.getByLabelText('Verification code') as HTMLInputElement;
    expect(document.activeElement).toBe(code);

    // Six digits, nothing else: letters are dropped, and a short code never reaches the server.
    await user.type(code, '12a3');
    expect(code.value).toBe('123');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByText('Please enter a 6-digit verification code')).closest('[role="dialog"]')).toBe(
      dialog,
    );
    expect(calls.some((call) => call.path === '/api/admin/step-up')).toBe(false);

    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid verification code. Please try again.')).toBeTruthy();
    // Behind the modal (hidden from assistive technology while it is open) nothing has been recorded.
    expect(screen.getByRole('status', { hidden: true }).textContent).toBe('');

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Payment recorded'));
    expect(dialogQuery()).toBeNull();
    expect(calls.filter((call) => `${call.method} ${call.path}` === PAYMENT)).toHaveLength(2);
    expect(calls.filter((call) => call.path === '/api/admin/step-up').map((call) => call.body)).toEqual([
      { code: '654321' },
      { code: '123456' },
    ]);
  });

  it('Cancel (or Escape) closes it, and the action is not run again', async () => {
    const calls = stepUpServer();
    const user = userEvent.setup();
    openPanel();
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    await screen.findByRole('dialog', { name: 'Confirm with your authenticator' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Not recorded: step_up_cancelled'));
    expect(dialogQuery()).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    await screen.findByRole('dialog', { name: 'Confirm with your authenticator' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialogQuery()).toBeNull());
    expect(calls.filter((call) => `${call.method} ${call.path}` === PAYMENT)).toHaveLength(2);
    expect(calls.some((call) => call.path === '/api/admin/step-up')).toBe(false);
  });

  it('stays closed when the action needs no step-up', async () => {
    mockFetch({ [PAYMENT]: { status: 201, body: { ok: true } } });
    const user = userEvent.setup();
    openPanel();
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Payment recorded'));
    expect(dialogQuery()).toBeNull();
  });

  it('inside a form, Verify runs the action once and does not submit that form again', async () => {
    const calls = stepUpServer();
    const user = userEvent.setup();
    renderRoutes([{ path: '/admin/orders/order-1', element: <PaymentForm /> }], '/admin/orders/order-1');
    await user.click(screen.getByRole('button', { name: 'Save payment' }));
    await screen.findByRole('dialog', { name: 'Confirm with your authenticator' });
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Payment recorded'));
    // The refused first try and the one after the code: a second submit would make it three.
    expect(calls.filter((call) => `${call.method} ${call.path}` === PAYMENT)).toHaveLength(2);
  });
});
