import type { FieldIssue } from '@copro/domain';
import type { DbOrTx } from '../../db/client';
import type { RegistryCollection } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import type { YearScope } from '../../platform/fiscal-year-scope';
import { findRecord, type RecordRow } from '../registry';
import { unitAccountOn } from './unit-accounts/account-on';

/** A registry record money can move through: it has its ledger account. */
export type AccountRecord = RecordRow & { aid: number };

const missingKeys: Partial<Record<RegistryCollection, string>> = {
  units: 'receivables.validation.unitMissing',
  banks: 'receivables.validation.bankMissing',
  categories: 'receivables.validation.categoryMissing',
};

/**
 * Gathers the problems of a form's references (units, banks, categories of the year, not
 * archived) so the user sees every wrong field at once, each under its own path.
 */
export class ReferenceCheck {
  readonly issues: FieldIssue[] = [];

  constructor(
    private readonly tx: DbOrTx,
    private readonly scope: YearScope,
  ) {}

  /** The record, or null after noting why it cannot be used. */
  async account(
    collection: 'units' | 'banks' | 'categories',
    uuid: string,
    path: (string | number)[],
  ): Promise<AccountRecord | null> {
    const row = await findRecord(this.tx, this.scope, collection, uuid);
    if (!row || row.aid === null) {
      this.issues.push({ path, key: missingKeys[collection] ?? 'validation.accountMissing' });
      return null;
    }
    if (row.archived) {
      this.issues.push({ path, key: 'receivables.validation.archived' });
      return null;
    }
    return row as AccountRecord;
  }

  /** A unit with the account of whoever owned it on `date` (before a sale, the former owners'). */
  async unitOn(uuid: string, path: (string | number)[], date: string): Promise<AccountRecord | null> {
    const row = await this.account('units', uuid, path);
    if (!row) return null;
    return { ...row, aid: await unitAccountOn(this.tx, this.scope.buildingId, row, date) };
  }

  add(issue: FieldIssue): void {
    this.issues.push(issue);
  }

  /** Stops the write, nothing changed yet, when any reference is wrong. */
  done(): void {
    if (this.issues.length > 0) throw new AppError('validation', this.issues);
  }
}

/** The unit's number as people know it. */
export const unitNumberOf = (row: RecordRow | undefined): string => row?.number ?? '';
