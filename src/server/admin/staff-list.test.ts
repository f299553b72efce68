import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createUser } from '../../../tests/support/factories';
import { useTestApp } from '../../../tests/support/test-app';
import { staffAnswerSchema } from '../../shared/staff/staff-schemas';

describe('the staff list', () => {
  const t = useTestApp({ now: new Date('2026-03-02T09:00:10.000Z') });

  it('searches part of an e-mail or name, filters a role, pages with the total, and exports the filter as CSV', async () => {
    const owner = await createAdminSession(t);
    const made = [];
    for (const [index, roles] of ([['sales'], ['sales', 'catalogue'], ['finance'], ['sales']] as const).entries()) {
      const member = await createUser(t.db, {
        email: `Clerk${index}@Shop.example`,
        firstName: `Clerk ${index}`,
        lastName: 'Stafford',
        isAdmin: true,
        roles: [...roles],
      });
      made.push(member);
    }
    // A customer is not staff, whatever the search.
    await createUser(t.db, { email: 'clerk.customer@shop.example', lastName: 'Stafford' });

    const list = async (query: string) => {
      const response = await t.get(`/api/admin/staff${query}`, { cookie: owner.cookie });
      expect(response.statusCode, response.body).toBe(200);
      return staffAnswerSchema.parse(response.json());
    };
    const stafford = await list('?search=STAFF');
    expect(stafford.total).toBe(4);
    expect(stafford.staff.map((member) => member.email).sort()).toEqual(made.map((m) => m.user.email).sort());
    expect((await list('?search=clerk2')).staff.map((member) => member.roles)).toEqual([['finance']]);
    const sales = await list('?search=stafford&role=sales');
    expect(sales.total).toBe(3);

    const first = await list('?search=stafford&role=sales&pageSize=2');
    const second = await list('?search=stafford&role=sales&pageSize=2&page=2');
    expect(first.staff).toHaveLength(2);
    expect(second.staff).toHaveLength(1);
    expect(new Set([...first.staff, ...second.staff].map((member) => member.id)).size).toBe(3);
    expect((await t.get('/api/admin/staff?role=cleaner', { cookie: owner.cookie })).statusCode).toBe(400);

    const csv = await t.get('/api/admin/staff.csv?search=clerk1', { cookie: owner.cookie });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    const lines = csv.body.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('Name,E-mail,Roles,Two-factor,Staff since');
    expect(lines[1]).toMatch(
      /^Clerk 1 Stafford,clerk1@shop\.example,"Sales, Catalogue",Not set up yet,\d{2}\/\d{2}\/\d{4}$/,
    );
    expect(lines).toHaveLength(2);

    const sales1 = await createAdminSession(t, t.db, ['sales']);
    expect((await t.get('/api/admin/staff.csv', { cookie: sales1.cookie })).statusCode).toBe(403);
  });
});
