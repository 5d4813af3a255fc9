import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  fileResponseSchema,
  noContentSchema,
  postDeliveriesSchema,
  postListQuerySchema,
  postPageSchema,
  postResendSchema,
  postSchema,
  postTemplateInputSchema,
  postTemplateListSchema,
  postTemplateSchema,
  type Post,
} from '@copro/domain';
import type { Tx } from '../../../db/client';
import { userSource } from '../../../platform/audit';
import { attachment } from '../../../platform/documents/attachment';
import { publish } from '../../../platform/events';
import { writeOnce } from '../../../platform/idempotency';
import type { Platform } from '../../../platform/platform';
import { buildingOf, inBuilding, inGroup, userOf } from '../../../platform/routes';
import { transactionWithFiles, type FileChanges } from '../../../platform/storage';
import { typed } from '../../../platform/typed';
import { postDeliveries } from './deliveries';
import { uploadedPost, withPostUploads } from './post-files';
import { postContextOf, postView, type PostContext } from './post-rows';
import { createPost, deletePost, listPosts, postAttachment, readablePost, resendPost } from './posts';
import {
  buildingTemplates,
  createTemplate,
  deleteTemplate,
  editTemplate,
  groupTemplates,
  type TemplateContext,
  type TemplateOwner,
} from './templates';

const base = '/api/buildings/:buildingRef/posts';
const buildingParams = z.object({ buildingRef: z.string().min(1).max(40) });
const postParams = buildingParams.extend({ uuid: z.uuid() });
const fileParams = postParams.extend({ fileId: z.uuid() });
const templateParams = buildingParams.extend({ uuid: z.uuid() });
const groupParams = z.object({ buildingGroupId: z.string().min(1).max(40) });
const groupTemplateParams = groupParams.extend({ uuid: z.uuid() });

// Owners and residents read the posts addressed to them, managers every post (`readsEveryPost`).
const read = { permission: inBuilding('posts.view') };
/**
 * Writing posts is the board's: SPEC 6 gives post templates to approverWrite, approver and admin,
 * and the posts built from them belong to the same people. `social.write` would also let handlers
 * post, which SPEC does not (they handle requests), so writes take the templates' permission.
 */
const write = { permission: inBuilding('posts.templates') };
const templates = { permission: inBuilding('posts.templates') };
const groupTemplatesPermission = { permission: inGroup('posts.templates') };

/** A download as it was uploaded; the bytes go as they are, past the response schema. */
const sendFile = (reply: FastifyReply, file: { fileName: string; mimeType: string; bytes: Buffer }) =>
  reply
    .type(file.mimeType)
    .header('content-disposition', attachment(file.fileName))
    .header('cache-control', 'private, no-store')
    .send(file.bytes);

type Work<T> = (tx: Tx, ctx: PostContext, files: FileChanges) => Promise<T>;

/** Posts and post templates (DOMAIN 11, SPEC 2 posts, posts/templates). */
export function postRoutes(app: FastifyInstance, platform: Platform): void {
  const api = typed(app);

  /** A write in one transaction with the files it stores or drops, once per idempotency key, announced. */
  const writing = <T>(req: FastifyRequest, uuid: (result: T) => string | null, work: Work<T>): Promise<T> => {
    const ctx = postContextOf(req);
    return transactionWithFiles(platform.db, platform.storage, (outer, files) =>
      writeOnce(outer, platform.clock, req, async (tx) => {
        const result = await work(tx, ctx, files);
        const id = uuid(result);
        await publish(tx, { buildingId: ctx.building.id, collection: 'posts', ids: id ? [id] : [] });
        return result;
      }),
    );
  };

  api.get(
    base,
    {
      config: read,
      schema: { params: buildingParams, querystring: postListQuerySchema, response: { 200: postPageSchema } },
    },
    async (req) => listPosts(platform.db, postContextOf(req), req.query),
  );

  withPostUploads(app, (scoped) => {
    typed(scoped).post(
      base,
      { config: write, schema: { params: buildingParams, response: { 201: postSchema } } },
      async (req, reply) => {
        const { input, files: uploads } = await uploadedPost(req);
        const created = await writing<Post>(
          req,
          (p) => p.uuid,
          (tx, ctx, files) => createPost(tx, files, platform.mailer, ctx, input, uploads),
        );
        return reply.code(201).send(created);
      },
    );
  });

  api.get(
    `${base}/:uuid`,
    { config: read, schema: { params: postParams, response: { 200: postSchema } } },
    async (req) => postView(await readablePost(platform.db, postContextOf(req), req.params.uuid)),
  );

  api.delete(
    `${base}/:uuid`,
    { config: write, schema: { params: postParams, response: { 204: noContentSchema } } },
    async (req, reply) => {
      await writing(
        req,
        () => req.params.uuid,
        (tx, ctx, files) => deletePost(tx, files, ctx, req.params.uuid),
      );
      return reply.code(204).send(null);
    },
  );

  api.get(
    `${base}/:uuid/attachments/:fileId`,
    { config: read, schema: { params: fileParams, response: { 200: fileResponseSchema } } },
    async (req, reply) => {
      const file = await postAttachment(
        platform.db,
        platform.storage,
        postContextOf(req),
        req.params.uuid,
        req.params.fileId,
      );
      return sendFile(reply, file);
    },
  );

  api.get(
    `${base}/:uuid/deliveries`,
    { config: write, schema: { params: postParams, response: { 200: postDeliveriesSchema } } },
    async (req) => {
      const ctx = postContextOf(req);
      const row = await readablePost(platform.db, ctx, req.params.uuid);
      return postDeliveries(platform.db, platform.mailer, ctx.building.id, row);
    },
  );

  api.post(
    `${base}/:uuid/resend`,
    { config: write, schema: { params: postParams, response: { 200: postResendSchema } } },
    async (req) => ({
      resent: await writing(
        req,
        () => req.params.uuid,
        (tx, ctx) => resendPost(tx, platform.mailer, ctx, req.params.uuid),
      ),
    }),
  );

  templateRoutes(app, platform);
}

