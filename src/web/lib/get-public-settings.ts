import { useEffect, useState } from 'react';
import { defaultPublicSettings, type PublicSettings } from '../../shared/public-settings';
import { api } from './api-client';

export const getPublicSettings = () =>
  api<{ settings: PublicSettings }>('/api/settings/public').then((body) => body.settings);

// One request per page load, shared by every component that asks.
let pending: Promise<PublicSettings> | undefined;

/**
 * The shop's public settings. Until they arrive (and in the prerendered HTML) the defaults are
 * used, so the first client render matches the server's markup; if the request fails the
 * defaults stay. A plain effect rather than a TanStack query: this is on the home page's first
 * load, where the query observer would cost about 3 KB gzip of the 110 KB budget.
 */
export function usePublicSettings(): PublicSettings {
  const [settings, setSettings] = useState(defaultPublicSettings);
  useEffect(() => {
    let active = true;
    pending ??= getPublicSettings().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    pending.then(
      (value) => active && setSettings(value),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, []);
  return settings;
}
