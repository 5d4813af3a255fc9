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

/**
 * The signed-in user, or null when signed out. GET /api/session answers a visitor 200 with no user,
 * so a signed-out page load logs no failed request in the browser's console.
 */
export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: async ({ signal }): Promise<Me | null> => {
    const { user: me } = await api<{ user: Me | null }>('/api/session', { signal });
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
