import { errorCodes, type ErrorCode, type FieldIssue } from '@copro/domain';

/** A failure the user should read: its code maps to an i18n key and an HTTP status. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly issues?: FieldIssue[],
  ) {
    super(code);
    this.status = errorCodes[code].status;
  }
}

export const notFound = (): AppError => new AppError('notFound');
export const forbidden = (): AppError => new AppError('forbidden');
