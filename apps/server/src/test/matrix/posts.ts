import type { LightMyRequestResponse } from 'fastify';
import type { Post, PostTemplate } from '@copro/domain';
import { bothLanguages, postForm, textFile } from '../../modules/communications/posts/test-fixtures';
import { findRecord } from '../../modules/registry';
import { as, type TestUser } from '../harness';
import { firstYear } from '../registry-fixtures';
import { managers, type Actor, type Case, type MatrixContext } from './actors';

const postRoute = (method: string, path = ''): string => `${method} /api/buildings/:buildingRef/posts${path}`;

// Posts are read by the board, owners and residents (SPEC 6); reading survives a ban.
const postReaders: Actor[] = [...managers, 'owner', 'resident', 'bannedAdmin'];
/**
 * One post is read by the board and by those it is addressed to: the matrix post goes to the
 * matrix owner's unit, whose one link is the `owner` actor's person; the `resident` actor (made a
 * proxy of other units by the self-service cases) is not addressed, so that post is not theirs
 * (404), as any post not addressed to them.
 */
const addressedReaders: Actor[] = [...managers, 'owner', 'bannedAdmin'];

/**
 * Posts and post templates (issue 17): written by the board (`posts.templates`: admin,
 * approverWrite, approver, and the group admin acting as admin; a ban withdraws it), group
 * templates by the group's admins. Each write works on a post or template of its own.
 */
export const postCases = (m: MatrixContext): Case[] => {
  const { h, b } = m;
  const posts = `/api/buildings/${b.ref}/posts`;
  const templates = `/api/buildings/${b.ref}/post-templates`;
  const groupTemplates = `/api/building-groups/${b.buildingGroupId}/post-templates`;
  const admin = (): TestUser => {
    const u = m.users.get('admin');
    if (!u) throw new Error('no matrix admin');
    return u;
  };
  const groupAdmin = (): TestUser => {
    const u = m.users.get('groupAdmin');
    if (!u) throw new Error('no matrix group admin');
    return u;
  };
  const expectStatus = (res: LightMyRequestResponse, status: number, what: string) => {
    if (res.statusCode !== status) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
    return res;
  };

  async function sendForm(u: TestUser | null) {
    const unit = await findRecord(
      h.platform.db,
      { buildingId: b.id, fiscalYear: firstYear },
      'units',
      m.ownerUnit(),
    );
    const form = await postForm(
      { texts: bothLanguages, recipients: [`unit-${unit?.number}`], sendEmail: true },
      [textFile('matrix.txt')],
    );
    return h.app.inject({
      method: 'POST',
      url: posts,
      payload: form.payload,
      headers: { ...form.headers, ...(u ? { cookie: u.cookie } : {}) },
    });
  }
  /** A post to the owner's unit with one file, by the admin. */
  const freshPost = async (): Promise<Post> =>
    expectStatus(await sendForm(admin()), 201, 'post').json() as Post;
  let shared: Promise<Post> | null = null;
  const readable = (): Promise<Post> => (shared ??= freshPost());

  const templateBody = {
    name: 'Matrix template',
    texts: bothLanguages,
    sendEmail: false,
    recipients: ['owners'],
  };
  const freshTemplate = async (): Promise<string> =>
    (expectStatus(await as(h, admin()).post(templates, templateBody), 201, 'template').json() as PostTemplate)
      .uuid;
  const freshGroupTemplate = async (): Promise<string> =>
    (
      expectStatus(
        await as(h, groupAdmin()).post(groupTemplates, templateBody),
        201,
        'group template',
      ).json() as PostTemplate
    ).uuid;

  return [
    { route: postRoute('GET'), allowed: postReaders, call: (u) => as(h, u).get(posts) },
    { route: postRoute('POST'), allowed: managers, call: (u) => sendForm(u) },
    {
      route: postRoute('GET', '/:uuid'),
      allowed: addressedReaders,
      call: async (u) => as(h, u).get(`${posts}/${(await readable()).uuid}`),
    },
    {
      route: postRoute('GET', '/:uuid/attachments/:fileId'),
      allowed: addressedReaders,
      call: async (u) => {
        const p = await readable();
        return as(h, u).get(`${posts}/${p.uuid}/attachments/${p.attachments[0]?.fileId}`);
      },
    },
    {
      route: postRoute('GET', '/:uuid/deliveries'),
      allowed: managers,
      call: async (u) => as(h, u).get(`${posts}/${(await readable()).uuid}/deliveries`),
    },
    {
      route: postRoute('POST', '/:uuid/resend'),
      allowed: managers,
      call: async (u) => as(h, u).post(`${posts}/${(await readable()).uuid}/resend`),
    },
    {
      route: postRoute('DELETE', '/:uuid'),
      allowed: managers,
      call: async (u) => as(h, u).delete(`${posts}/${(await freshPost()).uuid}`),
    },
    {
      route: 'GET /api/buildings/:buildingRef/post-templates',
      allowed: managers,
      call: (u) => as(h, u).get(templates),
    },
    {
      route: 'POST /api/buildings/:buildingRef/post-templates',
      allowed: managers,
      call: (u) => as(h, u).post(templates, templateBody),
    },
    {
      route: 'PUT /api/buildings/:buildingRef/post-templates/:uuid',
      allowed: managers,
      call: async (u) => as(h, u).put(`${templates}/${await freshTemplate()}`, templateBody),
    },
    {
      route: 'DELETE /api/buildings/:buildingRef/post-templates/:uuid',
      allowed: managers,
      call: async (u) => as(h, u).delete(`${templates}/${await freshTemplate()}`),
    },
    {
      route: 'GET /api/building-groups/:buildingGroupId/post-templates',
      allowed: ['groupAdmin'],
      call: (u) => as(h, u).get(groupTemplates),
    },
    {
      route: 'POST /api/building-groups/:buildingGroupId/post-templates',
      allowed: ['groupAdmin'],
      call: (u) => as(h, u).post(groupTemplates, templateBody),
    },
    {
      route: 'PUT /api/building-groups/:buildingGroupId/post-templates/:uuid',
      allowed: ['groupAdmin'],
      call: async (u) => as(h, u).put(`${groupTemplates}/${await freshGroupTemplate()}`, templateBody),
    },
    {
      route: 'DELETE /api/building-groups/:buildingGroupId/post-templates/:uuid',
      allowed: ['groupAdmin'],
      call: async (u) => as(h, u).delete(`${groupTemplates}/${await freshGroupTemplate()}`),
    },
  ];
};