/** A template write in one transaction, once per idempotency key (the service announces it). */
const templateWrite = <T>(
  platform: Platform,
  req: FastifyRequest,
  work: (tx: Tx) => Promise<T>,
): Promise<T> => writeOnce(platform.db, platform.clock, req, work);

function templateContext(req: FastifyRequest, owner: TemplateOwner): TemplateContext {
  return { owner, source: userSource(userOf(req)), language: req.ctx.language };
}

const buildingOwner = (req: FastifyRequest): TemplateOwner => ({
  kind: 'building',
  buildingId: buildingOf(req).building.id,
});
const groupOwner = (id: string): TemplateOwner => ({ kind: 'group', buildingGroupId: id });

/** Post templates of a building (with its group's, read-only there) and of a building group. */
function templateRoutes(app: FastifyInstance, platform: Platform): void {
  const api = typed(app);
  const buildingBase = '/api/buildings/:buildingRef/post-templates';
  const groupBase = '/api/building-groups/:buildingGroupId/post-templates';

  api.get(
    buildingBase,
    { config: templates, schema: { params: buildingParams, response: { 200: postTemplateListSchema } } },
    async (req) => buildingTemplates(platform.db, buildingOf(req).building),
  );
  api.post(
    buildingBase,
    {
      config: templates,
      schema: {
        params: buildingParams,
        body: postTemplateInputSchema,
        response: { 201: postTemplateSchema },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(
          await templateWrite(platform, req, (tx) =>
            createTemplate(tx, templateContext(req, buildingOwner(req)), req.body),
          ),
        ),
  );
  api.put(
    `${buildingBase}/:uuid`,
    {
      config: templates,
      schema: {
        params: templateParams,
        body: postTemplateInputSchema,
        response: { 200: postTemplateSchema },
      },
    },
    async (req) =>
      templateWrite(platform, req, (tx) =>
        editTemplate(tx, templateContext(req, buildingOwner(req)), req.params.uuid, req.body),
      ),
  );
  api.delete(
    `${buildingBase}/:uuid`,
    { config: templates, schema: { params: templateParams, response: { 204: noContentSchema } } },
    async (req, reply) => {
      await templateWrite(platform, req, (tx) =>
        deleteTemplate(tx, templateContext(req, buildingOwner(req)), req.params.uuid),
      );
      return reply.code(204).send(null);
    },
  );

  api.get(
    groupBase,
    {
      config: groupTemplatesPermission,
      schema: { params: groupParams, response: { 200: postTemplateListSchema } },
    },
    async (req) => groupTemplates(platform.db, req.params.buildingGroupId),
  );
  api.post(
    groupBase,
    {
      config: groupTemplatesPermission,
      schema: { params: groupParams, body: postTemplateInputSchema, response: { 201: postTemplateSchema } },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(
          await templateWrite(platform, req, (tx) =>
            createTemplate(tx, templateContext(req, groupOwner(req.params.buildingGroupId)), req.body),
          ),
        ),
  );
  api.put(
    `${groupBase}/:uuid`,
    {
      config: groupTemplatesPermission,
      schema: {
        params: groupTemplateParams,
        body: postTemplateInputSchema,
        response: { 200: postTemplateSchema },
      },
    },
    async (req) =>
      templateWrite(platform, req, (tx) =>
        editTemplate(
          tx,
          templateContext(req, groupOwner(req.params.buildingGroupId)),
          req.params.uuid,
          req.body,
        ),
      ),
  );
  api.delete(
    `${groupBase}/:uuid`,
    {
      config: groupTemplatesPermission,
      schema: { params: groupTemplateParams, response: { 204: noContentSchema } },
    },
    async (req, reply) => {
      await templateWrite(platform, req, (tx) =>
        deleteTemplate(tx, templateContext(req, groupOwner(req.params.buildingGroupId)), req.params.uuid),
      );
      return reply.code(204).send(null);
    },
  );
}
