import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  emailFolderQuerySchema,
  fileResponseSchema,
  noContentSchema,
  requestConversationSchema,
  requestEmailMoveSchema,
  requestEmailPageSchema,
  requestEmailReadSchema,
  requestEmailSchema,
  requestMailAddressSchema,
  requestMailLimits,
} from '@copro/domain';
import type { Tx } from '../../../db/client';
import { attachment } from '../../../platform/documents/attachment';
import { AppError } from '../../../platform/errors';
import { writeOnce } from '../../../platform/idempotency';
import { withMultipart } from '../../../platform/multipart';
import type { Platform } from '../../../platform/platform';
import { buildingOf, inBuilding } from '../../../platform/routes';
import { transactionWithFiles, type FileChanges } from '../../../platform/storage';
import { typed } from '../../../platform/typed';
import { requestsContextOf } from '../requests/context';
import { buildingRequestAddress } from './addresses';
import { mailContextOf, type MailContext } from './context';
import { conversation, deleteEmail, emailFile, folderPage, markRead, moveEmail, oneEmail } from './emails';
import { replyOfForm, sendReply } from './reply';

const emails = '/api/buildings/:buildingRef/request-emails';
const email = `${emails}/:emailUuid`;
const requestEmails = '/api/buildings/:buildingRef/requests/:requestUuid/emails';
const buildingParams = z.object({ buildingRef: z.string().min(1).max(40) });
const emailParams = buildingParams.extend({ emailUuid: z.uuid() });
const fileParams = emailParams.extend({ fileId: z.uuid() });
const requestParams = buildingParams.extend({ requestUuid: z.uuid() });

const handle = { permission: inBuilding('requests.handle') };
/** Handlers read every conversation; owners and residents their own request's, never the folders. */
const view = { permission: inBuilding('requests.view') };

/** A file as it was received or sent; the bytes go as they are, past the response schema. */
const sendFile = (reply: FastifyReply, fileName: string, bytes: Buffer) =>
  reply
    // A download, never shown inline: a received file is the sender's, not ours.
    .type('application/octet-stream')
    .header('content-disposition', attachment(fileName))
    .header('cache-control', 'no-store')
    .send(bytes);

type Work<T> = (tx: Tx, ctx: MailContext, files: FileChanges) => Promise<T>;

/** Requests by email (DOMAIN 11): the building's address, folders, conversations, replies. */
export function requestMailRoutes(app: FastifyInstance, platform: Platform): void {
  const api = typed(app);
  /** A write in one transaction with the files it stores or drops, done once per idempotency key. */
  const writing = <T>(req: FastifyRequest, work: Work<T>): Promise<T> => {
    const ctx = mailContextOf(req);
    return transactionWithFiles(platform.db, platform.storage, (outer, files) =>
      writeOnce(outer, platform.clock, req, (tx) => work(tx, ctx, files)),
    );
  };

  api.get(
    `${emails}/address`,
    { config: view, schema: { params: buildingParams, response: { 200: requestMailAddressSchema } } },
    async (req) => ({
      address: buildingRequestAddress(platform.config, buildingOf(req).building.ref),
      receiving: platform.config.smtpInPort !== undefined,
    }),
  );

  api.get(
    emails,
    {
      config: handle,
      schema: {
        params: buildingParams,
        querystring: emailFolderQuerySchema,
        response: { 200: requestEmailPageSchema },
      },
    },
    async (req) => folderPage(platform, mailContextOf(req), req.query),
  );

  api.get(
    email,
    { config: handle, schema: { params: emailParams, response: { 200: requestEmailSchema } } },
    async (req) => oneEmail(platform, mailContextOf(req), req.params.emailUuid),
  );

  api.put(
    `${email}/read`,
    {
      config: handle,
      schema: { params: emailParams, body: requestEmailReadSchema, response: { 200: requestEmailSchema } },
    },
    async (req) =>
      writing(req, (tx, ctx) => markRead(tx, platform, ctx, req.params.emailUuid, req.body.read)),
  );

  api.put(
    `${email}/folder`,
    {
      config: handle,
      schema: { params: emailParams, body: requestEmailMoveSchema, response: { 200: requestEmailSchema } },
    },
    async (req) => writing(req, (tx, ctx) => moveEmail(tx, platform, ctx, req.params.emailUuid, req.body)),
  );

  api.delete(
    email,
    { config: handle, schema: { params: emailParams, response: { 204: noContentSchema } } },
    async (req, reply) => {
      await writing(req, (tx, ctx, files) => deleteEmail(tx, files, ctx, req.params.emailUuid));
      return reply.code(204).send(null);
    },
  );

  api.get(
    `${email}/files/:fileId`,
    { config: view, schema: { params: fileParams, response: { 200: fileResponseSchema } } },
    async (req, reply) => {
      const file = await emailFile(
        platform,
        mailContextOf(req),
        requestsContextOf(req),
        req.params.emailUuid,
        req.params.fileId,
      );
      return sendFile(reply, file.fileName, file.bytes);
    },
  );

  api.get(
    requestEmails,
    { config: view, schema: { params: requestParams, response: { 200: requestConversationSchema } } },
    async (req) => conversation(platform, mailContextOf(req), requestsContextOf(req), req.params.requestUuid),
  );

  withMultipart(
    app,
    { maxFileBytes: requestMailLimits.messageBytes, unreadable: () => new AppError('validation') },
    (scoped) => {
      typed(scoped).post(
        requestEmails,
        { config: handle, schema: { params: requestParams, response: { 201: requestEmailSchema } } },
        async (req, reply) => {
          const input = await replyOfForm(req.body);
          const sent = await writing(req, (tx, ctx, files) =>
            sendReply(tx, files, platform, ctx, req.params.requestUuid, input),
          );
          return reply.code(201).send(sent);
        },
      );
    },
  );
}
