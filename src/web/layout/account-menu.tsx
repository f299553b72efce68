import { ChevronDown, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../ui/cn';
import { useSignOutAndLeave } from '../lib/sign-out';
import { useDisclosure } from '../lib/use-disclosure';
import { useT } from '../i18n/use-t';

/** The signed-in navigation's My Account menu: Account Settings and Sign Out (storefront spec, section 2). */
export function AccountMenu() {
  const menu = useDisclosure();
  const { signOutTo, isPending } = useSignOutAndLeave();
  const { t } = useT();
  return (
    <div className="relative" {...menu.root}>
      <button
        {...menu.toggle}
        className="inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-navy-700 hover:bg-navy-50 hover:text-navy-900"
      >
        <UserRound aria-hidden="true" className="size-4" /> {t('nav.myAccount', 'My Account')}{' '}
        <ChevronDown
          aria-hidden="true"
          className={cn('size-4 transition-transform motion-reduce:transition-none', menu.open && 'rotate-180')}
        />
      </button>
      <ul
        {...menu.panel}
        className="absolute right-0 top-full z-50 mt-1 min-w-48 rounded-lg border border-navy-100 bg-white p-1 shadow-lg"
      >
        <li>
          <Link to="/my-account" className="block rounded-md px-3 py-2 text-sm text-navy-800 hover:bg-navy-50">
            {t('nav.accountSettings', 'Account Settings')}
          </Link>
        </li>
        <li>
          <button
            type="button"
            disabled={isPending}
            onClick={() => signOutTo('/')}
            className="block w-full rounded-md px-3 py-2 text-left text-sm text-navy-800 hover:bg-navy-50 disabled:opacity-50"
          >
            {t('nav.signOut', 'Sign Out')}
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
      className={cn(
        'rounded-md border border-navy-200 px-3 py-2 text-sm font-medium text-navy-900 hover:bg-navy-50 disabled:opacity-50',
        className,
      )}
    >
      {label}
    </button>
  );
}

/** Sign Out in the phone menu. */
export function MobileSignOut({ className }: { className?: string }) {
  const { signOutTo, isPending } = useSignOutAndLeave();
  const { t } = useT();
  return (
    <button type="button" disabled={isPending} onClick={() => signOutTo('/')} className={className}>
      {t('nav.signOut', 'Sign Out')}
    </button>
  );
}
