import { ApiError } from '../../../app/api';
import { i18n } from '../../../app/i18n';
import { notifyError } from '../../../app/notify';
import { notifications } from '@mantine/notifications';

/**
 * SPEC 8 red notice for a failed write. A refusal about the record itself rather than a field
 * (the check was deposited meanwhile) says why, in the server's own words.
 */
export function notifyFailure(error: unknown, title: string): void {
  const issue = error instanceof ApiError ? error.issues.find((found) => found.path.length === 0) : undefined;
  if (!issue) return notifyError(error, title);
  notifications.show({
    color: 'red',
    title,
    message: i18n.t(issue.key, issue.params ?? {}),
    autoClose: 15_000,
  });
}
