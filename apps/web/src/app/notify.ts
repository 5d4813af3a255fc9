import { notifications } from '@mantine/notifications';
import { errorKeyOf } from './api';
import { i18n } from './i18n';

/** SPEC 8: errors are red notices titled Error that close after 15 s. */
export function notifyError(error: unknown, title: string = i18n.t('errors.title')): void {
  notifications.show({ color: 'red', title, message: i18n.t(errorKeyOf(error)), autoClose: 15_000 });
}

/** SPEC 9: successes are green and close after 5 s. */
export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', message, autoClose: 5_000 });
}
