/**
 * The browser app's route table (accounts-and-admin spec, section 2). The web router defines a
 * screen for each; the server uses the same list to answer unknown paths with a real 404.
 */
export const clientRoutePatterns = [
  '/',
  '/de',
  '/fr',
  '/home',
  '/configure',
  '/quote-flow',
  '/quote/:id',
  '/order-flow',
  '/order-confirmation/:orderId',
  '/order/:id',
  '/order-details/:id',
  '/service-requests',
  '/service-requests/new',
  '/service-requests/:requestNumber',
  '/about',
  '/careers',
  '/contact',
  '/coming-soon',
  '/automation',
  '/my-account',
  '/login',
  '/setup',
  '/staff-invitation',
  '/organisation-invitation',
  '/privacy-policy',
  '/terms-of-sale',
  '/waitlist/leave',
  '/supplier-pack',
  '/admin',
  '/admin/users',
  '/admin/staff',
  '/admin/sessions',
  '/admin/quotes',
  '/admin/quotes/:key',
  '/admin/orders',
  '/admin/orders/:id',
  '/admin/customers',
  '/admin/customers/:key',
  '/admin/instruments',
  '/admin/product-configurations',
  '/admin/accessories',
  '/admin/shipping',
  '/admin/settings',
  '/admin/settings/configurations',
  '/admin/settings/accessories',
  '/admin/settings/shipping',
  '/admin/settings/servicing',
  '/admin/settings/adaptors',
  '/admin/settings/syringe-holders',
  '/admin/system-settings',
  '/admin/batches',
  '/admin/production',
  '/admin/dispatch/:id',
  '/admin/audit',
  '/admin/abandoned',
  '/admin/register',
  '/admin/exchange-rates',
  '/admin/receivables/aged-debt',
  '/admin/receipts',
  '/admin/privacy',
  '/admin/business-profile',
  '/admin/service',
  '/admin/service/:id',
] as const;

/** Public pages rendered to HTML at build time, so their first paint needs no JavaScript. */
export const prerenderedPaths = [
  '/',
  // The home page in German and in French (issue 53), each prerendered in its language.
  '/de',
  '/fr',
  '/about',
  '/careers',
  '/contact',
  '/automation',
  '/coming-soon',
  '/privacy-policy',
  '/terms-of-sale',
  '/configure',
  '/login',
] as const;

export function matchesClientRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const segments = path.split('/');
  return clientRoutePatterns.some((pattern) => {
    const parts = pattern.split('/');
    if (parts.length !== segments.length) return false;
    return parts.every((part, index) => {
      const segment = segments[index] ?? '';
      return part.startsWith(':') ? segment.length > 0 : part === segment;
    });
  });
}
