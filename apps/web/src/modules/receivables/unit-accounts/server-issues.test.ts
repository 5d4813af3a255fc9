import { describe, expect, it } from 'vitest';
import { splitIssues } from './server-issues';

describe('server issues', () => {
  it('puts the issues of shown fields under them and the rest above the buttons', () => {
    const issues = [
      { path: ['amount'], key: 'validation.numberTooSmall' },
      { path: [], key: 'unitSale.failed' },
      { path: ['unitUuid'], key: 'errors.notFound' },
      { path: ['newOwners', 0], key: 'validation.required' },
    ];
    const { field, general } = splitIssues(issues, ['amount', 'newOwners']);
    expect(field.map((issue) => issue.path[0])).toEqual(['amount', 'newOwners']);
    expect(general.map((issue) => issue.key)).toEqual(['unitSale.failed', 'errors.notFound']);
  });
});
