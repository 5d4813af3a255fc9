import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  bankDetailsAnswerSchema,
  bankDetailsSchema,
  noContentSchema,
  revealedBankDetailsSchema,
} from '@copro/domain';
import { userSource } from '../../../platform/audit';
import { writeOnce } from '../../../platform/idempotency';
import type { Platform } from '../../../platform/platform';
import { buildingOf, inBuilding, userOf } from '../../../platform/routes';
import { typed } from '../../../platform/typed';
import {
  bankDetailsKey,
  deleteBankDetails,
  redactedBankDetails,
  uploadBankDetails,
  viewBankDetails,
  type BankDetailsOwner,
  type BankDetailsOwnerKind,
} from './bank-details';

const params = z.object({ buildingRef: z.string().min(1).max(40), uuid: z.uuid() });

const read = { permission: inBuilding('finance.read') };
const write = { permission: inBuilding('finance.write') };

/** The owners that have bank details, by their path segment. */
const owners: readonly [string, BankDetailsOwnerKind][] = [
  ['suppliers', 'supplier'],
  ['units', 'unit'],
];

/** Bank details of suppliers and units (DOMAIN 7): redacted for readers, revealed by a logged view. */
export function bankDetailsRoutes(app: FastifyInstance, platform: Platform): void {
  const api = typed(app);
  for (const [segment, kind] of owners) {
    const path = `/api/buildings/:buildingRef/${segment}/:uuid/bank-details`;
    const ownerOf = (req: FastifyRequest, uuid: string): BankDetailsOwner => ({
      buildingId: buildingOf(req).building.id,
      kind,
      uuid,
    });

    api.get(
      path,
      { config: read, schema: { params, response: { 200: bankDetailsAnswerSchema } } },
      async (req) => redactedBankDetails(platform.db, ownerOf(req, req.params.uuid)),
    );

    api.put(
      path,
      {
        config: write,
        schema: { params, body: bankDetailsSchema, response: { 200: bankDetailsAnswerSchema } },
      },
      async (req) => {
        // Read before the transaction: on PGlite the database's handle waits for an open one.
        const key = await bankDetailsKey(platform.db);
        return writeOnce(platform.db, platform.clock, req, (tx) =>
          uploadBankDetails(tx, key, ownerOf(req, req.params.uuid), userSource(userOf(req)), req.body),
        );
      },
    );

    api.post(
      `${path}/view`,
      { config: write, schema: { params, response: { 200: revealedBankDetailsSchema } } },
      async (req) => {
        const key = await bankDetailsKey(platform.db);
        return platform.db.transaction((tx) =>
          viewBankDetails(tx, key, ownerOf(req, req.params.uuid), userSource(userOf(req))),
        );
      },
    );

    api.delete(
      path,
      { config: write, schema: { params, response: { 204: noContentSchema } } },
      async (req, reply) => {
        await platform.db.transaction((tx) =>
          deleteBankDetails(tx, ownerOf(req, req.params.uuid), userSource(userOf(req))),
        );
        return reply.code(204).send(null);
      },
    );
  }
}
