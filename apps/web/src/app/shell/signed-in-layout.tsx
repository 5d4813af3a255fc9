import { Outlet } from '@tanstack/react-router';
import { useMe } from '../session';

/**
 * Pages for signed-in users. Once the user is gone (signed out, session ended) nothing of theirs
 * stays on screen while the app moves to the sign-in page.
 */
export function SignedInLayout() {
  const { data: me } = useMe();
  return me ? <Outlet /> : null;
}
