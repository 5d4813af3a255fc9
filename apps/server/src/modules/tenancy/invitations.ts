import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  invitationLifetimeDays,
  languageOf,
  localeOf,
  randomAlphanumeric,
  translate,
  type InvitationScope,
  type LiveCollection,
} from '@copro/domain';
import type { DbOrTx, Tx } from '../../db/client';
import {
  billingAccount,
  billingAccountUser,
  building,
  buildingGroup,
  buildingUser,
  groupUser,
  invitation,
  user,
} from '../../db/schema/index';
import { userSource, writeLog } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { publish } from '../../platform/events';
import { actionMail } from '../../platform/mail';
import type { Platform } from '../../platform/platform';
import type { SessionUser } from '../../platform/routes';

export interface InvitationTarget {
  scope: InvitationScope;
  targetId: string;
  /** Set for building invitations: the log entry and live event go to this building. */
  buildingId: string | null;
  name: string;
}

/** Buildings whose activity log records a change of this target's users. */
async function loggedBuildings(tx: DbOrTx, target: InvitationTarget): Promise<string[]> {
  if (target.buildingId) return [target.buildingId];
  // A group's or a billing account's change concerns each of its buildings.
  const column = target.scope === 'group' ? building.buildingGroupId : building.billingAccountId;
  const rows = await tx.select({ id: building.id }).from(building).where(eq(column, target.targetId));
  return rows.map((r) => r.id);
}

/**
 * Logs a change of a building, group or billing account in each building it concerns and tells
 * their open pages which collection changed.
 */
export async function logInTargetBuildings(
  tx: Tx,
  target: InvitationTarget,
  entry: Omit<Parameters<typeof writeLog>[1], 'buildingId'> & { collection?: LiveCollection },
): Promise<void> {
  const { collection = 'users', ...log } = entry;
  for (const buildingId of await loggedBuildings(tx, target)) {
    await writeLog(tx, { ...log, buildingId });
    await publish(tx, { buildingId, collection, ids: [] });
  }
}

/** Sends an invitation by email; an earlier open invitation of the same person is replaced. */
export async function invite(
  platform: Platform,
  actor: SessionUser,
  target: InvitationTarget,
  input: { email: string; role: string },
): Promise<{ token: string; expiresAt: Date }> {
  return platform.db.transaction(async (tx) => {
    if (await isMember(tx, target, input.email)) throw new AppError('userAlreadyMember');
    await tx
      .delete(invitation)
      .where(
        and(
          eq(invitation.scope, target.scope),
          eq(invitation.targetId, target.targetId),
          eq(invitation.email, input.email),
          isNull(invitation.usedAt),
        ),
      );
    const token = randomAlphanumeric(40);
    const expiresAt = new Date(Date.now() + invitationLifetimeDays * 24 * 60 * 60 * 1000);
    await tx.insert(invitation).values({
      token,
      scope: target.scope,
      targetId: target.targetId,
      buildingId: target.buildingId,
      email: input.email,
      role: input.role,
      invitedBy: actor.id,
      expiresAt,
    });
    const [existing] = await tx
      .select({ locale: user.locale, name: user.name })
      .from(user)
      .where(eq(user.email, input.email));
    const language = languageOf(existing?.locale ?? (await targetLocale(tx, target)));
    await platform.mailer.queue(
      tx,
      actionMail(language, {
        to: input.email,
        name: existing?.name ?? input.email,
        key: 'mail.invitation',
        params: {
          target: target.name,
          inviter: actor.name,
          role: translate(language, `roles.${input.role}`),
          expires: new Intl.DateTimeFormat(localeOf(language), {
            dateStyle: 'long',
            timeZone: 'America/Toronto',
          }).format(expiresAt),
        },
        url: `${platform.config.publicUrl}/_auth?mode=acceptInvitation&token=${token}`,
      }),
    );
    await logInTargetBuildings(tx, target, {
      event: 'usersAdded',
      source: userSource(actor),
      message: `Invited ${input.email} as ${input.role}`,
      metadata: { emails: [input.email], role: input.role, status: 'invited', scope: target.scope },
    });
    return { token, expiresAt };
  });
}

async function targetLocale(tx: DbOrTx, target: InvitationTarget): Promise<string | null> {
  if (target.buildingId) {
    const [b] = await tx
      .select({ locale: building.locale })
      .from(building)
      .where(eq(building.id, target.buildingId));
    return b?.locale ?? null;
  }
  return null;
}

async function isMember(tx: DbOrTx, target: InvitationTarget, email: string): Promise<boolean> {
  if (target.scope === 'building') {
    const [row] = await tx
      .select({ email: buildingUser.email })
      .from(buildingUser)
      .where(and(eq(buildingUser.buildingId, target.targetId), eq(buildingUser.email, email)));
    return !!row;
  }
  if (target.scope === 'group') {
    const [row] = await tx
      .select({ email: groupUser.email })
      .from(groupUser)
      .where(and(eq(groupUser.buildingGroupId, target.targetId), eq(groupUser.email, email)));
    return !!row;
  }
  const [row] = await tx
    .select({ id: billingAccountUser.userId })
    .from(billingAccountUser)
    .innerJoin(user, eq(user.id, billingAccountUser.userId))
    .where(and(eq(billingAccountUser.billingAccountId, target.targetId), eq(user.email, email)));
  return !!row;
}

