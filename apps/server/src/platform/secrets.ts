import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { serverSecret } from '../db/schema/index';

/** The first instance to start generates the secret; every later one reads the same value. */
export async function getOrCreateSecret(db: Db, name: string): Promise<string> {
  await db
    .insert(serverSecret)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecret).where(eq(serverSecret.name, name));
  if (!row) throw new Error(`secret ${name} missing`);
  return row.value;
}
