import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { prerenderedPaths } from '../../shared/routes';
import { PageLoading } from '../ui/page-loading';
import { SiteFooter } from './site-footer';
import { SiteNav } from './site-nav';
import { useT } from '../i18n/use-t';

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/** The keyboard's first stop: straight to the page's content, in the page's language. */
function SkipLink() {
  const { t } = useT();
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow"
    >
      {t('nav.skip', 'Skip to content')}
    </a>
  );
}

/**
 * Pages that never show a toast; the toast library is not loaded for them: the prerendered pages
 * but the configurator and the sign-in form, which toast.
 */
const quietPaths = new Set<string>(prerenderedPaths.filter((path) => path !== '/configure' && path !== '/login'));

/** Every route change starts at the top of the page. */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    const timer = window.setTimeout(() => window.scrollTo(0, 0), 0);
    return () => window.clearTimeout(timer);
  }, [pathname]);
  return null;
}

/** Mounts the toaster the first time a page that can toast is shown, and keeps it from then on. */
function ToasterHost() {
  const { pathname } = useLocation();
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (!quietPaths.has(pathname)) setNeeded(true);
  }, [pathname]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" richColors closeButton />
    </Suspense>
  );
}

/**
 * Marks the document once the whole page reacts: it sits inside the page's Suspense boundary, so its
 * effect runs only when the lazy page has hydrated (or rendered), not just the layout. The boot
 * script replays the taps it held until then (src/shared/boot-script.ts); journeys wait for it.
 */
function AppReady() {
  useEffect(() => {
    document.documentElement.dataset.appReady = '';
  }, []);
  return null;
}

/**
 * The page frame. `gate` is what the route table mounts after the footer (the MFA gate of accounts):
 * the layout is a feature too and does not import another feature.
 */
export function RootLayout({ gate }: { gate?: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <ScrollToTop />
      <SiteNav />
      <main id="main" className="flex-1">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
          <AppReady />
        </Suspense>
      </main>
      <SiteFooter />
      <ToasterHost />
      {gate}
    </div>
  );
}
