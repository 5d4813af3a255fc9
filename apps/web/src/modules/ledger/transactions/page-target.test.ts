import { describe, expect, it } from 'vitest';
import { pageTarget, recordOfTransaction } from './page-target';

const units = [
  { uuid: 'unit-101', aid: 1101 },
  { uuid: 'unit-201', aid: 1201 },
];

describe('pageTarget', () => {
  it('shows nothing selected without a uuid', () => {
    expect(pageTarget(undefined, units)).toEqual({ kind: 'none' });
  });

  it('waits for the records before deciding what a uuid names', () => {
    expect(pageTarget('unit-101', undefined)).toEqual({ kind: 'pending' });
  });

  it("shows a record's account when the uuid is one of the records", () => {
    expect(pageTarget('unit-201', units)).toEqual({ kind: 'record', record: units[1] });
  });

  it('treats any other uuid as a transaction', () => {
    expect(pageTarget('9b2f7c1e-0000-4000-8000-000000000000', units)).toEqual({
      kind: 'transaction',
      uuid: '9b2f7c1e-0000-4000-8000-000000000000',
    });
    expect(pageTarget('unit-101', [])).toEqual({ kind: 'transaction', uuid: 'unit-101' });
  });
});

describe('recordOfTransaction', () => {
  it("selects the record that owns the first of the transaction's lines on this type's accounts", () => {
    const lines = [{ aid: 4000 }, { aid: 1201 }, { aid: 1101 }];
    expect(recordOfTransaction(lines, units)).toBe(units[1]);
  });

  it('selects nothing when no line is on one of these records', () => {
    expect(recordOfTransaction([{ aid: 4000 }, { aid: 5000 }], units)).toBeUndefined();
    expect(recordOfTransaction([{ aid: 1101 }], undefined)).toBeUndefined();
  });
});
