import { NavLink, Outlet } from 'react-router';
import { Container } from '../../ui/container';
import { cn } from '../../ui/cn';

/** The admin wing's sections; the catalogue and settings pages add their entries here. */
export const adminSections = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/quotes', label: 'Quotes' },
  { to: '/admin/orders', label: 'Orders' },
  { to: '/admin/register', label: 'Invoice register' },
  { to: '/admin/abandoned', label: 'Abandoned checkouts' },
  { to: '/admin/settings', label: 'Settings' },
  { to: '/admin/audit', label: 'Audit log' },
];

export function AdminLayout() {
  return (
    <Container className="py-8">
      <nav aria-label="Admin" className="mb-6 flex flex-wrap gap-1 rounded-lg bg-navy-50 p-1">
        {adminSections.map((section) => (
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
