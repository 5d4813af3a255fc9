import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  fileResponseSchema,
  pdfUploadSchema,
  personSelfEditSchema,
  personViewSchema,
  unitSelfEditSchema,
  unitViewSchema,
  voteSharesEditSchema,
  voteSharesSavedSchema,
} from '@copro/domain';
import { userSource } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { yearOf, yearParams } from '../../platform/fiscal-year-scope';
import type { Platform } from '../../platform/platform';
import { buildingOf, inBuilding, userOf } from '../../platform/routes';
import { transactionWithFiles } from '../../platform/storage';
import { requestToday } from '../../platform/request-clock';
import { typed } from '../../platform/typed';
import { collectionPath, collectionRoutes, ownUnitsOnly, recordParams } from './collection-routes';
import { maxProofBytes, proofKey, replaceInsuranceProof, type StoredProof } from './insurance-proof';
import { lockerCollection, parkingCollection } from './parkings';
import { peopleWithEmail, personCollection } from './people';
import { peopleFor, personViews, readsWholeRegistry } from './people-views';
import { findRecord } from './records';
import { editOwnPerson, editOwnUnit, mayChangeUnitPapers } from './self-service';
import { unitAnswersFor, unitCollection, unitsFor } from './units';
import { saveVoteShares } from './vote-shares';

/** A PDF the browser opens in place; the bytes go as they are, past the response schema. */
const sendInlinePdf = (reply: FastifyReply, fileName: string, bytes: Buffer) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .send(bytes);

/** Units, people, parkings and lockers of a building's fiscal year (SPEC 2 and 3). */
export function registryRoutes(app: FastifyInstance, platform: Platform): void {
  const api = typed(app);
  collectionRoutes(app, platform, unitCollection, {
    read: 'units.read',
    write: 'finance.write',
    views: unitAnswersFor,
    visibleTo: ownUnitsOnly,
  });
  // DOMAIN 6 privacy: owners and residents read the directory, of the people in the building now.
  collectionRoutes(app, platform, personCollection, {
    read: 'people.read',
    write: 'finance.write',
    views: peopleFor,
    visibleTo: (req) => (readsWholeRegistry(req) ? {} : { liveOnly: true }),
  });
  collectionRoutes(app, platform, parkingCollection, { read: 'parkings.read', write: 'finance.write' });
  collectionRoutes(app, platform, lockerCollection, { read: 'lockers.read', write: 'finance.write' });

  // The records that carry the user's email, in full: what a person reads and edits of their own.
  api.get(
    `${collectionPath('people')}/mine`,
    {
      config: { permission: inBuilding('people.read') },
      schema: { params: yearParams, response: { 200: personViewSchema.array() } },
    },
    async (req) => {
      const scope = await yearOf(platform.db, req);
      const mine = await peopleWithEmail(platform.db, scope, userOf(req).email);
      return personViews(platform.db, scope, mine, requestToday(req));
    },
  );

  api.put(
    `${collectionPath('people')}/:uuid/self`,
    {
      config: { permission: inBuilding('self-service.edit') },
      schema: { params: recordParams, body: personSelfEditSchema, response: { 200: personViewSchema } },
    },
    async (req) => {
      const scope = await yearOf(platform.db, req);
      const user = userOf(req);
      const row = await platform.db.transaction((tx) =>
        editOwnPerson(tx, scope, user, userSource(user), req.params.uuid, req.body),
      );
      return (await personViews(platform.db, scope, [row], requestToday(req)))[0];
    },
  );

  api.put(
    `${collectionPath('units')}/:uuid/self`,
    {
      config: { permission: inBuilding('self-service.edit') },
      schema: { params: recordParams, body: unitSelfEditSchema, response: { 200: unitViewSchema } },
    },
    async (req) => {
      const scope = await yearOf(platform.db, req);
      const user = userOf(req);
      const row = await platform.db.transaction((tx) =>
        editOwnUnit(tx, scope, user, userSource(user), req.params.uuid, req.body),
      );
      return (await unitsFor(platform.db, scope, [row], req))[0];
    },
  );

  // Owners may read their own unit's proof; the guard lets units readers in and the unit check narrows it.
  api.get(
    `${collectionPath('units')}/:uuid/insurance-proof`,
    {
      config: { permission: inBuilding('units.read') },
      schema: { params: recordParams, response: { 200: fileResponseSchema } },
    },
    async (req, reply) => {
      const scope = await yearOf(platform.db, req);
      const unit = await findRecord(platform.db, scope, 'units', req.params.uuid);
      const { ownerEmail } = ownUnitsOnly(req);
      if (!unit || (ownerEmail !== undefined && !unit.ownersEmails.includes(ownerEmail.toLowerCase()))) {
        throw new AppError('notFound');
      }
      const proof = unit.data.insuranceProof as StoredProof | null;
      const bytes = proof ? await platform.storage.get(proofKey(scope, unit.uuid, proof.fileId)) : null;
      if (!proof || !bytes) throw new AppError('notFound');
      return sendInlinePdf(reply, proof.fileName, bytes);
    },
  );

  for (const method of ['put', 'delete'] as const) {
    const upload = method === 'put';
    api[method](
      `${collectionPath('units')}/:uuid/insurance-proof`,
      {
        config: { permission: inBuilding('units.insurance-proof.edit') },
        // base64 makes a file a third larger than itself.
        bodyLimit: upload ? Math.ceil(maxProofBytes * 1.4) + 4096 : undefined,
        schema: {
          params: recordParams,
          ...(upload ? { body: pdfUploadSchema } : {}),
          response: { 200: unitViewSchema },
        },
      },
      async (req) => {
        const scope = await yearOf(platform.db, req);
        const user = userOf(req);
        const row = await transactionWithFiles(platform.db, platform.storage, async (tx, files) => {
          const unit = await findRecord(tx, scope, 'units', req.params.uuid, true);
          if (!unit || !(await mayChangeUnitPapers(tx, scope, buildingOf(req), user, unit))) {
            throw new AppError(unit ? 'forbidden' : 'notFound');
          }
          const before = unit.data.insuranceProof as StoredProof | null;
          const body = upload ? pdfUploadSchema.parse(req.body) : null;
          await replaceInsuranceProof(tx, files, scope, userSource(user), unit.uuid, body);
          if (before) files.removeAfterCommit(proofKey(scope, unit.uuid, before.fileId));
          return findRecord(tx, scope, 'units', unit.uuid);
        });
        if (!row) throw new AppError('notFound');
        return (await unitsFor(platform.db, scope, [row], req))[0];
      },
    );
  }

  api.put(
    '/api/buildings/:buildingRef/fiscal-years/:fiscalYear/vote-shares',
    {
      config: { permission: inBuilding('vote-shares.edit') },
      schema: { params: yearParams, body: voteSharesEditSchema, response: { 200: voteSharesSavedSchema } },
    },
    async (req) => {
      // SPEC 2: the vote-share screen is behind its feature flag; so is what it calls.
      if (!(await platform.remoteConfig.get()).featureFlags.voteShareEditing) throw new AppError('forbidden');
      const scope = await yearOf(platform.db, req);
      const source = userSource(userOf(req));
      const changed = await platform.db.transaction((tx) => saveVoteShares(tx, scope, source, req.body));
      return { changed };
    },
  );
}
