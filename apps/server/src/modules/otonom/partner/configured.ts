import type { PadSettingsView } from '@copro/domain';
import type { Config } from '../../../config';
import { isFakePartnerUrl } from './fake-partner';
import { HttpPartner } from './http-partner';
import type { PaymentPartner } from './partner';

type PartnerConfig = Pick<Config, 'otonomUrl' | 'otonomApiKey'>;

/** The server's partner: the HTTP client when `OTONOM_URL` is set, else none (nothing can be sent). */
export const configuredPartner = (config: PartnerConfig): PaymentPartner | null =>
  config.otonomUrl ? new HttpPartner(config.otonomUrl, config.otonomApiKey) : null;

/** What the settings page shows of it: the address, and whether it is this process's own fake. */
export const partnerView = (config: PartnerConfig): PadSettingsView['partner'] =>
  config.otonomUrl ? { url: config.otonomUrl, fake: isFakePartnerUrl(config.otonomUrl) } : null;
