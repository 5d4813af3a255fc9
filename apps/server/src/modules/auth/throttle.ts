import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { authMailRequest, signInFailure } from '../../db/schema/index';
import { AppError } from '../../platform/errors';

/**
 * Limits beside SIGN_IN_MAX_FAILURES (per address and account) and its window. An office behind one
 * address holds many people: its own limit over all accounts is ten times one account's.
 */
export const throttleLimits = {
  addressFailuresFactor: 10,
  mailWindowMs: 60 * 60_000,
  mailsPerAddress: 10,
  mailsPerAccount: 3,
} as const;

/** How a sign-in attempt ended, as far as throttling cares. */
export type SignInOutcome = 'signedIn' | 'wrongCredentials' | 'other';

/**
 * Sign-in failures count per (client address, account): five wrong passwords from one address lock
 * that address out of that account for the window, while the owner signs in from any other one.
 * Each attempt is written before it is checked, so parallel guesses count against each other.
 */
export function createThrottle(db: Db, config: Config) {
  const failureWindowMs = config.signInFailureWindowMinutes * 60_000;
  const since = (ms: number): Date => new Date(Date.now() - ms);

  const countFailures = async (address: string, email?: string): Promise<number> => {
    const [row] = await db
      .select({ n: count() })
      .from(signInFailure)
      .where(
        and(
          eq(signInFailure.address, address),
          email === undefined ? undefined : eq(signInFailure.email, email),
          gt(signInFailure.at, since(failureWindowMs)),
        ),
      );
    return row?.n ?? 0;
  };

  const countMails = async (column: 'address' | 'email', value: string): Promise<number> => {
    const [row] = await db
      .select({ n: count() })
      .from(authMailRequest)
      .where(
        and(eq(authMailRequest[column], value), gt(authMailRequest.at, since(throttleLimits.mailWindowMs))),
      );
    return row?.n ?? 0;
  };

  return {
    /** Counts a sign-in attempt, or refuses it (429) when this address has failed too often. */
    async beginSignIn(address: string, email: string): Promise<number> {
      const [attempt] = await db
        .insert(signInFailure)
        .values({ address, email, at: new Date() })
        .returning({ id: signInFailure.id });
      if (!attempt) throw new Error('sign-in attempt not recorded');
      const max = config.signInMaxFailures;
      if (
        (await countFailures(address, email)) > max ||
        (await countFailures(address)) > max * throttleLimits.addressFailuresFactor
      ) {
        // A refused attempt is no guess: it does not make the lock last longer.
        await db.delete(signInFailure).where(eq(signInFailure.id, attempt.id));
        throw new AppError('tooManyRequests');
      }
      return attempt.id;
    },

    /** A wrong password stays counted; a success clears this address's count for the account. */
    async settleSignIn(attemptId: number, address: string, email: string, outcome: SignInOutcome) {
      if (outcome === 'wrongCredentials') {
        // Failures older than the window no longer count: drop them so the table stays small.
        await db.delete(signInFailure).where(lt(signInFailure.at, since(failureWindowMs)));
        return;
      }
      await db
        .delete(signInFailure)
        .where(
          outcome === 'signedIn'
            ? and(eq(signInFailure.address, address), eq(signInFailure.email, email))
            : eq(signInFailure.id, attemptId),
        );
    },

    /**
     * Counts a request that sends an emailed link. Past the address's hourly limit it is refused (429);
     * past the account's (when it applies), it is answered as usual but sends nothing ('silent'), so
     * the answer says nothing about the account and its mailbox is not flooded.
     */
    async mailRequest(address: string, email: string, perAccount: boolean): Promise<'send' | 'silent'> {
      await db.delete(authMailRequest).where(lt(authMailRequest.at, since(throttleLimits.mailWindowMs)));
      const [request] = await db
        .insert(authMailRequest)
        .values({ address, email, at: new Date() })
        .returning({ id: authMailRequest.id });
      if (!request) throw new Error('mail request not recorded');
      if ((await countMails('address', address)) > throttleLimits.mailsPerAddress) {
        await db.delete(authMailRequest).where(eq(authMailRequest.id, request.id));
        throw new AppError('tooManyRequests');
      }
      return perAccount && (await countMails('email', email)) > throttleLimits.mailsPerAccount
        ? 'silent'
        : 'send';
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