/** What the invitation page shows before the person accepts. */
export async function describeInvitation(db: DbOrTx, token: string) {
  const [row] = await db.select().from(invitation).where(eq(invitation.token, token));
  if (!row) throw new AppError('invitationNotFound');
  return {
    scope: row.scope as InvitationScope,
    targetName: await targetName(db, row.scope as InvitationScope, row.targetId),
    email: row.email,
    role: row.role,
    expiresAt: row.expiresAt.toISOString(),
    used: row.usedAt !== null,
    expired: row.expiresAt.getTime() < Date.now(),
  };
}

async function targetName(db: DbOrTx, scope: InvitationScope, id: string): Promise<string> {
  if (scope === 'building') {
    const [b] = await db.select({ name: building.name }).from(building).where(eq(building.id, id));
    return b?.name ?? '';
  }
  if (scope === 'group') {
    const [g] = await db
      .select({ name: buildingGroup.name })
      .from(buildingGroup)
      .where(eq(buildingGroup.id, id));
    return g?.name ?? '';
  }
  const [a] = await db
    .select({ name: billingAccount.name })
    .from(billingAccount)
    .where(eq(billingAccount.id, id));
  return a?.name ?? '';
}

/**
 * Accepting grants the role. The token is consumed by a conditional update, so two tabs
 * accepting at once grant it once and the second gets "already used".
 */
export async function acceptInvitation(platform: Platform, actor: SessionUser, token: string) {
  return platform.db.transaction(async (tx) => {
    const [row] = await tx.select().from(invitation).where(eq(invitation.token, token));
    if (!row) throw new AppError('invitationNotFound');
    if (row.usedAt) throw new AppError('invitationUsed');
    if (row.expiresAt.getTime() < Date.now()) throw new AppError('invitationExpired');
    if (row.email !== actor.email.toLowerCase()) throw new AppError('invitationWrongEmail');
    const consumed = await tx
      .update(invitation)
      .set({ usedAt: new Date() })
      .where(
        and(eq(invitation.token, token), isNull(invitation.usedAt), gt(invitation.expiresAt, sql`now()`)),
      )
      .returning({ token: invitation.token });
    if (consumed.length === 0) throw new AppError('invitationUsed');

    const scope = row.scope as InvitationScope;
    if (scope === 'building') {
      await tx
        .insert(buildingUser)
        .values({ buildingId: row.targetId, userId: actor.id, email: row.email, role: row.role })
        .onConflictDoUpdate({
          target: [buildingUser.buildingId, buildingUser.userId],
          set: { role: row.role },
        });
    } else if (scope === 'group') {
      await tx
        .insert(groupUser)
        .values({ buildingGroupId: row.targetId, userId: actor.id, email: row.email, role: row.role })
        .onConflictDoUpdate({
          target: [groupUser.buildingGroupId, groupUser.userId],
          set: { role: row.role },
        });
    } else {
      await tx
        .insert(billingAccountUser)
        .values({ billingAccountId: row.targetId, userId: actor.id, role: row.role })
        .onConflictDoNothing();
    }
    const target: InvitationTarget = { scope, targetId: row.targetId, buildingId: row.buildingId, name: '' };
    await logInTargetBuildings(tx, target, {
      event: 'usersAdded',
      source: userSource(actor),
      message: `${row.email} accepted the invitation as ${row.role}`,
      metadata: { emails: [row.email], role: row.role, status: 'accepted', scope },
    });
    const [b] =
      scope === 'building'
        ? await tx.select({ ref: building.ref }).from(building).where(eq(building.id, row.targetId))
        : [];
    return { scope, targetId: row.targetId, buildingRef: b?.ref ?? null, role: row.role };
  });
}

/** Withdraws an invitation not accepted yet: its link stops working. */
export async function cancelInvitation(
  platform: Platform,
  actor: SessionUser,
  target: InvitationTarget,
  email: string,
) {
  await platform.db.transaction(async (tx) => {
    const removed = await tx
      .delete(invitation)
      .where(
        and(
          eq(invitation.scope, target.scope),
          eq(invitation.targetId, target.targetId),
          eq(invitation.email, email),
          isNull(invitation.usedAt),
        ),
      )
      .returning({ role: invitation.role });
    if (removed.length === 0) throw new AppError('invitationNotFound');
    await logInTargetBuildings(tx, target, {
      event: 'invitationCancelled',
      source: userSource(actor),
      message: `Invitation of ${email} cancelled`,
      metadata: { emails: [email], role: removed[0]?.role, scope: target.scope },
    });
  });
}
