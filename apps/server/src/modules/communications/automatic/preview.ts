import { eq } from 'drizzle-orm';
import {
  formatMoney,
  missingFields,
  missingOwnerData,
  type AutomaticMailPreview,
  type AutomaticMailPreviewQuery,
} from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { building } from '../../../db/schema/index';
import { AppError } from '../../../platform/errors';
import { accountBalance } from '../../ledger';
import { findRecord, findRecords, ownerLinksOn, personName } from '../../registry';
import { currentYear, reminderValues } from './reminder-job';
import { renderText, templateText } from './templates';

/**
 * A kind's text (the one being edited, else the building's) rendered with a real unit's data as of
 * the building's today: its number, floor, owners, balance, insurance and water heater. What a
 * real mail would add (a check's number, an arrears episode) is not the unit's, so it shows as
 * missing.
 */
export async function previewMail(
  db: DbOrTx,
  publicUrl: string,
  buildingId: string,
  today: string,
  query: AutomaticMailPreviewQuery,
): Promise<AutomaticMailPreview> {
  const [b] = await db.select().from(building).where(eq(building.id, buildingId));
  const scope = await currentYear(db, buildingId, today);
  const unit = b && scope ? await findRecord(db, scope, 'units', query.unitUuid) : null;
  if (!b || !scope || !unit) throw new AppError('notFound');
  const ownerUuids = ownerLinksOn(unit.data, today).map((link) => link.personUuid);
  const owners = await findRecords(db, scope, 'people', ownerUuids);
  const ownerNames = ownerUuids.map((uuid) => {
    const person = owners.find((p) => p.uuid === uuid);
    return person ? personName(person.data) : '';
  });
  const missing = missingOwnerData(
    ownerUuids.map((uuid) => {
      const data = owners.find((p) => p.uuid === uuid)?.data;
      return {
        hasEmail: ((data?.emails as string[] | undefined) ?? []).length > 0,
        hasPhone: ((data?.phones as string[] | undefined) ?? []).length > 0,
      };
    }),
  );
  const balance = formatMoney(
    unit.aid === null ? 0 : await accountBalance(db, scope, unit.aid),
    b.currency,
    query.language,
  );
  const values = {
    ...reminderValues(b, publicUrl, unit, ownerNames, query.language, missing.length > 0 ? { missing } : {}),
    recipientName: ownerNames[0] || undefined,
    balance,
    amount: balance,
    date: today,
    periodStart: scope.fiscalYear,
    periodEnd: today,
  };
  const saved = await templateText(db, buildingId, query.kind, query.language);
  const template = { subject: query.subject ?? saved.subject, body: query.body ?? saved.body };
  const rendered = renderText(template, values);
  return {
    ...rendered,
    missing: [
      ...new Set([...missingFields(template.subject, values), ...missingFields(template.body, values)]),
    ],
  };
}
