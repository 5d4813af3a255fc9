import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import areaBoundaries from './eslint/area-boundaries.js';

/**
 * Which area owns each table of `db/schema`. `platform` tables are the scope every request lives
 * in (building, fiscal year) and the platform's own (users and sessions, log, jobs, outbox).
 */
const platform = 'platform';
const tableOwners = {
  user: platform,
  session: platform,
  account: platform,
  verification: platform,
  rateLimit: platform,
  signInFailure: platform,
  activityLog: platform,
  job: platform,
  outbox: platform,
  remoteConfig: platform,
  serverSecret: platform,
  idempotentRequest: platform,
  authMailRequest: platform,
  building: platform,
  fiscalYear: platform,
  registryCollections: platform,
  ledgerAccountKinds: platform,
  billingAccount: 'tenancy',
  billingAccountUser: 'tenancy',
  buildingGroup: 'tenancy',
  groupUser: 'tenancy',
  buildingUser: 'tenancy',
  invitation: 'tenancy',
  registryRecord: 'registry',
  // The registry lists' orders, which its indexes are built on (db/schema/registry-order.ts).
  accentedLetters: 'registry',
  nameOrderSql: 'registry',
  unitNumberOrderSql: 'registry',
  ledgerAccount: 'ledger',
  ledgerTransaction: 'ledger',
  subtransaction: 'ledger',
  accountMonth: 'ledger',
  ledgerUnchecked: 'ledger',
  ledgerChecksDue: 'ledger',
  budget: 'receivables',
  feeBilling: 'receivables',
  penalty: 'receivables',
  recordedCheck: 'receivables',
  deposit: 'receivables',
  penaltyCharge: 'receivables',
  unitReminder: 'receivables',
  arrearsAlert: 'receivables',
  unitSale: 'receivables',
  supplierInvoice: 'payables',
  invoiceBillback: 'payables',
  supplierPayment: 'payables',
  paymentAllocation: 'payables',
  paymentDecision: 'payables',
  padSetting: 'otonom',
  padAgreement: 'otonom',
  padOrder: 'otonom',
  padFile: 'otonom',
  approvalRule: 'payables',
  checkNumbering: 'payables',
  recurringBill: 'payables',
  recurringBillingDays: 'payables',
  recurringBillPosting: 'payables',
  bankDetails: 'payables',
  reconciliationPeriod: 'reconciliation',
  reconciliationClearing: 'reconciliation',
  statementImport: 'reconciliation',
  statementLine: 'reconciliation',
  bankCsvMapping: 'reconciliation',
  automaticMailTemplate: 'communications',
  automaticCommunicationSettings: 'communications',
  automaticMailSent: 'communications',
  requestEmail: 'requests',
  requestEmailRead: 'requests',
  requestMailThread: 'requests',
  post: 'communications',
  postRecipient: 'communications',
  postDelivery: 'communications',
  postTemplate: 'communications',
  groupPostTemplate: 'communications',
  request: 'requests',
  requestNumber: 'requests',
  requestNote: 'requests',
  requestTag: 'requests',
  requestEmailTemplate: 'requests',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/src/db/migrations/**',
      '.test-data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // DESIGN 4 and docs/architecture.md "Areas": areas meet through their index.ts, and each
    // reads only its own tables. A new table gets its owning area here.
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    plugins: { areas: areaBoundaries },
    rules: {
      'areas/cross-area': 'error',
      'areas/foreign-table': ['error', tableOwners],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
