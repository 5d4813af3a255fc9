import { queryOptions, useQuery } from '@tanstack/react-query';
import { defaultRemoteConfig, parseRemoteConfig, type RemoteConfig } from '@copro/domain';
import { api } from './api';

/** SPEC 9: remote settings are fetched again every 300 s, and when the tab regains focus. */
export const remoteConfigQuery = queryOptions({
  queryKey: ['remote-config'],
  queryFn: async ({ signal }) => parseRemoteConfig(await api<unknown>('/api/remote-config', { signal })),
  refetchInterval: 300_000,
  refetchOnWindowFocus: 'always',
});

/** SPEC 7: the defaults apply until the settings arrive, and if they cannot be read. */
export function useRemoteConfig(): RemoteConfig {
  return useQuery(remoteConfigQuery).data ?? defaultRemoteConfig;
}
