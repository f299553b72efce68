import { useQuery } from '@tanstack/react-query';
import { defaultPublicSettings, type PublicSettings } from '../../shared/public-settings';
import { api } from '../app/api-client';

export const getPublicSettings = () =>
  api<{ settings: PublicSettings }>('/api/settings/public').then((body) => body.settings);

/**
 * The shop's public settings. Until they arrive (and in the prerendered HTML) the defaults are
 * used, so the first client render matches the server's markup.
 */
export function usePublicSettings(): PublicSettings {
  const query = useQuery({ queryKey: ['settings', 'public'], queryFn: getPublicSettings, staleTime: 5 * 60_000 });
  return query.data ?? defaultPublicSettings;
}
