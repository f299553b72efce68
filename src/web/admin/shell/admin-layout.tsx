import { NavLink, Outlet } from 'react-router';
import { Container } from '../../ui/container';
import { cn } from '../../ui/cn';
import type { Permission } from '../../../shared/admin/permissions';
import { usePermissions } from './permissions';

/** The admin wing's sections and the permission each needs; the menu shows only what the roles allow. */
export const adminSections: {
  to: string;
  label: string;
  end?: boolean;
  permission: Permission | Permission[] | 'staff';
}[] = [
  { to: '/admin', label: 'Dashboard', end: true, permission: 'dashboard.view' },
  { to: '/admin/users', label: 'Users', permission: 'staff.manage' },
  { to: '/admin/staff', label: 'Staff', permission: 'staff.manage' },
  { to: '/admin/quotes', label: 'Quotes', permission: 'quotes.view' },
  { to: '/admin/orders', label: 'Orders', permission: 'orders.view' },
  { to: '/admin/instruments', label: 'Instruments', permission: 'instruments.view' },
  { to: '/admin/register', label: 'Invoice register', permission: 'exports.csv' },
  { to: '/admin/abandoned', label: 'Abandoned checkouts', permission: 'abandoned.manage' },
  { to: '/admin/settings', label: 'Settings', permission: ['catalogue.edit', 'settings.edit', 'profile.view'] },
  { to: '/admin/audit', label: 'Audit log', permission: 'audit.view' },
  { to: '/admin/sessions', label: 'My sessions', permission: 'staff' },
  { to: '/admin/privacy', label: 'Privacy', permission: 'privacy.manage' },
];

export function AdminLayout() {
  const { can } = usePermissions();
  return (
    <Container className="py-8">
      <nav aria-label="Admin" className="mb-6 flex flex-wrap gap-1 rounded-lg bg-navy-50 p-1">
        {adminSections
          .filter((section) => section.permission === 'staff' || can(section.permission))
          .map((section) => (
            <NavLink
              key={section.to}
              to={section.to}
              end={section.end ?? false}
              className={({ isActive }) =>
                cn(
                  'rounded-md px-3 py-1.5 text-sm font-medium text-navy-700 hover:bg-white',
                  isActive && 'bg-white text-navy-900 shadow-sm',
                )
              }
            >
              {section.label}
            </NavLink>
          ))}
      </nav>
      <Outlet />
    </Container>
  );
}

export function AdminHeading({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-semibold tracking-tight text-navy-900">{title}</h1>
      {children}
    </div>
  );
}
