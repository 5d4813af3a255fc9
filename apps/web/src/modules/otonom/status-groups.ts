import type { OtonomStatus } from '@copro/domain';

/**
 * The status badges' colours, by what the status means to a manager (SPEC 4): waiting to leave,
 * with the partner, money in, a problem to look at, or stopped.
 */
export type StatusGroup = 'toSend' | 'withPartner' | 'moneyIn' | 'problem' | 'stopped';

/** Every status in one group; the `Record` makes a new status choose its group. */
const groups: Record<OtonomStatus, StatusGroup> = {
  waitingApproval: 'toSend',
  readyToSendToOtonom: 'toSend',
  toProcess: 'withPartner',
  awaitingValidation: 'withPartner',
  cancelling: 'withPartner',
  // The building still holds the funds while a refund goes through the partner.
  refunding: 'withPartner',
  withdrawalDone: 'moneyIn',
  completed: 'moneyIn',
  paid: 'moneyIn',
  error: 'problem',
  unprocessedError: 'problem',
  unprocessedNSF: 'problem',
  processedError: 'problem',
  processedNSF: 'problem',
  cancelled: 'stopped',
  administrativeHold: 'stopped',
  refunded: 'stopped',
};

const colours: Record<StatusGroup, string> = {
  toSend: 'blue',
  withPartner: 'cyan',
  moneyIn: 'green',
  problem: 'red',
  stopped: 'gray',
};

export const statusGroup = (status: OtonomStatus): StatusGroup => groups[status];

/** The Mantine colour of a status's badge. */
export const statusColour = (status: OtonomStatus): string => colours[groups[status]];
