import { describe, expect, it } from 'vitest';
import { pagesOfRows } from './paged-list';

describe('the pages a list asks for', () => {
  it('are those of the rows in view, the first page for an empty list', () => {
    expect(pagesOfRows(0, 0, 50)).toEqual([1]);
    expect(pagesOfRows(0, 17, 50)).toEqual([1]);
    expect(pagesOfRows(42, 60, 50)).toEqual([1, 2]);
    expect(pagesOfRows(400, 423, 50)).toEqual([9]);
    expect(pagesOfRows(49, 50, 50)).toEqual([1, 2]);
  });

  it('never asks for a page before the first, nor for rows backwards', () => {
    expect(pagesOfRows(-3, 5, 50)).toEqual([1]);
    expect(pagesOfRows(120, 80, 50)).toEqual([3]);
  });
});
