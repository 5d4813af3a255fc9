import type { Config } from '@copro/server/config';

/**
 * What `npm start` says about who can reach Copro: the demo (users with a public password)
 * listens on this computer only unless HOST is set, and the notice says how to open it.
 */
export function listenNotice(config: Pick<Config, 'host' | 'demoLocalOnly'>): string[] {
  if (!config.demoLocalOnly) return [];
  return [
    `Listening on this computer only (${config.host}): the demo users' password is public.`,
    '  To open Copro to the network, start it with HOST=0.0.0.0 (HOST=0.0.0.0 npm start).',
  ];
}
