import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { adminMessages } from '../../../shared/admin/admin-schemas';
import type { Permission } from '../../../shared/staff/permissions';
import { useSession } from '../../lib/use-session';
import { StateMessage } from './list-toolbar';

/**
 * What the signed-in staff member's roles allow, as the session tells it (`staff.permissions`, the
 * same list the server's admin hook checks). For display only: the server refuses whatever is not allowed.
 */
export function usePermissions() {
  const session = useSession();
  const held = new Set(session.data?.staff?.permissions ?? []);
  const can = (needed: Permission | readonly Permission[]) =>
    (typeof needed === 'string' ? [needed] : needed).some((permission) => held.has(permission));
  return { can, roles: session.data?.staff?.roles ?? [] };
}

/** The answer of a page the staff member's roles do not allow: says so, with a way back (no redirect). */
export function NoAccess() {
  return (
    <section aria-labelledby="no-access-heading" className="space-y-3">
      <h1 id="no-access-heading" className="text-2xl font-semibold tracking-tight text-navy-900">
        {adminMessages.noAccess.replace(/\.$/, '')}
      </h1>
      <StateMessage tone="error">
        Your role does not include this page. Ask an Owner if you need it.{' '}
        <Link to="/admin" className="underline">
          Back to the dashboard
        </Link>
      </StateMessage>
    </section>
  );
}

/** Shows `children` when the roles grant any of `permission`, otherwise the no-access answer. */
export function Allowed({
  permission,
  children,
}: {
  permission: Permission | readonly Permission[];
  children: ReactNode;
}) {
  const { can } = usePermissions();
  return can(permission) ? <>{children}</> : <NoAccess />;
}
