import { notifications } from '@mantine/notifications';
import { ApiError } from '../../../app/api';
import { i18n } from '../../../app/i18n';
import { notifyError } from '../../../app/notify';

/**
 * A failure with no form to show it on (archive, unarchive): the issues the server names, such as
 * "already assigned to unit 203", say more than "please complete the form".
 */
export function notifyFailure(error: unknown, title: string): void {
  const issues = error instanceof ApiError ? error.issues : [];
  if (issues.length === 0) {
    notifyError(error, title);
    return;
  }
  const message = [...new Set(issues.map((issue) => i18n.t(issue.key, issue.params ?? {})))].join(' ');
  // The same look as notifyError (SPEC 8: red, titled, 15 s).
  notifications.show({ color: 'red', title, message, autoClose: 15_000 });
}
