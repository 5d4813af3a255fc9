/**
 * Where to go after signing in. Only a path of this site: an address from a link could otherwise
 * send the user to another site right after they typed their password.
 */
export function safeRedirect(value: string | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  return value;
}

/** The search param parsed the same way on every page that takes one. */
export const redirectSearch = (search: Record<string, unknown>): { redirect?: string } => {
  const redirect = safeRedirect(typeof search.redirect === 'string' ? search.redirect : undefined);
  return redirect ? { redirect } : {};
};
