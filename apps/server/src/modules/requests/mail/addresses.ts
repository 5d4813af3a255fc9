import { requestAddress, tokenAddress } from '@copro/domain';
import type { Config } from '../../../config';

/** A building's request address (`{ref}@MAIL_IN_DOMAIN`): where owners write, and our replies' sender. */
export const buildingRequestAddress = (config: Config, buildingRef: string): string =>
  requestAddress(buildingRef, config.mailInDomain);

/** The Reply-To of our replies in a request's thread: the answer finds the request by its token. */
export const threadReplyAddress = (config: Config, buildingRef: string, token: string): string =>
  tokenAddress(buildingRef, token, config.mailInDomain);

/** `"Building name" <address>`, quoted so a comma or a quote in the name cannot split it. */
export const namedSender = (name: string, address: string): string =>
  `"${name.replace(/[\\"\r\n]/g, ' ').trim()}" <${address}>`;
