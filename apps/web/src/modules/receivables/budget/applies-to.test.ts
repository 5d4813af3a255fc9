import { describe, expect, it } from 'vitest';
import { appliesToValue, describeAppliesTo, parseAppliesTo, targetOptions } from './applies-to';

const parkingUuid = '0b7c6f1e-2f5a-4c9e-9d1a-3a2b1c0d9e8f';

describe('parseAppliesTo and appliesToValue', () => {
  it('reads each form of the API and writes it back unchanged', () => {
    for (const value of [
      'all:units',
      'all:parkings',
      'all:lockers',
      'units:101A',
      `parkings:${parkingUuid}`,
    ]) {
      expect(appliesToValue(parseAppliesTo(value))).toBe(value);
    }
    expect(parseAppliesTo('units:101A')).toEqual({ scope: 'units', target: '101A' });
    expect(parseAppliesTo('all:lockers')).toEqual({ scope: 'all:lockers', target: '' });
  });

  it('reads something unknown as all units, and has no value while a single member is unpicked', () => {
    expect(parseAppliesTo('everyone')).toEqual({ scope: 'all:units', target: '' });
    expect(parseAppliesTo('all:people')).toEqual({ scope: 'all:units', target: '' });
    expect(appliesToValue({ scope: 'lockers', target: '' })).toBeNull();
    // A whole kind ignores a target left over from a former single pick.
    expect(appliesToValue({ scope: 'all:units', target: '101' })).toBe('all:units');
  });
});

describe('targetOptions', () => {
  const members = [
    { uuid: 'u-10', number: '10', archived: false },
    { uuid: 'u-9', number: '9', archived: false },
    { uuid: 'u-old', number: '8', archived: true },
  ];

  it('names units by number and the others by uuid, in number order, without archived ones', () => {
    expect(targetOptions('units', members, '')).toEqual([
      { value: '9', label: '9' },
      { value: '10', label: '10' },
    ]);
    expect(targetOptions('parkings', members, '').map((o) => o.value)).toEqual(['u-9', 'u-10']);
  });

  it('keeps the archived member already picked, so it reads as a number', () => {
    expect(targetOptions('units', members, '8').map((o) => o.label)).toEqual(['8', '9', '10']);
  });
});

describe('describeAppliesTo', () => {
  const numberOf = (kind: 'parkings' | 'lockers', uuid: string) =>
    kind === 'parkings' && uuid === parkingUuid ? 'P-3' : undefined;

  it('gives the key and the number to show', () => {
    expect(describeAppliesTo('all:parkings', numberOf)).toEqual({ key: 'scopes.allParkings' });
    expect(describeAppliesTo('units:204', numberOf)).toEqual({ key: 'one.units', number: '204' });
    expect(describeAppliesTo(`parkings:${parkingUuid}`, numberOf)).toEqual({
      key: 'one.parkings',
      number: 'P-3',
    });
  });

  it('says only the kind when the member cannot be looked up', () => {
    expect(describeAppliesTo(`lockers:${parkingUuid}`, numberOf)).toEqual({ key: 'unnamed.lockers' });
  });
});
