import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/** SPEC 9: retry count 2; a 4xx answer will not change on retry. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.isClientError) return false;
  return failureCount < 2;
}

let sessionEnded: () => void = () => undefined;

/** The router registers where to go when the session ends while the app is open. */
export function whenSessionEnds(handler: () => void): void {
  sessionEnded = handler;
}

/** A session that ended while browsing: forget the user, then go and sign in again. */
function onError(error: unknown, isSessionQuery: boolean): void {
  if (!(error instanceof ApiError) || error.code !== 'unauthenticated' || isSessionQuery) return;
  queryClient.setQueryData(['me'], null);
  sessionEnded();
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => onError(error, query.queryKey[0] === 'me') }),
  mutationCache: new MutationCache({ onError: (error) => onError(error, false) }),
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
