import { queryOptions, useQuery } from '@tanstack/react-query';
import { defaultRemoteConfig, parseRemoteConfig, remoteConfigSchema, type RemoteConfig } from '@copro/domain';
import { api } from './api';

/** SPEC 9: remote settings are fetched again every 300 s, and when the tab regains focus. */
export const remoteConfigQuery = queryOptions({
  queryKey: ['remote-config'],
  // Parsed again: a server of another version may answer settings this page does not know.
  queryFn: async ({ signal }) =>
    parseRemoteConfig(await api('/api/remote-config', { response: remoteConfigSchema, signal })),
  refetchInterval: 300_000,
  refetchOnWindowFocus: 'always',
});

/** SPEC 7: the defaults apply until the settings arrive, and if they cannot be read. */
export function useRemoteConfig(): RemoteConfig {
  return useQuery(remoteConfigQuery).data ?? defaultRemoteConfig;
}
