import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { assigneeFor, badgeText, cappedCount, missingMandatoryTag, unknownTagIndexes } from './request-rules';

const uuid = fc.uuid();
const userId = fc.string({ minLength: 1, maxLength: 8 });
const tag = fc.record({ uuid, defaultHandlerId: fc.option(userId, { nil: null }) });

describe('default handler', () => {
  it('never replaces an assignee someone chose', () => {
    fc.assert(
      fc.property(userId, fc.array(tag), (assignee, tags) => {
        const chosen = assigneeFor(
          assignee,
          tags.map((t) => t.uuid),
          tags,
          () => true,
        );
        expect(chosen).toBe(assignee);
      }),
    );
  });

  it('assigns the first default handler of the tags, in the request order, who may handle', () => {
    fc.assert(
      fc.property(fc.uniqueArray(tag, { selector: (t) => t.uuid }), fc.func(fc.boolean()), (tags, may) => {
        const order = [...tags].reverse().map((t) => t.uuid);
        const expected =
          [...tags].reverse().find((t) => t.defaultHandlerId !== null && may(t.defaultHandlerId))
            ?.defaultHandlerId ?? null;
        expect(assigneeFor(null, order, tags, may)).toBe(expected);
      }),
    );
  });

  it('leaves the request to nobody when no tag names a handler', () => {
    expect(assigneeFor(null, ['a'], [{ uuid: 'a', defaultHandlerId: null }], () => true)).toBeNull();
    expect(assigneeFor(null, ['a'], [{ uuid: 'a', defaultHandlerId: 'u1' }], () => false)).toBeNull();
  });
});

describe('mandatory tags', () => {
  it('refuses only an untagged request of a building that requires tags', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(uuid, { maxLength: 3 }), (mandatory, tags) => {
        expect(missingMandatoryTag(mandatory, tags)).toBe(mandatory && tags.length === 0);
      }),
    );
  });
});

describe('tags known', () => {
  it('flags unknown and repeated tags, and only those', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', 'c', 'x')), (tags) => {
        const bad = unknownTagIndexes(tags, new Set(['a', 'b', 'c']));
        tags.forEach((t, i) => {
          const expected = t === 'x' || tags.indexOf(t) < i;
          expect(bad.includes(i)).toBe(expected);
        });
      }),
    );
  });
});

describe('badge', () => {
  it('shows the count up to 99, 99+ above, nothing for none', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 1000 }), (n) => {
        const text = badgeText(n);
        if (n <= 0) expect(text).toBeNull();
        else if (n <= 99) expect(text).toBe(String(n));
        else expect(text).toBe('99+');
      }),
    );
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(99)).toBe('99');
  });

  it('never answers a count above the cap', () => {
    fc.assert(
      fc.property(fc.integer(), (n) => {
        expect(cappedCount(n)).toBeLessThanOrEqual(100);
        expect(cappedCount(n)).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
