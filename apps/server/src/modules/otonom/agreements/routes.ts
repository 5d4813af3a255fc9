import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  buildingToday,
  fileResponseSchema,
  languageOf,
  languages,
  padAgreementViewSchema,
  type PadAgreementView,
} from '@copro/domain';
import type { Tx } from '../../../db/client';
import { userSource } from '../../../platform/audit';
import { attachment } from '../../../platform/documents/attachment';
import { writeOnce } from '../../../platform/idempotency';
import type { Platform } from '../../../platform/platform';
import { buildingOf, inBuilding, userOf } from '../../../platform/routes';
import { transactionWithFiles, type FileChanges } from '../../../platform/storage';
import { typed } from '../../../platform/typed';
import { uploadedPdf, withPdfUploads } from '../../payables';
import { agreementFormPdf } from './agreement-form';
import { agreementView } from './agreement-view';
import { deleteSignedAgreement, signedAgreementFile, uploadSignedAgreement } from './signed-copy';

const path = '/api/buildings/:buildingRef/units/:uuid/pad-agreement';
const params = z.object({ buildingRef: z.string().min(1).max(40), uuid: z.uuid() });
const formQuery = z.object({ language: z.enum(languages).optional() });

const read = { permission: inBuilding('finance.read') };
const write = { permission: inBuilding('finance.write') };

/** A PDF download; the bytes go as they are, past the response schema. Bank data: no shared caches. */
const sendPdf = (reply: FastifyReply, fileName: string, bytes: Buffer) =>
  reply
    .type('application/pdf')
    .header('content-disposition', attachment(fileName))
    .header('cache-control', 'no-store')
    .send(bytes);

/** A unit's pre-authorized debit agreement (DOMAIN 8, Rule H1): the form, the signed copy, the gate's view. */
export function agreementRoutes(app: FastifyInstance, platform: Platform): void {
  const api = typed(app);
  const today = (req: FastifyRequest) => buildingToday(buildingOf(req).building, platform.clock.now());
  const view = (req: FastifyRequest, uuid: string): Promise<PadAgreementView> =>
    agreementView(platform.db, buildingOf(req).building, uuid, today(req));
  /** A write with the files it stores or drops, once per idempotency key; answers the new view. */
  const writing = async (
    req: FastifyRequest,
    uuid: string,
    work: (tx: Tx, files: FileChanges) => Promise<void>,
  ): Promise<PadAgreementView> => {
    await transactionWithFiles(platform.db, platform.storage, (outer, files) =>
      writeOnce(outer, platform.clock, req, (tx) => work(tx, files)),
    );
    return view(req, uuid);
  };

  api.get(
    path,
    { config: read, schema: { params, response: { 200: padAgreementViewSchema } } },
    async (req) => view(req, req.params.uuid),
  );

  api.get(
    `${path}/form.pdf`,
    { config: read, schema: { params, querystring: formQuery, response: { 200: fileResponseSchema } } },
    async (req, reply) => {
      const b = buildingOf(req).building;
      const language = req.query.language ?? languageOf(b.locale);
      const form = await agreementFormPdf(platform.db, b, req.params.uuid, language, today(req));
      return sendPdf(reply, form.fileName, form.bytes);
    },
  );

  withPdfUploads(app, (scoped) => {
    typed(scoped).put(
      `${path}/signed`,
      { config: write, schema: { params, response: { 200: padAgreementViewSchema } } },
      async (req) => {
        const upload = await uploadedPdf(req);
        const b = buildingOf(req).building;
        return writing(req, req.params.uuid, (tx, files) =>
          uploadSignedAgreement(
            tx,
            files,
            b.id,
            userSource(userOf(req)),
            req.params.uuid,
            upload,
            platform.clock.now(),
          ),
        );
      },
    );
  });

  api.get(
    `${path}/signed`,
    { config: read, schema: { params, response: { 200: fileResponseSchema } } },
    async (req, reply) => {
      const file = await signedAgreementFile(
        platform.db,
        platform.storage,
        buildingOf(req).building.id,
        req.params.uuid,
      );
      return sendPdf(reply, file.fileName, file.bytes);
    },
  );

  api.delete(
    `${path}/signed`,
    { config: write, schema: { params, response: { 200: padAgreementViewSchema } } },
    async (req) =>
      writing(req, req.params.uuid, (tx, files) =>
        deleteSignedAgreement(
          tx,
          files,
          buildingOf(req).building.id,
          userSource(userOf(req)),
          req.params.uuid,
        ),
      ),
  );
}
