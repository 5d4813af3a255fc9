import {
  can,
  personSelfEditSchema,
  unitSelfEditSchema,
  type PersonSelfEdit,
  type UnitSelfEdit,
} from '@copro/domain';
import type { DbOrTx } from '../../db/client';
import type { LogSource } from '../../db/schema/index';
import type { BuildingAccess } from '../../platform/access';
import { AppError } from '../../platform/errors';
import type { YearScope } from '../../platform/fiscal-year-scope';
import type { SessionUser } from '../../platform/routes';
import { peopleWithEmail, personCollection } from './people';
import { editRecord, findRecord, type RecordRow } from './records';
import { unitCollection } from './units';

const personSelfFields = Object.keys(personSelfEditSchema.shape);
const unitSelfFields = Object.keys(unitSelfEditSchema.shape);

/**
 * DOMAIN 6 self-service with `selfServiceEditAccess: edit`: a user edits the person records that
 * carry their email, and owners and proxies their unit's insurance and water heater. The route
 * has already checked `self-service.edit`; this checks the record is theirs.
 */
export async function editOwnPerson(
  tx: DbOrTx,
  scope: YearScope,
  user: SessionUser,
  source: LogSource,
  uuid: string,
  edit: PersonSelfEdit,
): Promise<RecordRow> {
  const mine = await peopleWithEmail(tx, scope, user.email);
  if (!mine.some((person) => person.uuid === uuid)) throw new AppError('forbidden');
  return editRecord(tx, scope, source, personCollection, uuid, edit, personSelfFields);
}

/** Whether the user is among the unit's owners or proxies (residents change only their own data). */
export async function isOwnerOrProxyOf(tx: DbOrTx, scope: YearScope, user: SessionUser, unit: RecordRow) {
  const email = user.email.toLowerCase();
  if (unit.ownersEmails.includes(email)) return true;
  const proxies = ((unit.data.proxies as { personUuid: string }[] | undefined) ?? []).map(
    (p) => p.personUuid,
  );
  const mine = await peopleWithEmail(tx, scope, email);
  return mine.some((person) => proxies.includes(person.uuid));
}

export async function editOwnUnit(
  tx: DbOrTx,
  scope: YearScope,
  user: SessionUser,
  source: LogSource,
  uuid: string,
  edit: UnitSelfEdit,
): Promise<RecordRow> {
  const unit = await findRecord(tx, scope, 'units', uuid);
  if (!unit) throw new AppError('notFound');
  if (!(await isOwnerOrProxyOf(tx, scope, user, unit))) throw new AppError('forbidden');
  return editRecord(tx, scope, source, unitCollection, uuid, edit, unitSelfFields);
}

/** Managers with finance write change any unit; owners and proxies their own when self-service allows it. */
export async function mayChangeUnitPapers(
  tx: DbOrTx,
  scope: YearScope,
  access: BuildingAccess,
  user: SessionUser,
  unit: RecordRow,
): Promise<boolean> {
  const actor = { role: access.role, banned: access.banned };
  if (can(actor, 'finance.write', access.policy)) return true;
  return can(actor, 'self-service.edit', access.policy) && isOwnerOrProxyOf(tx, scope, user, unit);
}
