import { describe, expect, it } from 'vitest';
import { holdsMoney, otonomStatuses, returnedStatuses, toSendStatuses } from '@copro/domain';
import { statusColour, statusGroup } from './status-groups';

describe('status badge colours', () => {
  it('gives every status one of the five colours', () => {
    for (const status of otonomStatuses)
      expect(['blue', 'cyan', 'green', 'red', 'gray']).toContain(statusColour(status));
  });

  it('shows what the next file holds in blue, and what waits for approval with it', () => {
    for (const status of toSendStatuses) expect(statusColour(status)).toBe('blue');
    expect(statusColour('waitingApproval')).toBe('blue');
  });

  it('shows the statuses with the partner in cyan', () => {
    expect(
      (['toProcess', 'awaitingValidation', 'cancelling', 'refunding'] as const).map(statusGroup),
    ).toEqual(['withPartner', 'withPartner', 'withPartner', 'withPartner']);
    expect(statusColour('toProcess')).toBe('cyan');
  });

  it('shows money in as green: every status holding the funds but a refund under way', () => {
    for (const status of otonomStatuses.filter((s) => holdsMoney(s) && s !== 'refunding'))
      expect(statusColour(status)).toBe('green');
  });

  it('shows refusals, returns and errors in red', () => {
    for (const status of [...returnedStatuses, 'unprocessedNSF', 'unprocessedError', 'error'] as const)
      expect(statusColour(status)).toBe('red');
  });

  it('shows cancelled, held and refunded in gray', () => {
    expect((['cancelled', 'administrativeHold', 'refunded'] as const).map(statusColour)).toEqual([
      'gray',
      'gray',
      'gray',
    ]);
  });
});
