import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { languageOf, type Locale } from '@copro/domain';
import { api } from './api';
import { setLanguage } from './i18n';

export interface Me {
  id: string;
  name: string;
  email: string;
  locale: Locale | null;
  signature: string | null;
  emailVerified: boolean;
}

/** The signed-in user's own locale wins over the device's choice. */
export function applyUserLanguage(me: Me | null): void {
  if (me?.locale) setLanguage(languageOf(me.locale));
}

/** What better-auth's public GET /api/auth/get-session answers: null for a visitor. */
interface AuthSession {
  user: Me & { disabled?: boolean | null };
}

/**
 * The signed-in user, or null when signed out. Asked of the public session endpoint, which answers
 * a visitor 200 with nothing rather than the 401 of /api/me: a signed-out page load logs no failed
 * request in the browser's console. A disabled account is signed out: the API refuses its session.
 */
export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: async ({ signal }): Promise<Me | null> => {
    const session = await api<AuthSession | null>('/api/auth/get-session', { signal });
    const user = session?.user;
    const me: Me | null =
      user && !user.disabled
        ? {
            id: user.id,
            name: user.name,
            email: user.email,
            locale: user.locale ?? null,
            signature: user.signature ?? null,
            emailVerified: user.emailVerified,
          }
        : null;
    applyUserLanguage(me);
    return me;
  },
  staleTime: 5 * 60_000,
});

export const useMe = () => useQuery(meQuery);

/** PATCH /api/me takes the whole profile; a missing signature is left out rather than sent as null. */
export function profileBody(me: Pick<Me, 'name' | 'signature'>, locale: Locale) {
  return { name: me.name, locale, ...(me.signature ? { signature: me.signature } : {}) };
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<unknown>('/api/auth/sign-out', { method: 'POST', body: {} }),
    onSuccess: () => {
      // Nothing fetched for the previous user may show for the next one.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'remote-config' });
      queryClient.setQueryData(['me'], null);
    },
  });
}
