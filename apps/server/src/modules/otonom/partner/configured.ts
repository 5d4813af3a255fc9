import type { PadSettingsView } from '@copro/domain';
import type { Config } from '../../../config';
import { isFakePartnerUrl } from './fake-partner';
import { HttpPartner } from './http-partner';
import type { PaymentPartner } from './partner';

type PartnerConfig = Pick<Config, 'otonomUrl' | 'otonomApiKey'>;

/**
 * The building's partner: the HTTP client when `OTONOM_URL` is set, else none (nothing can be
 * sent). A demo building (`env` demo: made-up owners and accounts) talks only to the local test
 * partner, never to a real one a server seeded with the demo might be configured with.
 */
export function configuredPartner(config: PartnerConfig, building: { env: string }): PaymentPartner | null {
  const url = usableUrl(config, building);
  return url ? new HttpPartner(url, config.otonomApiKey) : null;
}

const usableUrl = (config: PartnerConfig, building: { env: string }): string | undefined =>
  config.otonomUrl && (building.env !== 'demo' || isFakePartnerUrl(config.otonomUrl))
    ? config.otonomUrl
    : undefined;

/** What the settings page shows of it: the address, and whether it is this process's own fake. */
export function partnerView(config: PartnerConfig, building: { env: string }): PadSettingsView['partner'] {
  const url = usableUrl(config, building);
  return url ? { url, fake: isFakePartnerUrl(url) } : null;
}
