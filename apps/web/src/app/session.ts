import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  currentSessionSchema,
  languageOf,
  languageOfSession,
  sessionLanguageSchema,
  signedOutSchema,
  type Language,
  type Me,
} from '@copro/domain';
import { api } from './api';
import { rememberLanguage, setLanguage } from './i18n';
import { notifyError } from './notify';

export type { Me };

/**
 * Shows the app in `language` at once and remembers it on this device for the next sign-in page.
 * Signed in, it becomes this session's language: after a reload this tab speaks it, while another
 * browser or device of the same person keeps its own. Mails keep the profile's language.
 */
export async function chooseLanguage(language: Language, signedIn: boolean): Promise<void> {
  await setLanguage(language);
  rememberLanguage(language);
  if (!signedIn) return;
  await api('/api/session/language', {
    method: 'PUT',
    body: { language },
    response: sessionLanguageSchema,
  });
}

/** The profile's language was just saved from this session: this session follows it. */
export function applyUserLanguage(me: Me | null): void {
  if (me?.locale) chooseLanguage(languageOf(me.locale), true).catch((error: unknown) => notifyError(error));
}

/**
 * The signed-in user, or null when signed out. Asked of the public session endpoint, which answers
 * a visitor 200 with nothing rather than the 401 of /api/me: a signed-out page load logs no failed
 * request in the browser's console. A disabled account is signed out: the API refuses its session.
 * The page speaks the session's language (its sign-in page's, or its last switch), else the user's.
 */
export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: async ({ signal }): Promise<Me | null> => {
    const current = await api('/api/auth/get-session', { response: currentSessionSchema, signal });
    const user = current?.user;
    if (!current || !user || user.disabled) return null;
    const language = languageOfSession(current.session.language, user.locale);
    // Before the page is drawn: it shows in that language from its first paint.
    if (language) await setLanguage(language);
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      locale: user.locale ?? null,
      signature: user.signature ?? null,
      emailVerified: user.emailVerified,
    };
  },
  staleTime: 5 * 60_000,
});

export const useMe = () => useQuery(meQuery);

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/auth/sign-out', { method: 'POST', body: {}, response: signedOutSchema }),
    onSuccess: () => {
      // Nothing fetched for the previous user may show for the next one.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'remote-config' });
      queryClient.setQueryData(['me'], null);
    },
  });
}
