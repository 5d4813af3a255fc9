import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { CacheChannel } from './cache-channel';
import { ChannelCache, type Loaded } from './channel-cache';

/**
 * A database whose channel the test drives: it says when a notification arrives, when the
 * connection is lost, and when each barrier (`sync`) is answered.
 */
function fakeDatabase() {
  let deliver: (payload: string) => void = () => {};
  let lose: () => void = () => {};
  const barriers: ((answered: boolean) => void)[] = [];
  const database = {
    async listen(_channel: string, onPayload: (payload: string) => void, onLost?: () => void) {
      deliver = onPayload;
      lose = onLost ?? (() => {});
      return Object.assign(async () => {}, {
        sync: () => new Promise<boolean>((resolve) => barriers.push(resolve)),
      });
    },
  } as unknown as Database;
  return {
    database,
    notify: (payload: string) => deliver(payload),
    lose: () => lose(),
    barriers,
    /** Answers the barriers sent so far. */
    answer: (answered = true) => barriers.splice(0).forEach((resolve) => resolve(answered)),
  };
}

/** Lets every timer, immediate and promise already queued run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A read the test finishes when it wants, counting how many were started. */
function reads<V>() {
  const started: ((value: Loaded<V> | null) => void)[] = [];
  return {
    load: () => new Promise<Loaded<V> | null>((resolve) => started.push(resolve)),
    started,
    finish: (value: V | null) => started.shift()?.(value === null ? null : { value }),
  };
}

async function channelWith(database: Database) {
  const channel = new CacheChannel();
  await channel.start(database);
  const dropped: string[] = [];
  const cache = new ChannelCache<string, string>(channel, { max: 10, ttlMs: 60_000 }, (change, values) => {
    dropped.push(`${change.kind}:${change.keys.join(':')}`);
    values.deleteWhere((_, key) => key === change.keys[0]);
  });
  return { channel, cache, dropped };
}

describe('the cache channel', () => {
  it('answers the requests waiting together with one barrier, and a later one with the next', async () => {
    const db = fakeDatabase();
    const { channel } = await channelWith(db.database);
    const first = [channel.fresh(), channel.fresh(), channel.fresh()];
    await settle();
    expect(db.barriers).toHaveLength(1);
    // Arrives while that barrier is out: it may have left before this request's change committed.
    const later = channel.fresh();
    let laterDone = false;
    void later.then(() => (laterDone = true));
    db.answer();
    expect(await Promise.all(first)).toEqual([true, true, true]);
    await settle();
    expect(laterDone).toBe(false);
    expect(db.barriers).toHaveLength(1);
    db.answer();
    expect(await later).toBe(true);
  });

  it('is not fresh when the barrier fails, nor before it listens', async () => {
    expect(await new CacheChannel().fresh()).toBe(false);
    const db = fakeDatabase();
    const { channel } = await channelWith(db.database);
    const waiting = channel.fresh();
    await settle();
    db.answer(false);
    expect(await waiting).toBe(false);
  });
});

describe('a channel cache', () => {
  it('serves what it read until the row changes, then reads again', async () => {
    const db = fakeDatabase();
    const { cache, dropped } = await channelWith(db.database);
    const r = reads<string>();
    const first = cache.get('a', true, r.load);
    r.finish('one');
    expect(await first).toBe('one');
    expect(await cache.get('a', true, r.load)).toBe('one');
    expect(r.started).toHaveLength(0);
    db.notify('b:a');
    expect(dropped).toEqual(['b:a']);
    const again = cache.get('a', true, r.load);
    r.finish('two');
    expect(await again).toBe('two');
  });

  it('does not keep a value read while a change was heard: it may predate the change', async () => {
    const db = fakeDatabase();
    const { cache } = await channelWith(db.database);
    const r = reads<string>();
    const stale = cache.get('a', true, r.load);
    db.notify('b:other');
    r.finish('old');
    expect(await stale).toBe('old');
    const next = cache.get('a', true, r.load);
    expect(r.started).toHaveLength(1);
    r.finish('new');
    expect(await next).toBe('new');
  });

  it('shares one read among concurrent misses, but not with a request that came after a change', async () => {
    const db = fakeDatabase();
    const { cache } = await channelWith(db.database);
    const r = reads<string>();
    const a = cache.get('a', true, r.load);
    const b = cache.get('a', true, r.load);
    expect(r.started).toHaveLength(1);
    db.notify('b:a');
    const c = cache.get('a', true, r.load);
    expect(r.started).toHaveLength(2);
    r.finish('before');
    r.finish('after');
    expect(await Promise.all([a, b, c])).toEqual(['before', 'before', 'after']);
  });

  it('neither keeps nor serves anything for a request that may not read it, nor what was not found', async () => {
    const db = fakeDatabase();
    const { cache } = await channelWith(db.database);
    const r = reads<string>();
    const notFresh = cache.get('a', false, r.load);
    r.finish('read');
    expect(await notFresh).toBe('read');
    const missing = cache.get('a', true, r.load);
    r.finish(null);
    expect(await missing).toBe(null);
    const found = cache.get('a', true, r.load);
    expect(r.started).toHaveLength(1);
    r.finish('found');
    expect(await found).toBe('found');
  });

  it('empties when the channel is lost: what was notified meanwhile is unknown', async () => {
    const db = fakeDatabase();
    const { cache } = await channelWith(db.database);
    const r = reads<string>();
    const first = cache.get('a', true, r.load);
    r.finish('one');
    await first;
    db.lose();
    const again = cache.get('a', true, r.load);
    expect(r.started).toHaveLength(1);
    r.finish('two');
    expect(await again).toBe('two');
  });
});
