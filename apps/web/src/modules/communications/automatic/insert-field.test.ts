import { describe, expect, it } from 'vitest';
import { fieldsOf } from '@copro/domain';
import { insertAt } from './insert-field';

describe('inserting a merge field', () => {
  it('replaces the selection, or goes at the caret, and stays a field the renderer knows', () => {
    expect(insertAt('Hello , welcome', { start: 6, end: 6 }, 'ownerName')).toBe(
      'Hello {{ownerName}}, welcome',
    );
    expect(insertAt('Unit X.', { start: 5, end: 6 }, 'unitNumber')).toBe('Unit {{unitNumber}}.');
    expect(insertAt('abc', { start: 10, end: 12 }, 'link')).toBe('abc{{link}}');
    expect(fieldsOf(insertAt('', { start: 0, end: 0 }, 'balance'))).toEqual(['balance']);
  });
});
