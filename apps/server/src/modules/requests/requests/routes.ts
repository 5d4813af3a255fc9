import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  fileResponseSchema,
  groupRequestListQuerySchema,
  groupRequestListSchema,
  newRequestSchema,
  noContentSchema,
  renderedRequestTemplateSchema,
  requestCountsSchema,
  requestDetailSchema,
  requestEditSchema,
  requestEmailTemplateInputSchema,
  requestEmailTemplateListSchema,
  requestEmailTemplateSchema,
  requestFormOptionsSchema,
  requestHandlerListSchema,
  requestListQuerySchema,
  requestListSchema,
  requestMergeSchema,
  requestNoteInputSchema,
  requestTagInputSchema,
  requestTagListSchema,
  requestTagSchema,
  requestTemplateRenderSchema,
} from '@copro/domain';
import type { Tx } from '../../../db/client';
import { userSource } from '../../../platform/audit';
import { attachment } from '../../../platform/documents/attachment';
import type { Platform } from '../../../platform/platform';
import { inBuilding, inGroup, userOf } from '../../../platform/routes';
import { transactionWithFiles, type FileChanges } from '../../../platform/storage';
import { typed } from '../../../platform/typed';
import { groupRequestHandlersOf, requestHandlersOf } from '../../tenancy';
import { uploadedRequestFiles, withRequestUploads } from './attachment-files';
import { requestsContextOf, type RequestsContext } from './context';
import { listGroupRequests, listRequests, requestCounts } from './list';
import {
  addAttachments,
  addNote,
  attachmentOf,
  createRequest,
  deleteRequest,
  editRequest,
  mergeRequest,
  readableRequest,
  removeAttachment,
} from './requests';
import type { KeeperScope } from './scope';
import { createTag, deleteTag, editTag, listTags, type Writer } from './tags';
import { createTemplate, deleteTemplate, editTemplate, listTemplates, renderTemplate } from './templates';
import { unitsOffered } from './units';
import { detailOf, summariesOf } from './views';

const base = '/api/buildings/:buildingRef/requests';
const one = `${base}/:uuid`;
const groupBase = '/api/building-groups/:buildingGroupId/requests';
const buildingParams = z.object({ buildingRef: z.string().min(1).max(40) });
const requestParams = buildingParams.extend({ uuid: z.uuid() });
const fileParams = requestParams.extend({ fileId: z.uuid() });
const tagParams = buildingParams.extend({ tagUuid: z.uuid() });
const templateParams = buildingParams.extend({ templateUuid: z.uuid() });
const groupParams = z.object({ buildingGroupId: z.string().min(1).max(40) });
const groupTagParams = groupParams.extend({ tagUuid: z.uuid() });
const groupTemplateParams = groupParams.extend({ templateUuid: z.uuid() });

/** Readers: the caller's own requests for owners and residents, every request for handlers. */
const view = { permission: inBuilding('requests.view') };
const handle = { permission: inBuilding('requests.handle') };
const tagsWrite = { permission: inBuilding('requests.tags') };
const templates = { permission: inBuilding('requests.emails.templates') };

const buildingScope = (ctx: RequestsContext): KeeperScope => ({
  kind: 'building',
  buildingId: ctx.buildingId,
  buildingGroupId: ctx.buildingGroupId,
});
const groupScope = (req: FastifyRequest): KeeperScope => ({
  kind: 'group',
  buildingGroupId: (req.params as { buildingGroupId: string }).buildingGroupId,
});
const writerOf = (req: FastifyRequest): Writer => ({
  source: userSource(userOf(req)),
  language: req.ctx.language,
});

/** A request's file as it was uploaded, as a download: never rendered on Copro's origin. */
const sendDownload = (reply: FastifyReply, fileName: string, mimeType: string, bytes: Buffer) =>
  reply
    .type(mimeType)
    .header('content-disposition', attachment(fileName))
    .header('cache-control', 'private, no-store')
    .send(bytes);

