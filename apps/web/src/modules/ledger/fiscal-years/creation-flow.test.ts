import { describe, expect, it } from 'vitest';
import {
  idleCreation,
  isCreating,
  nextCreationState,
  type BuildingSnapshot,
  type CreationEvent,
  type CreationState,
} from './creation-flow';

const before = ['2026-01-01'];
const after = ['2026-11-01', '2026-01-01'];
const read = (readAt: number, overrides: Partial<BuildingSnapshot> = {}): CreationEvent => ({
  type: 'building',
  snapshot: { creatingFiscalYear: false, fiscalYearError: null, years: before, readAt, ...overrides },
});
const accepted: CreationEvent = { type: 'accepted', newYear: '2026-11-01', at: 1000 };
const run = (events: CreationEvent[], from: CreationState = idleCreation): CreationState =>
  events.reduce(nextCreationState, from);

describe('fiscal-year creation flow', () => {
  it('goes idle → queued → waiting → done as the building reports the job', () => {
    const queued = run([accepted]);
    expect(queued).toEqual({ step: 'queued', newYear: '2026-11-01', acceptedAt: 1000 });
    const waiting = nextCreationState(queued, read(1100, { creatingFiscalYear: true }));
    expect(waiting).toEqual({ step: 'waiting', newYear: '2026-11-01' });
    expect(nextCreationState(waiting, read(1200, { creatingFiscalYear: true }))).toBe(waiting);
    expect(nextCreationState(waiting, read(3000, { years: after }))).toEqual({
      step: 'done',
      newYear: '2026-11-01',
    });
  });

  it('fails with the error the job left on the building', () => {
    const state = run([
      accepted,
      read(1100, { creatingFiscalYear: true }),
      read(2000, { fiscalYearError: 'errors.noSurplusAccount' }),
    ]);
    expect(state).toEqual({ step: 'failed', errorKey: 'errors.noSurplusAccount' });
  });

  it('fails with the generic message when the year is missing and no reason was left', () => {
    expect(run([accepted, read(1100, { creatingFiscalYear: true }), read(2000)])).toEqual({
      step: 'failed',
      errorKey: 'errors.fiscalYearFailed',
    });
  });

  it('ignores a read made before the 202, even one with the error of an earlier attempt', () => {
    const stale = read(900, { fiscalYearError: 'errors.noSurplusAccount' });
    expect(run([accepted, stale])).toEqual({ step: 'queued', newYear: '2026-11-01', acceptedAt: 1000 });
  });

  it('ends at once when the job finished before the first read after the 202', () => {
    expect(run([accepted, read(1500, { years: after })])).toEqual({ step: 'done', newYear: '2026-11-01' });
    expect(run([accepted, read(1500, { fiscalYearError: 'errors.fiscalYearFailed' })])).toEqual({
      step: 'failed',
      errorKey: 'errors.fiscalYearFailed',
    });
  });

  it('stays idle while someone else creates a year, and can start again after a failure', () => {
    expect(run([read(1100, { creatingFiscalYear: true }), read(2000, { years: after })])).toBe(idleCreation);
    const failed: CreationState = { step: 'failed', errorKey: 'errors.fiscalYearFailed' };
    expect(nextCreationState(failed, read(5000))).toBe(failed);
    expect(nextCreationState(failed, { ...accepted, at: 6000 }).step).toBe('queued');
  });

  it('starts over once the new year is announced, keeping a failure on show', () => {
    const done: CreationState = { step: 'done', newYear: '2026-11-01' };
    expect(nextCreationState(done, { type: 'announced' })).toBe(idleCreation);
    const failed: CreationState = { step: 'failed', errorKey: 'errors.fiscalYearFailed' };
    expect(nextCreationState(failed, { type: 'announced' })).toBe(failed);
  });

  it('counts only queued and waiting as creating', () => {
    expect(isCreating(idleCreation)).toBe(false);
    expect(isCreating({ step: 'queued', newYear: 'x', acceptedAt: 0 })).toBe(true);
    expect(isCreating({ step: 'waiting', newYear: 'x' })).toBe(true);
    expect(isCreating({ step: 'done', newYear: 'x' })).toBe(false);
    expect(isCreating({ step: 'failed', errorKey: 'x' })).toBe(false);
  });
});
