import type { FastifyInstance, FastifyRequest } from 'fastify';
import { desc, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  appVersion,
  billingGraceDays,
  billingStatusOf,
  billingStatusViewSchema,
  buildingLogoSchema,
  demoMailSchema,
  healthSchema,
  noContentSchema,
  remoteConfigSchema,
  versionSchema,
  type BillingAccountStatus,
} from '@copro/domain';
import { outbox } from '../../../db/schema/index';
import { notModified } from '../../../platform/conditional';
import { AppError } from '../../../platform/errors';
import type { Platform } from '../../../platform/platform';
import { buildingOf, inBuilding, inUnpaidBuilding, publicRoute } from '../../../platform/routes';
import { typed } from '../../../platform/typed';
import { findBillingAccount } from '../../tenancy';

const buildingQuery = z.object({ buildingRef: z.string().min(1).max(40) });

export function systemRoutes(app: FastifyInstance, platform: Platform): void {
  const api = typed(app);

  api.get(
    '/api/health',
    { config: { permission: publicRoute }, schema: { response: { 200: healthSchema, 503: healthSchema } } },
    async (_req, reply) => {
      try {
        await platform.db.execute(sql`select 1`);
        return { status: 'ok' as const, database: platform.database.driver, version: appVersion };
      } catch {
        reply.status(503);
        return { status: 'unavailable' as const, database: platform.database.driver, version: appVersion };
      }
    },
  );

  api.get(
    '/api/version',
    { config: { permission: publicRoute }, schema: { response: { 200: versionSchema } } },
    async () => ({ version: appVersion }),
  );

  api.get(
    '/api/remote-config',
    { config: { permission: publicRoute }, schema: { response: { 200: remoteConfigSchema } } },
    async () => platform.remoteConfig.get(),
  );

  api.get(
    '/api/buildings/logo',
    {
      config: { permission: inBuilding('building.view') },
      schema: { querystring: buildingQuery, response: { 200: buildingLogoSchema, 304: noContentSchema } },
    },
    async (req, reply) => {
      const { building } = buildingOf(req);
      if (notModified(req, reply, building.updatedAt)) return reply.send(null);
      return { logoUrl: building.logoUrl };
    },
  );

  api.get(
    '/api/billing-accounts/paid',
    {
      config: { permission: inUnpaidBuilding('building.view') },
      schema: {
        querystring: buildingQuery,
        response: { 200: billingStatusViewSchema, 304: noContentSchema },
      },
    },
    async (req, reply) => {
      const { building } = buildingOf(req);
      const account = await findBillingAccount(platform.db, building.billingAccountId);
      const now = new Date();
      if (account) {
        // The status also changes with time alone, at paidUntil and at the end of the grace period.
        const until = account.paidUntil?.getTime();
        const passed =
          until === undefined
            ? []
            : [until, until + billingGraceDays * 86_400_000].filter((t) => t < now.getTime());
        if (notModified(req, reply, new Date(Math.max(account.updatedAt.getTime(), ...passed))))
          return reply.send(null);
      }
      const status = billingStatusOf(
        account ? { status: account.status as BillingAccountStatus, paidUntil: account.paidUntil } : null,
        now,
      );
      return { status, paidUntil: account?.paidUntil?.toISOString() ?? null };
    },
  );

  if (platform.config.demoMailbox !== 'off') {
    const mailbox = { 200: demoMailSchema.array() };
    api.get(
      '/api/demo/mailbox',
      { config: { permission: publicRoute }, schema: { response: mailbox } },
      async (req) => {
        if (platform.config.demoMailbox === 'loopback' && !fromThisMachine(req))
          throw new AppError('notFound');
        return platform.db
          .select({
            id: outbox.id,
            to: outbox.to,
            subject: outbox.subject,
            text: outbox.text,
            createdAt: outbox.createdAt,
          })
          .from(outbox)
          .orderBy(desc(outbox.createdAt))
          .limit(100);
      },
    );
  }
}

/**
 * A request straight from this machine: the socket's peer is loopback and no proxy relayed it.
 * The socket is read, not req.ip, which forwarded-for headers could set.
 */
function fromThisMachine(req: FastifyRequest): boolean {
  const peer = req.raw.socket.remoteAddress ?? '';
  const loopback = peer === '::1' || peer.startsWith('127.') || peer.startsWith('::ffff:127.');
  return loopback && !req.headers['x-forwarded-for'] && !req.headers.forwarded;
}