/** Requests, tags, notes, merges, request email templates and the badge counts (DOMAIN 11). */
export function requestRoutes(app: FastifyInstance, platform: Platform): void {
  const api = typed(app);
  const now = () => platform.clock.now();
  /** A write in one database transaction with the files it stores or drops. */
  const writing = <T>(
    req: FastifyRequest,
    work: (tx: Tx, ctx: RequestsContext, files: FileChanges) => Promise<T>,
  ) => {
    const ctx = requestsContextOf(req);
    return transactionWithFiles(platform.db, platform.storage, (tx, files) => work(tx, ctx, files));
  };
  const inTx = <T>(work: (tx: Tx) => Promise<T>) => platform.db.transaction(work);

  // ------------------------------------------------------------ requests

  api.get(
    base,
    {
      config: view,
      schema: {
        params: buildingParams,
        querystring: requestListQuerySchema,
        response: { 200: requestListSchema },
      },
    },
    async (req) => listRequests(platform.db, requestsContextOf(req), req.query),
  );

  api.post(
    base,
    {
      config: view,
      schema: { params: buildingParams, body: newRequestSchema, response: { 201: requestDetailSchema } },
    },
    async (req, reply) =>
      reply.code(201).send(await writing(req, (tx, ctx) => createRequest(tx, ctx, req.body, now()))),
  );

  api.get(
    `${base}/counts`,
    { config: view, schema: { params: buildingParams, response: { 200: requestCountsSchema } } },
    async (req) => requestCounts(platform.db, requestsContextOf(req)),
  );

  api.get(
    `${base}/form-options`,
    { config: view, schema: { params: buildingParams, response: { 200: requestFormOptionsSchema } } },
    async (req) => {
      const ctx = requestsContextOf(req);
      return {
        tags: await listTags(platform.db, buildingScope(ctx)),
        tagsMandatory: ctx.tagsMandatory,
        handlers: ctx.readsAll ? await requestHandlersOf(platform.db, ctx.buildingId) : [],
        units: await unitsOffered(platform.db, ctx),
      };
    },
  );

  // ------------------------------------------------------------ tags

  api.get(
    `${base}/tags`,
    { config: view, schema: { params: buildingParams, response: { 200: requestTagListSchema } } },
    async (req) => ({ items: await listTags(platform.db, buildingScope(requestsContextOf(req))) }),
  );

  api.post(
    `${base}/tags`,
    {
      config: tagsWrite,
      schema: { params: buildingParams, body: requestTagInputSchema, response: { 201: requestTagSchema } },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(
          await inTx((tx) => createTag(tx, buildingScope(requestsContextOf(req)), writerOf(req), req.body)),
        ),
  );

  api.put(
    `${base}/tags/:tagUuid`,
    {
      config: tagsWrite,
      schema: { params: tagParams, body: requestTagInputSchema, response: { 200: requestTagSchema } },
    },
    async (req) =>
      inTx((tx) =>
        editTag(tx, buildingScope(requestsContextOf(req)), writerOf(req), req.params.tagUuid, req.body),
      ),
  );

  api.delete(
    `${base}/tags/:tagUuid`,
    { config: tagsWrite, schema: { params: tagParams, response: { 204: noContentSchema } } },
    async (req, reply) => {
      await inTx((tx) =>
        deleteTag(tx, buildingScope(requestsContextOf(req)), writerOf(req), req.params.tagUuid),
      );
      return reply.code(204).send(null);
    },
  );

  // ------------------------------------------------------------ email templates

  api.get(
    `${base}/email-templates`,
    {
      config: templates,
      schema: { params: buildingParams, response: { 200: requestEmailTemplateListSchema } },
    },
    async (req) => ({ items: await listTemplates(platform.db, buildingScope(requestsContextOf(req))) }),
  );

  api.post(
    `${base}/email-templates`,
    {
      config: templates,
      schema: {
        params: buildingParams,
        body: requestEmailTemplateInputSchema,
        response: { 201: requestEmailTemplateSchema },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(
          await inTx((tx) =>
            createTemplate(tx, buildingScope(requestsContextOf(req)), writerOf(req), req.body),
          ),
        ),
  );

  api.put(
    `${base}/email-templates/:templateUuid`,
    {
      config: templates,
      schema: {
        params: templateParams,
        body: requestEmailTemplateInputSchema,
        response: { 200: requestEmailTemplateSchema },
      },
    },
    async (req) =>
      inTx((tx) =>
        editTemplate(
          tx,
          buildingScope(requestsContextOf(req)),
          writerOf(req),
          req.params.templateUuid,
          req.body,
        ),
      ),
  );

  api.delete(
    `${base}/email-templates/:templateUuid`,
    { config: templates, schema: { params: templateParams, response: { 204: noContentSchema } } },
    async (req, reply) => {
      await inTx((tx) =>
        deleteTemplate(tx, buildingScope(requestsContextOf(req)), writerOf(req), req.params.templateUuid),
      );
      return reply.code(204).send(null);
    },
  );

  api.post(
    `${base}/email-templates/:templateUuid/render`,
    {
      config: templates,
      schema: {
        params: templateParams,
        body: requestTemplateRenderSchema,
        response: { 200: renderedRequestTemplateSchema },
      },
    },
    async (req) => {
      const ctx = requestsContextOf(req);
      const row = await readableRequest(platform.db, ctx, req.body.requestUuid);
      const [summary] = await summariesOf(platform.db, ctx.buildingId, ctx.today, [row]);
      const values = {
        requestNumber: String(row.number),
        requestTitle: row.title,
        recipientName: row.requesterName,
        ownerName: row.requesterName,
        unitNumber: summary?.unitNumber ?? undefined,
        handlerName: summary?.assigneeName ?? ctx.user.name,
        buildingName: ctx.buildingName,
      };
      return renderTemplate(platform.db, buildingScope(ctx), req.params.templateUuid, values);
    },
  );

  // ------------------------------------------------------------ one request

  api.get(
    one,
    { config: view, schema: { params: requestParams, response: { 200: requestDetailSchema } } },
    async (req) => {
      const ctx = requestsContextOf(req);
      return detailOf(platform.db, ctx, await readableRequest(platform.db, ctx, req.params.uuid));
    },
  );

  api.patch(
    one,
    {
      config: handle,
      schema: { params: requestParams, body: requestEditSchema, response: { 200: requestDetailSchema } },
    },
    async (req) => writing(req, (tx, ctx) => editRequest(tx, ctx, req.params.uuid, req.body, now())),
  );

  api.delete(
    one,
    { config: handle, schema: { params: requestParams, response: { 204: noContentSchema } } },
    async (req, reply) => {
      await writing(req, (tx, ctx, files) => deleteRequest(tx, ctx, files, req.params.uuid));
      return reply.code(204).send(null);
    },
  );

  api.post(
    `${one}/notes`,
    {
      config: handle,
      schema: { params: requestParams, body: requestNoteInputSchema, response: { 201: requestDetailSchema } },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(await writing(req, (tx, ctx) => addNote(tx, ctx, req.params.uuid, req.body.text, now()))),
  );

  api.post(
    `${one}/merge`,
    {
      config: handle,
      schema: { params: requestParams, body: requestMergeSchema, response: { 200: requestDetailSchema } },
    },
    async (req) =>
      writing(req, (tx, ctx) => mergeRequest(tx, ctx, req.params.uuid, req.body.intoUuid, now())),
  );

  withRequestUploads(app, (scoped) => {
    typed(scoped).post(
      `${one}/attachments`,
      { config: view, schema: { params: requestParams, response: { 201: requestDetailSchema } } },
      async (req, reply) => {
        const uploads = await uploadedRequestFiles(req);
        return reply
          .code(201)
          .send(
            await writing(req, (tx, ctx, files) =>
              addAttachments(tx, ctx, files, req.params.uuid, uploads, now()),
            ),
          );
      },
    );
  });

  api.get(
    `${one}/attachments/:fileId`,
    { config: view, schema: { params: fileParams, response: { 200: fileResponseSchema } } },
    async (req, reply) => {
      const { file, bytes } = await attachmentOf(
        platform.db,
        platform.storage,
        requestsContextOf(req),
        req.params.uuid,
        req.params.fileId,
      );
      return sendDownload(reply, file.fileName, file.mimeType, bytes);
    },
  );

  api.delete(
    `${one}/attachments/:fileId`,
    { config: view, schema: { params: fileParams, response: { 200: requestDetailSchema } } },
    async (req) =>
      writing(req, (tx, ctx, files) =>
        removeAttachment(tx, ctx, files, req.params.uuid, req.params.fileId, now()),
      ),
  );

  // ------------------------------------------------------------ building groups

  api.get(
    groupBase,
    {
      config: { permission: inGroup('requests.handle') },
      schema: {
        params: groupParams,
        querystring: groupRequestListQuerySchema,
        response: { 200: groupRequestListSchema },
      },
    },
    async (req) => listGroupRequests(platform.db, req.params.buildingGroupId, now(), req.query),
  );

  const groupTags = { permission: inGroup('requests.tags') };
  const groupTemplates = { permission: inGroup('requests.emails.templates') };

  api.get(
    `${groupBase}/handlers`,
    { config: groupTags, schema: { params: groupParams, response: { 200: requestHandlerListSchema } } },
    async (req) => ({ items: await groupRequestHandlersOf(platform.db, req.params.buildingGroupId) }),
  );

  api.get(
    `${groupBase}/tags`,
    { config: groupTags, schema: { params: groupParams, response: { 200: requestTagListSchema } } },
    async (req) => ({ items: await listTags(platform.db, groupScope(req)) }),
  );

  api.post(
    `${groupBase}/tags`,
    {
      config: groupTags,
      schema: { params: groupParams, body: requestTagInputSchema, response: { 201: requestTagSchema } },
    },
    async (req, reply) =>
      reply.code(201).send(await inTx((tx) => createTag(tx, groupScope(req), writerOf(req), req.body))),
  );

  api.put(
    `${groupBase}/tags/:tagUuid`,
    {
      config: groupTags,
      schema: { params: groupTagParams, body: requestTagInputSchema, response: { 200: requestTagSchema } },
    },
    async (req) => inTx((tx) => editTag(tx, groupScope(req), writerOf(req), req.params.tagUuid, req.body)),
  );

  api.delete(
    `${groupBase}/tags/:tagUuid`,
    { config: groupTags, schema: { params: groupTagParams, response: { 204: noContentSchema } } },
    async (req, reply) => {
      await inTx((tx) => deleteTag(tx, groupScope(req), writerOf(req), req.params.tagUuid));
      return reply.code(204).send(null);
    },
  );

  api.get(
    `${groupBase}/email-templates`,
    {
      config: groupTemplates,
      schema: { params: groupParams, response: { 200: requestEmailTemplateListSchema } },
    },
    async (req) => ({ items: await listTemplates(platform.db, groupScope(req)) }),
  );

  api.post(
    `${groupBase}/email-templates`,
    {
      config: groupTemplates,
      schema: {
        params: groupParams,
        body: requestEmailTemplateInputSchema,
        response: { 201: requestEmailTemplateSchema },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await inTx((tx) => createTemplate(tx, groupScope(req), writerOf(req), req.body))),
  );

  api.put(
    `${groupBase}/email-templates/:templateUuid`,
    {
      config: groupTemplates,
      schema: {
        params: groupTemplateParams,
        body: requestEmailTemplateInputSchema,
        response: { 200: requestEmailTemplateSchema },
      },
    },
    async (req) =>
      inTx((tx) => editTemplate(tx, groupScope(req), writerOf(req), req.params.templateUuid, req.body)),
  );

  api.delete(
    `${groupBase}/email-templates/:templateUuid`,
    { config: groupTemplates, schema: { params: groupTemplateParams, response: { 204: noContentSchema } } },
    async (req, reply) => {
      await inTx((tx) => deleteTemplate(tx, groupScope(req), writerOf(req), req.params.templateUuid));
      return reply.code(204).send(null);
    },
  );
}
