import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fieldsOf, missingFields, renderMergeFields } from './merge-fields';

describe('merge fields', () => {
  it('replaces the fields given and keeps the others as typed', () => {
    expect(
      renderMergeFields('Hello {{ownerName}}, unit {{ unitNumber }} owes {{balance}}.', {
        ownerName: 'Lise',
        unitNumber: '204',
      }),
    ).toBe('Hello Lise, unit 204 owes {{balance}}.');
    expect(missingFields('{{ownerName}} {{balance}} {{balance}}', { ownerName: 'x' })).toEqual(['balance']);
    expect(fieldsOf('{{a}} {{b.c}} {{a}}')).toEqual(['a', 'b.c']);
  });

  it('escapes values in HTML only', () => {
    expect(renderMergeFields('<p>{{ownerName}}</p>', { ownerName: '<b>&' }, { html: true })).toBe(
      '<p>&#60;b&#62;&#38;</p>',
    );
    expect(renderMergeFields('{{ownerName}}', { ownerName: '<b>' })).toBe('<b>');
  });

  it('never expands a value a second time', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const out = renderMergeFields('[{{ownerName}}]', { ownerName: value, balance: 'SECRET' });
        expect(out).toBe(`[${value}]`);
      }),
    );
  });
});
