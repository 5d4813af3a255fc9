import { notifications } from '@mantine/notifications';
import { ApiError, errorKeyOf } from './api';
import { i18n } from './i18n';

/**
 * SPEC 8: errors are red notices titled Error that close after 15 s. The one way to show a server
 * refusal: a refusal about the record itself (no field: "the check was deposited meanwhile") is
 * said in the server's own words. A form shows its field issues beside the fields; a write with no
 * form (archive, unarchive) passes `withoutForm` so the notice names them ("already assigned to
 * unit 203") rather than "please complete the form".
 */
export function notifyError(
  error: unknown,
  title: string = i18n.t('errors.title'),
  options: { withoutForm?: boolean } = {},
): void {
  const issues =
    error instanceof ApiError
      ? error.issues.filter((issue) => options.withoutForm || issue.path.length === 0)
      : [];
  const message =
    issues.length > 0
      ? [...new Set(issues.map((issue) => i18n.t(issue.key, issue.params ?? {})))].join(' ')
      : i18n.t(errorKeyOf(error));
  notifications.show({ color: 'red', title, message, autoClose: 15_000 });
}

/** SPEC 9: successes are green and close after 5 s. */
export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', message, autoClose: 5_000 });
}
