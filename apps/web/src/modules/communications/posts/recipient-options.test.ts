import { describe, expect, it } from 'vitest';
import { filledTexts, recipientLabel, recipientOptions, titleIn } from './recipient-options';

const t = (key: string, params?: Record<string, string>) => `${key}${params ? JSON.stringify(params) : ''}`;

describe('recipient options', () => {
  it('offers the kinds, then floors and units in number order', () => {
    const options = recipientOptions(
      [
        { number: '10', floor: '1' },
        { number: '204', floor: '2' },
        { number: '9', floor: ' 1 ' },
        { number: '3' },
      ],
      t,
    ).map((o) => o.value);
    expect(options).toEqual([
      'all',
      'owners',
      'residents',
      'parkings',
      'lockers',
      'floor-1',
      'floor-2',
      'unit-3',
      'unit-9',
      'unit-10',
      'unit-204',
    ]);
    expect(recipientLabel('floor-2', t)).toBe('posts.recipient.floor{"floor":"2"}');
  });

  it('picks the reader’s language, else the other, and drops an empty language', () => {
    expect(titleIn({ fr: 'Avis' }, 'en')).toBe('Avis');
    expect(titleIn({ en: 'Notice', fr: 'Avis' }, 'en')).toBe('Notice');
    expect(
      filledTexts({ en: { title: '', body: '<p></p>' }, fr: { title: 'Avis', body: '<p>x</p>' } }),
    ).toEqual({
      fr: { title: 'Avis', body: '<p>x</p>' },
    });
  });
});
