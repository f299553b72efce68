import { createContext, type ReactNode, useContext } from 'react';
import { Link, matchPath, NavLink, Outlet } from 'react-router';
import { Container } from '../../ui/container';
import { cn } from '../../ui/cn';
import type { Permission } from '../../../shared/staff/permissions';
import { usePermissions } from './permissions';

/** One page of the admin wing (src/web/admin/admin-app.tsx lists them). */
export interface AdminPage {
  /** Below /admin; '' is the dashboard. */
  path: string;
  /** What the page needs: any of these permissions, or 'staff' for any staff member. */
  permission: Permission | readonly Permission[] | 'staff';
  element: ReactNode;
  /** A top-level page's label in the admin menu; pages without one are reached from another page. */
  label?: string;
}

const PagesContext = createContext<readonly AdminPage[]>([]);

/**
 * Whether the signed-in staff member may open an admin address (issue 41: Support's links lead only where
 * Support has access): the page it matches, and that page's permission. Addresses outside the admin pass.
 */
export function useMayOpen() {
  const pages = useContext(PagesContext);
  const { can } = usePermissions();
  return (to: string) => {
    const path = to.split(/[?#]/)[0] ?? to;
    const page = pages.find((candidate) =>
      matchPath({ path: candidate.path === '' ? '/admin' : `/admin/${candidate.path}`, end: true }, path),
    );
    return !page || page.permission === 'staff' || can(page.permission);
  };
}

/** A link to an admin page, or its text alone for a staff member whose roles do not open that page. */
export function AdminLink({
  to,
  className,
  children,
  fallback,
}: {
  to: string;
  className?: string;
  children: ReactNode;
  /** What stands in its place (the link's text by default). */
  fallback?: ReactNode;
}) {
  const mayOpen = useMayOpen();
  if (!mayOpen(to)) return <span>{fallback ?? children}</span>;
  return (
    <Link className={className} to={to}>
      {children}
    </Link>
  );
}

/** The admin menu (the labelled pages the roles allow) above the page. */
export function AdminLayout({ pages }: { pages: readonly AdminPage[] }) {
  const { can } = usePermissions();
  return (
    <Container className="py-8">
      <nav aria-label="Admin" className="mb-6 flex flex-wrap gap-1 rounded-lg bg-navy-50 p-1">
        {pages
          .filter((page) => page.label && (page.permission === 'staff' || can(page.permission)))
          .map((page) => (
            <NavLink
              key={page.path}
              to={page.path === '' ? '/admin' : `/admin/${page.path}`}
              end={page.path === ''}
              className={({ isActive }) =>
                cn(
                  'rounded-md px-3 py-1.5 text-sm font-medium text-navy-700 hover:bg-white',
                  isActive && 'bg-white text-navy-900 shadow-sm',
                )
              }
            >
              {page.label}
            </NavLink>
          ))}
      </nav>
      <PagesContext.Provider value={pages}>
        <Outlet />
      </PagesContext.Provider>
    </Container>
  );
}

export function AdminHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-semibold tracking-tight text-navy-900">{title}</h1>
      {children}
    </div>
  );
}
