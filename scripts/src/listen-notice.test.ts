import { describe, expect, it } from 'vitest';
import { loadConfig } from '@copro/server/config';
import { listenNotice } from './listen-notice';

describe('the start notice about who can reach Copro', () => {
  it('says the demo listens on this computer only, and how to open it to the network', () => {
    const local = listenNotice(loadConfig({})).join('\n');
    expect(local).toMatch(/this computer only \(127\.0\.0\.1\)/);
    expect(local).toContain('HOST=0.0.0.0');
  });

  it('says nothing once HOST is set or without the demo', () => {
    expect(listenNotice(loadConfig({ HOST: '0.0.0.0' }))).toEqual([]);
    expect(listenNotice(loadConfig({ DATABASE_URL: 'postgres://copro@db.example/copro' }))).toEqual([]);
  });
});
