import { eq } from 'drizzle-orm';
import {
  defaultBanks,
  defaultChartOfAccounts,
  fundOf,
  languageOf,
  zeroCents,
  type Locale,
} from '@copro/domain';
import type { DbOrTx } from '../../db/client';
import { building } from '../../db/schema/index';
import type { YearScope } from '../../platform/fiscal-year-scope';
import type { LogSource } from '../../db/schema/index';
import { bankCollection } from '../banks';
import { createRecord } from '../registry';
import { categoryCollection } from './category-collection';

/** The fund a default account belongs to, when it is not the operating fund. */
const fundField = (systemKey: string) => {
  const fund = fundOf({ systemKey });
  return fund === 'operating' ? {} : { fund };
};

/**
 * A new building's chart of accounts and bank accounts, in its language (DOMAIN 1). The operating
 * account becomes the building's default bank account. The contingency and self-insurance accounts
 * and the contingency fund's bank account name their fund (DOMAIN 12), so the form shows it and the
 * admin can change it. Runs in the building's creation transaction.
 */
export async function seedChartOfAccounts(
  tx: DbOrTx,
  scope: YearScope,
  source: LogSource,
  locale: Locale,
): Promise<void> {
  const language = languageOf(locale);
  for (const account of defaultChartOfAccounts) {
    await createRecord(
      tx,
      scope,
      source,
      { ...categoryCollection, initialData: { systemKey: account.key } },
      {
        name: account.name[language],
        parent: account.parent,
        ...fundField(account.key),
      },
    );
  }
  let defaultAid: number | null = null;
  for (const bank of defaultBanks) {
    const row = await createRecord(
      tx,
      scope,
      source,
      { ...bankCollection, initialData: { systemKey: bank.key } },
      {
        name: bank.name[language],
        bankAccountType: bank.bankAccountType,
        startingBalance: zeroCents,
        ...fundField(bank.key),
      },
    );
    defaultAid ??= row.aid;
  }
  await tx
    .update(building)
    .set({ defaultBankAccountAid: String(defaultAid) })
    .where(eq(building.id, scope.buildingId));
}
