import { describe, expect, it } from 'vitest';
import { formatDay, sourceName } from './ledger-format';

describe('formatDay', () => {
  it('shows the calendar day itself in both languages', () => {
    expect(formatDay('2026-03-01', 'en')).toBe('Mar 1, 2026');
    expect(formatDay('2026-03-01', 'fr')).toBe('1 mars 2026');
    expect(formatDay('2026-12-31', 'en')).toBe('Dec 31, 2026');
  });
});

describe('sourceName', () => {
  it('names a user by name, else by email', () => {
    expect(sourceName({ kind: 'user', id: 'u1', name: 'Alice Admin', email: 'a@example.com' })).toEqual({
      kind: 'person',
      name: 'Alice Admin',
    });
    expect(sourceName({ kind: 'user', id: 'u1', name: ' ', email: 'a@example.com' })).toEqual({
      kind: 'person',
      name: 'a@example.com',
    });
  });

  it('names the system and the staff by what they are', () => {
    expect(sourceName({ kind: 'system', id: 'queue' })).toEqual({ kind: 'system' });
    expect(sourceName({ kind: 'staff', id: 's1' })).toEqual({ kind: 'staff' });
  });
});
