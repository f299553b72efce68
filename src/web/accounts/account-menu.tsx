import { ChevronDown, UserRound } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { cn } from '../ui/cn';
import { useSignOutAndLeave } from './sign-out';

/**
 * The signed-in navigation's My Account menu: Account Settings and Sign Out (storefront spec, section
 * 2). It closes when one of its items is chosen, on Escape and when focus leaves it, not on a change
 * of route: a route change renders in a transition that can commit after the visitor has already
 * opened the menu on the new address (right after sign-in, while the home page's code loads), and
 * closing then would undo their click.
 */
export function AccountMenu() {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const { signOutTo, isPending } = useSignOutAndLeave();
  return (
    <div
      className="relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-navy-700 hover:bg-navy-50 hover:text-navy-900"
      >
        <UserRound aria-hidden="true" className="size-4" /> My Account{' '}
        <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform motion-reduce:transition-none', open && 'rotate-180')} />
      </button>
      <ul id={listId} hidden={!open} className="absolute right-0 top-full z-50 mt-1 min-w-48 rounded-lg border border-navy-100 bg-white p-1 shadow-lg">
        <li>
          <Link to="/my-account" onClick={() => setOpen(false)} className="block rounded-md px-3 py-2 text-sm text-navy-800 hover:bg-navy-50">
            Account Settings
          </Link>
        </li>
        <li>
          <button
            type="button"
            disabled={isPending}
            onClick={() => signOutTo('/')}
            className="block w-full rounded-md px-3 py-2 text-left text-sm text-navy-800 hover:bg-navy-50 disabled:opacity-50"
          >
            Sign Out
          </button>
        </li>
      </ul>
    </div>
  );
}

/** The only control left in the navigation during a multi-factor step. */
export function CancelMfaButton({ label, className }: { label: string; className?: string }) {
  const { signOutTo, isPending } = useSignOutAndLeave();
  return (
    <button
      type="button"
      disabled={isPending}
      onClick={() => signOutTo('/login')}
      className={cn('rounded-md border border-navy-200 px-3 py-2 text-sm font-medium text-navy-900 hover:bg-navy-50 disabled:opacity-50', className)}
    >
      {label}
    </button>
  );
}

/** Sign Out in the phone menu. */
export function MobileSignOut({ className }: { className?: string }) {
  const { signOutTo, isPending } = useSignOutAndLeave();
  return (
    <button type="button" disabled={isPending} onClick={() => signOutTo('/')} className={className}>
      Sign Out
    </button>
  );
}
