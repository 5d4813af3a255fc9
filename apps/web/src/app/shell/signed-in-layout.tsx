import { ModalsProvider } from '@mantine/modals';
import { Outlet } from '@tanstack/react-router';
import { useMe } from '../session';

/**
 * Pages for signed-in users. Once the user is gone (signed out, session ended) nothing of theirs
 * stays on screen while the app moves to the sign-in page. Their confirmation dialogs live here:
 * the dialog code (Modal, its scroll area and positioning) is not part of the sign-in page.
 */
export function SignedInLayout() {
  const { data: me } = useMe();
  return me ? (
    <ModalsProvider>
      <Outlet />
    </ModalsProvider>
  ) : null;
}
