import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { billingAccount } from '../../db/schema/index';

export type BillingAccountRow = typeof billingAccount.$inferSelect;

/** The billing account `id`, if there is one. */
export async function findBillingAccount(db: DbOrTx, id: string): Promise<BillingAccountRow | null> {
  const [account] = await db.select().from(billingAccount).where(eq(billingAccount.id, id));
  return account ?? null;
}
