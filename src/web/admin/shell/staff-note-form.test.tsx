// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiError, mockFetch, renderRoutes, resetWebTest } from '../../../../tests/support/web-render';
import { adminApi } from './admin-api';
import { StaffNoteForm } from './staff-note-form';

function renderForm(saved: unknown[], failed: string[]) {
  renderRoutes(
    [
      {
        path: '/admin/orders/o-1',
        element: (
          <StaffNoteForm
            formLabel="Add a staff comment"
            fieldLabel="Staff comment (never shown to the customer)"
            submitLabel="Add comment"
            save={(text) =>
              adminApi(z.object({ ok: z.boolean() }), '/orders/o-1/comments', { method: 'POST', body: { text } })
            }
            onSaved={(answer) => saved.push(answer)}
            onError={(error) => failed.push(error.message)}
          />
        ),
      },
    ],
    '/admin/orders/o-1',
  );
  return screen.getByRole('textbox', { name: 'Staff comment (never shown to the customer)' });
}

describe('a staff note form (component, happy-dom)', () => {
  afterEach(resetWebTest);

  it('sends the text, hands over the answer and empties the field; a blank note is not sent', async () => {
    const user = userEvent.setup();
    const calls = mockFetch({ 'POST /api/admin/orders/o-1/comments': { body: { ok: true } } });
    const saved: unknown[] = [];
    const field = renderForm(saved, []);
    await user.type(field, '   ');
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    expect(calls).toEqual([]);
    await user.clear(field);
    await user.type(field, 'Rang the lab: <b>PO</b> follows');
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    await waitFor(() => expect(saved).toEqual([{ ok: true }]));
    expect(calls.map((call) => [call.method, call.path, call.body])).toEqual([
      ['POST', '/api/admin/orders/o-1/comments', { text: 'Rang the lab: <b>PO</b> follows' }],
    ]);
    expect((field as HTMLTextAreaElement).value).toBe('');
  });

  it('keeps the text when the server refuses it, and says why', async () => {
    const user = userEvent.setup();
    mockFetch({ 'POST /api/admin/orders/o-1/comments': apiError(422, 'invalid', 'The comment is too long.') });
    const failed: string[] = [];
    const field = renderForm([], failed);
    await user.type(field, 'A note');
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    await waitFor(() => expect(failed).toEqual(['The comment is too long.']));
    expect((field as HTMLTextAreaElement).value).toBe('A note');
  });
});
