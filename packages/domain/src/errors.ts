/**
 * Every error the API answers carries one of these codes; the web shows the i18n key's text
 * in the user's language. Keep the table exhaustive: a test checks every key exists.
 */
export const errorCodes = {
  unknown: { status: 500, key: 'errors.unknown' },
  validation: { status: 400, key: 'validation.completeForm' },
  unauthenticated: { status: 401, key: 'errors.unauthenticated' },
  forbidden: { status: 403, key: 'errors.forbidden' },
  notFound: { status: 404, key: 'errors.notFound' },
  maintenance: { status: 503, key: 'errors.maintenance' },
  databaseUnavailable: { status: 503, key: 'errors.databaseUnavailable' },
  paymentRequired: { status: 402, key: 'errors.paymentRequired' },
  archivedFiscalYear: { status: 409, key: 'errors.archivedFiscalYear' },
  creatingFiscalYear: { status: 409, key: 'errors.creatingFiscalYear' },
  numberTaken: { status: 409, key: 'registry.numberTaken' },
  recordInUse: { status: 409, key: 'registry.recordInUse' },
  fileTooLarge: { status: 413, key: 'errors.fileTooLarge' },
  budgetFrozen: { status: 409, key: 'budgets.frozen' },
  invalidCredential: { status: 401, key: 'auth.invalidCredential' },
  weakPassword: { status: 400, key: 'auth.weakPassword' },
  tooManyRequests: { status: 429, key: 'auth.tooManyRequests' },
  emailNotVerified: { status: 403, key: 'auth.emailNotVerified' },
  originNotAllowed: { status: 403, key: 'auth.originRefused' },
  userDisabled: { status: 403, key: 'auth.userDisabled' },
  userNotFound: { status: 404, key: 'auth.userNotFound' },
  wrongPassword: { status: 400, key: 'auth.wrongPassword' },
  emailTaken: { status: 409, key: 'auth.emailTaken' },
  invalidToken: { status: 400, key: 'auth.invalidToken' },
  invitationExpired: { status: 410, key: 'invitations.expired' },
  invitationUsed: { status: 410, key: 'invitations.used' },
  invitationNotFound: { status: 404, key: 'invitations.notFound' },
  invitationWrongEmail: { status: 403, key: 'invitations.wrongEmail' },
  userAlreadyMember: { status: 409, key: 'users.alreadyMember' },
  lastAdmin: { status: 409, key: 'users.lastAdmin' },
  buildingRefTaken: { status: 409, key: 'buildings.refTaken' },
  checkNumberTaken: { status: 409, key: 'receivables.errors.checkNumberTaken' },
  invoiceNumberTaken: { status: 409, key: 'payables.errors.invoiceNumberTaken' },
  invoiceInUse: { status: 409, key: 'payables.errors.invoiceInUse' },
  amountExceedsUnpaid: { status: 409, key: 'payables.errors.amountExceedsUnpaid' },
  alreadyDecided: { status: 409, key: 'payables.errors.alreadyDecided' },
  paymentNotPending: { status: 409, key: 'payables.errors.paymentNotPending' },
  /** SPEC 8: the issue's key names the reason (TransactionNotSupplierPaymentByCheck, …). */
  checkPrintDenied: { status: 409, key: 'payables.errors.checkPrintDenied' },
  reconciliationNotBalanced: { status: 409, key: 'reconciliation.errors.notBalanced' },
  previousPeriodNotReconciled: { status: 409, key: 'reconciliation.errors.previousNotReconciled' },
  periodReconciled: { status: 409, key: 'reconciliation.errors.periodReconciled' },
  periodNotLatest: { status: 409, key: 'reconciliation.errors.periodNotLatest' },
  transactionNotInPeriod: { status: 409, key: 'reconciliation.errors.notInPeriod' },
  statementAlreadyImported: { status: 409, key: 'reconciliation.errors.alreadyImported' },
  statementUnreadable: { status: 400, key: 'reconciliation.errors.unreadable' },
  idempotencyKeyInvalid: { status: 400, key: 'errors.idempotencyKeyInvalid' },
  idempotencyKeyReused: { status: 422, key: 'errors.idempotencyKeyReused' },
  /** SPEC 5: executables, scripts and HTML files are never sent nor kept. */
  forbiddenFileType: { status: 400, key: 'requestMail.errors.forbiddenFileType' },
  /** A resend of a post that was not emailed: there is nothing to send again. */
  postNotEmailed: { status: 409, key: 'posts.errors.notEmailed' },
} as const;

export type ErrorCode = keyof typeof errorCodes;

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.prototype.hasOwnProperty.call(errorCodes, value);

/** An issue of a failed validation: the field path and the i18n key with its parameters. */
export interface FieldIssue {
  path: (string | number)[];
  key: string;
  params?: Record<string, string | number>;
}

/** The JSON body of every error answer. */
export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  issues?: FieldIssue[];
}

/**
 * better-auth answers with its own codes; map them to ours so the same message reaches the user
 * whichever way the failure came. Unknown email and wrong password both come as
 * INVALID_EMAIL_OR_PASSWORD, so nobody can probe which emails have accounts.
 */
export const authLibraryCodes: Record<string, ErrorCode> = {
  INVALID_EMAIL_OR_PASSWORD: 'invalidCredential',
  INVALID_EMAIL: 'invalidCredential',
  INVALID_PASSWORD: 'wrongPassword',
  PASSWORD_TOO_SHORT: 'weakPassword',
  PASSWORD_TOO_LONG: 'weakPassword',
  EMAIL_NOT_VERIFIED: 'emailNotVerified',
  USER_DISABLED: 'userDisabled',
  USER_NOT_FOUND: 'userNotFound',
  USER_ALREADY_EXISTS: 'emailTaken',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'emailTaken',
  INVALID_TOKEN: 'invalidToken',
  TOKEN_EXPIRED: 'invalidToken',
  TOO_MANY_REQUESTS: 'tooManyRequests',
};
