import type { IncomingHttpHeaders } from 'node:http';
import { fromNodeHeaders } from 'better-auth/node';
import type { Auth } from './auth';
import type { CacheChannel } from './cache-channel';
import { ChannelCache } from './channel-cache';
import type { SessionUser } from './routes';

/** What a request needs of its session: who, whether they may still act, and the session's language. */
export interface ResolvedSession {
  user: SessionUser;
  disabled: boolean;
  sessionId: string;
  /** The session's own language (its sign-in page's, its language switch's), if it has one. */
  language: string | null;
}

const maxSessions = 10_000;
/** A short life: the channel drops an entry at once when its row changes; this bounds the unforeseen. */
const sessionTtlMs = 5_000;

/**
 * The credentials better-auth reads (the cookies, with the signed session token, and a bearer
 * token), as one key: an entry is only ever found again by the very same signed token, so a
 * forged or altered cookie always goes to better-auth, which checks its signature.
 */
const keyOf = (headers: IncomingHttpHeaders): string | null => {
  const { cookie, authorization } = headers;
  if (!cookie && !authorization) return null;
  return `${cookie ?? ''}\n${authorization ?? ''}`;
};

/**
 * better-auth's session lookup (the signature check, the session and its user read), done once
 * per session and then served from memory for a few seconds. The database's triggers drop an
 * entry when its session changes (signed out, revoked, ended by a password change or reset, its
 * language switched) or its user does (disabled, renamed, deleted): see cache-channel.ts.
 */
export class SessionCache {
  private readonly sessions: ChannelCache<string, ResolvedSession>;

  constructor(
    private readonly auth: Auth,
    channel: CacheChannel,
  ) {
    this.sessions = new ChannelCache(
      channel,
      { max: maxSessions, ttlMs: sessionTtlMs },
      (change, sessions) => {
        const [id] = change.keys;
        if (change.kind === 's') sessions.deleteWhere((s) => s.sessionId === id);
        else if (change.kind === 'u') sessions.deleteWhere((s) => s.user.id === id);
      },
    );
  }

  /** The request's session, or null; `fresh`: the caches may be read (CacheChannel.fresh). */
  async resolve(headers: IncomingHttpHeaders, fresh: boolean): Promise<ResolvedSession | null> {
    const key = keyOf(headers);
    if (key === null) return null;
    return this.sessions.get(key, fresh, async () => {
      const found = await this.auth.api.getSession({ headers: fromNodeHeaders(headers) });
      if (!found) return null;
      const u = found.user as typeof found.user & { locale?: string | null; disabled?: boolean };
      const s = found.session as typeof found.session & { language?: string | null };
      return {
        value: {
          user: {
            id: u.id,
            email: u.email,
            name: u.name,
            locale: u.locale ?? null,
            emailVerified: u.emailVerified,
          },
          disabled: u.disabled ?? false,
          sessionId: s.id,
          language: s.language ?? null,
        },
        // Never past the session's own end.
        until: new Date(s.expiresAt).getTime(),
      };
    });
  }
}
