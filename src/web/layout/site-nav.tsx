import { ChevronDown, Menu, X } from 'lucide-react';
import { Suspense } from 'react';
import { Link, NavLink } from 'react-router';
import { useDisclosure } from '../lib/use-disclosure';
import { lazyWithQueries } from '../lib/with-queries';
import { useSession } from '../lib/use-session';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { Container } from '../ui/container';
import { homePath } from '../i18n/language';
import { useT } from '../i18n/use-t';
import { Logo } from './logo';
import { mainLinks, productLinks } from './nav-links';

// The signed-in controls load only for a signed-in visitor, keeping them off the home page's first load.
const AccountMenu = lazyWithQueries(() => import('./account-menu').then((m) => m.AccountMenu));
const CancelMfaButton = lazyWithQueries(() => import('./account-menu').then((m) => m.CancelMfaButton));
const MobileSignOut = lazyWithQueries(() => import('./account-menu').then((m) => m.MobileSignOut));

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-navy-50 hover:text-navy-900',
    isActive ? 'text-navy-900' : 'text-navy-700',
  );

/** The Products menu: a disclosure of the product links. */
function ProductsMenu() {
  const menu = useDisclosure();
  const text = useT();
  return (
    <div className="relative" {...menu.root}>
      <button
        {...menu.toggle}
        className="inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-navy-700 hover:bg-navy-50 hover:text-navy-900"
      >
        {text.t('nav.products', 'Products')}{' '}
        <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', menu.open && 'rotate-180')} />
      </button>
      <ul
        {...menu.panel}
        className="absolute left-0 top-full z-50 mt-1 min-w-52 rounded-lg border border-navy-100 bg-white p-1 shadow-lg"
      >
        {productLinks(text).map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="block rounded-md px-3 py-2 text-sm text-navy-800 hover:bg-navy-50">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** During a multi-factor step: the logo is not a link and only Cancel & Sign Out (Cancel on phones) remains. */
function MfaStepNav() {
  const { t } = useT();
  return (
    <header className="sticky top-0 z-40 border-b border-navy-100 bg-white/95 backdrop-blur">
      <Container className="flex h-16 items-center justify-between gap-4">
        <span aria-disabled="true" className="shrink-0">
          <Logo />
        </span>
        <nav aria-label={t('nav.main', 'Main')}>
          <Suspense fallback={null}>
            <CancelMfaButton label={t('nav.cancelSignOut', 'Cancel & Sign Out')} className="hidden sm:inline-flex" />
            <CancelMfaButton label={t('nav.cancel', 'Cancel')} className="sm:hidden" />
          </Suspense>
        </nav>
      </Container>
    </header>
  );
}

/** The site navigation: links, Customer Login or My Account, Configure Now, and a collapsible menu on phones (a disclosure too). */
export function SiteNav() {
  const menu = useDisclosure();
  const session = useSession();
  const text = useT();
  const { t } = text;

  if (session.mfaStep) return <MfaStepNav />;
  const adminLink = session.isAdmin ? (
    <NavLink to="/admin" className={linkClass}>
      {t('nav.adminPortal', 'Admin Portal')}
    </NavLink>
  ) : null;

  return (
    <header className="sticky top-0 z-40 border-b border-navy-100 bg-white/95 backdrop-blur" {...menu.root}>
      <Container className="flex h-16 items-center justify-between gap-4">
        <Link to={homePath(text.language)} aria-label={t('nav.logo', 'Dropwise home')} className="shrink-0 rounded-md">
          <Logo />
        </Link>
        <nav aria-label={t('nav.main', 'Main')} className="hidden items-center gap-1 lg:flex">
          <ProductsMenu />
          {mainLinks(text).map((link) => (
            <NavLink key={link.to} to={link.to} className={linkClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="hidden items-center gap-2 lg:flex">
          {adminLink}
          {session.signedIn ? (
            <Suspense fallback={null}>
              <AccountMenu />
            </Suspense>
          ) : (
            <NavLink to="/login" className={linkClass}>
              {t('nav.login', 'Customer Login')}
            </NavLink>
          )}
          <Button asChild size="sm">
            <Link to="/configure">{t('nav.configure', 'Configure Now')}</Link>
          </Button>
        </div>
        <button
          {...menu.toggle}
          className="inline-flex size-11 items-center justify-center rounded-md text-navy-900 hover:bg-navy-50 lg:hidden"
          aria-label={menu.open ? t('nav.closeMenu', 'Close menu') : t('nav.openMenu', 'Open menu')}
        >
          {menu.open ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
        </button>
      </Container>
      <nav
        {...menu.panel}
        aria-label={t('nav.mobile', 'Mobile')}
        className="border-t border-navy-100 bg-white lg:hidden"
      >
        <Container className="flex flex-col gap-1 py-3">
          <p className="px-3 pt-1 text-xs font-semibold uppercase tracking-wide text-navy-500">
            {t('nav.products', 'Products')}
          </p>
          {productLinks(text).map((link) => (
            <NavLink key={link.to} to={link.to} className={linkClass} end>
              {link.label}
            </NavLink>
          ))}
          <div className="my-2 border-t border-navy-100" />
          {mainLinks(text).map((link) => (
            <NavLink key={link.to} to={link.to} className={linkClass}>
              {link.label}
            </NavLink>
          ))}
          <div className="my-2 border-t border-navy-100" />
          {adminLink}
          {session.signedIn ? (
            <>
              <p className="px-3 pt-1 text-xs font-semibold uppercase tracking-wide text-navy-500">
                {t('nav.myAccount', 'My Account')}
              </p>
              <NavLink to="/my-account" className={linkClass}>
                {t('nav.accountSettings', 'Account Settings')}
              </NavLink>
              <Suspense fallback={null}>
                <MobileSignOut className={cn(linkClass({ isActive: false }), 'text-left')} />
              </Suspense>
            </>
          ) : (
            <NavLink to="/login" className={linkClass}>
              {t('nav.login', 'Customer Login')}
            </NavLink>
          )}
          <Button asChild className="mt-2">
            <Link to="/configure">{t('nav.configure', 'Configure Now')}</Link>
          </Button>
        </Container>
      </nav>
    </header>
  );
}
