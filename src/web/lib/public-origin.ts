import { createContext, useContext } from 'react';

/**
 * The site's public address. While prerendering it is the %PUBLIC_URL% token that the server
 * fills in; in the browser it is the page's own origin.
 */
export const PublicOriginContext = createContext<string | null>(null);

export function usePublicOrigin(): string {
  const origin = useContext(PublicOriginContext);
  return origin ?? window.location.origin;
}
