import { describe, expect, it } from 'vitest';
import { prepareDebitRun } from './debit-run-values';

describe('monthly run as of a date', () => {
  it('sends the day chosen', () => {
    expect(prepareDebitRun('2026-03-01')).toEqual({ input: { asOf: '2026-03-01' }, issues: [] });
  });

  it('wants a real day', () => {
    expect(prepareDebitRun(' ').issues).toEqual([{ path: ['asOf'], key: 'validation.required' }]);
    expect(prepareDebitRun('2026-02-30').input).toBeNull();
    expect(prepareDebitRun('2026-02-30').issues[0]?.path).toEqual(['asOf']);
  });
});
