import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/app-routes';
import { languageOfPath, startIn } from './i18n/language';

// Zod parses without compiling code (`jitless`): its probe for `new Function` is refused by the
// shop's Content-Security-Policy, which the browser reports as a violation on every page with a form
// (Lighthouse's inspector-issues on /login). Set on zod's global config object before any parse,
// whichever module creates it first, without importing zod into the entry.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = Object.assign(zodGlobal.__zod_globalConfig ?? {}, { jitless: true });

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const app = (
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>
);

// Prerendered pages are hydrated (each lazy page hydrates once its code arrives); client-only routes
// render from scratch. Hydration runs as a transition, so React yields to the browser every few
// milliseconds instead of hydrating the page in one long task (the boot script holds taps until the
// page reacts, so nothing is lost meanwhile).
function mount(hydrate: boolean) {
  if (hydrate && container?.hasChildNodes()) startTransition(() => void hydrateRoot(container, app));
  else if (container) {
    container.replaceChildren();
    createRoot(container).render(app);
  }
}

// The German and French home pages (/de, /fr) are prerendered in their language: their catalogue
// arrives before hydration, so the page hydrates in the words it was written in. English waits for nothing.
const pathLanguage = languageOfPath(window.location.pathname);
if (pathLanguage) void startIn(pathLanguage).then(mount);
else mount(true);
