// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffInvitation } from '../../../shared/staff/staff-schemas';
import { type FetchCall, mockFetch, renderRoutes, resetWebTest, signedOut } from '../../../../tests/support/web-render';
import { StaffPage } from './staff-page';

const INVITE = 'POST /api/admin/staff/invitations';

/** The staff API: no members yet, and each invitation it accepts listed as open. */
function staffServer() {
  const invitations: StaffInvitation[] = [];
  const calls = mockFetch({
    'GET /api/auth/session': signedOut,
    'GET /api/admin/staff': () => ({ body: { staff: [], total: 0, page: 1, pageSize: 20, invitations } }),
    [INVITE]: (call: FetchCall) => {
      const { email, roles, firstName, lastName } = call.body as Pick<StaffInvitation, 'email' | 'roles'> & {
        firstName: string;
        lastName: string;
      };
      const invitation: StaffInvitation = {
        id: `invitation-${invitations.length + 1}`,
        email,
        name: `${firstName} ${lastName}`,
        roles,
        invitedByEmail: 'owner@example.com',
        createdAt: new Date().toISOString(),
        expiresAt: new Date(Date.now() + 72 * 3600_000).toISOString(),
        status: 'pending',
      };
      invitations.push(invitation);
      return { status: 201, body: { invitation } };
    },
  });
  return {
    invitations: () => calls.filter((call) => `${call.method} ${call.path}` === INVITE).map((call) => call.body),
    posts: () => calls.filter((call) => call.method === 'POST'),
  };
}

async function openStaff() {
  const user = userEvent.setup();
  renderRoutes([{ path: '/admin/staff', element: <StaffPage /> }], '/admin/staff');
  const form = await screen.findByRole('form', { name: 'Invite a staff member' });
  return { user, form };
}

const emailField = () => screen.getByLabelText('E-mail') as HTMLInputElement;
const firstNameField = () => screen.getByLabelText('First name') as HTMLInputElement;
const lastNameField = () => screen.getByLabelText('Last name') as HTMLInputElement;
const tick = (role: string) => screen.getByRole('checkbox', { name: role }) as HTMLInputElement;
/** The roles ticked in the invite form, by their labels. */
const ticked = () =>
  (screen.getAllByRole('checkbox') as HTMLInputElement[])
    .filter((box) => box.checked)
    .map((box) => box.closest('label')?.textContent);

describe('the invite form (component, happy-dom)', () => {
  afterEach(resetWebTest);

  it('three invitations one after another, one role ticked each, go out with that role alone: the form empties after each send and the confirmation names the role', async () => {
    const server = staffServer();
    const confirm = vi.fn((_question?: string) => true);
    vi.stubGlobal('confirm', confirm);
    const { user } = await openStaff();
    expect(screen.getAllByRole('checkbox')).toHaveLength(6);
    expect(emailField().value).toBe('');
    expect(ticked()).toEqual([]);

    const people = [
      { first: 'Sam', last: 'Seller', email: 'sam@example.com', role: 'Sales' },
      { first: 'Fran', last: 'Figures', email: 'fran@example.com', role: 'Finance' },
      { first: 'Sue', last: 'Helper', email: 'sue@example.com', role: 'Support' },
    ];
    for (const [index, person] of people.entries()) {
      await user.type(firstNameField(), person.first);
      await user.type(lastNameField(), person.last);
      await user.type(emailField(), person.email);
      await user.click(tick(person.role));
      await user.click(screen.getByRole('button', { name: 'Send invitation' }));
      await waitFor(() => expect(server.invitations()).toHaveLength(index + 1));
      expect(confirm).toHaveBeenLastCalledWith(
        `Invite ${person.first} ${person.last} (${person.email}) as ${person.role}?`,
      );
      await waitFor(() => expect(emailField().value).toBe(''));
      expect([firstNameField().value, lastNameField().value]).toEqual(['', '']);
      expect(ticked()).toEqual([]);
    }

    expect(server.invitations()).toEqual([
      { email: 'sam@example.com', firstName: 'Sam', lastName: 'Seller', roles: ['sales'] },
      { email: 'fran@example.com', firstName: 'Fran', lastName: 'Figures', roles: ['finance'] },
      { email: 'sue@example.com', firstName: 'Sue', lastName: 'Helper', roles: ['support'] },
    ]);
    // The open invitations name each person.
    await waitFor(() => expect(screen.getAllByTestId('invitation')).toHaveLength(3));
    expect(screen.getAllByTestId('invitation')[0]?.textContent).toContain('Sam Seller · sam@example.com · Sales');
    expect(confirm).toHaveBeenCalledTimes(3);
  });

  it('names every ticked role in the confirmation, and sends nothing and keeps the form when it is declined', async () => {
    const server = staffServer();
    const confirm = vi.fn((_question?: string) => false);
    vi.stubGlobal('confirm', confirm);
    const { user } = await openStaff();
    await user.type(firstNameField(), 'Pat');
    await user.type(lastNameField(), 'Both');
    await user.type(emailField(), 'pat@example.com');
    await user.click(tick('Support'));
    await user.click(tick('Sales'));
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));

    expect(confirm).toHaveBeenCalledWith('Invite Pat Both (pat@example.com) as Sales, Support?');
    expect(server.posts()).toEqual([]);
    expect(emailField().value).toBe('pat@example.com');
    expect(ticked()).toEqual(['Sales', 'Support']);
  });
});
