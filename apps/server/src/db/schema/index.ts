export * from './auth';
export * from './platform';
export * from './tenancy';
export * from './registry';
export * from './ledger';
export * from './budget';
export * from './receivables';
export * from './idempotency';
