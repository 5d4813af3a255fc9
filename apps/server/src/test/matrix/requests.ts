import {
  attachFiles,
  insertRequest,
  insertTag,
  insertTemplate,
  textFile,
} from '../../modules/requests/requests/test-fixtures';
import { as, type TestUser } from '../harness';
import type { Actor, Case, MatrixContext } from './actors';

const requestsRoute = (method: string, path = ''): string =>
  `${method} /api/buildings/:buildingRef/requests${path}`;
const groupRoute = (method: string, path = ''): string =>
  `${method} /api/building-groups/:buildingGroupId/requests${path}`;

/** SPEC 6: requests are viewed by handlers, owners and residents; a ban withdraws no read. */
export const requestReaders: Actor[] = [
  'admin',
  'approverWrite',
  'approver',
  'handler',
  'owner',
  'resident',
  'groupAdmin',
  'bannedAdmin',
];
/** Handling, tags and templates: approverWrite, admin, approver, handler (and the group's admin). */
export const requestHandlers: Actor[] = ['admin', 'approverWrite', 'approver', 'handler', 'groupAdmin'];
/** Making a request: the handlers for anyone, owners, residents and approvers their own. */
const requestMakers: Actor[] = [...requestHandlers, 'owner', 'resident'];

/**
 * Requests (issue 17): every request route as every actor. Owners and residents read only the
 * requests they made, so each call works on a request of the caller's own when the caller is one
 * of them, and on a fresh request of someone outside Copro otherwise: an allowed reader reads it, a
 * denied caller is refused before it is looked at.
 */
export const requestCases = (m: MatrixContext): Case[] => {
  const { h, b } = m;
  const url = `/api/buildings/${b.ref}/requests`;
  const group = `/api/building-groups/${b.buildingGroupId}/requests`;
  const actor = (name: Actor): TestUser => {
    const u = m.users.get(name);
    if (!u) throw new Error(`no matrix ${name}`);
    return u;
  };
  const selfServing = (u: TestUser | null): TestUser | null =>
    u && (u.id === actor('owner').id || u.id === actor('resident').id) ? u : null;

  /** A fresh request the caller may read: their own for owners and residents, else one from outside. */
  const requestFor = (u: TestUser | null) => insertRequest(h, b.id, selfServing(u));
  /** A request of the caller's with one file. */
  async function requestWithFile(u: TestUser | null): Promise<{ uuid: string; fileId: string }> {
    const r = await insertRequest(h, b.id, selfServing(u), [textFile()]);
    return { uuid: r.uuid, fileId: r.fileIds[0]! };
  }
  const buildingScope = { kind: 'building' as const, buildingId: b.id, buildingGroupId: b.buildingGroupId };
  const groupScope = { kind: 'group' as const, buildingGroupId: b.buildingGroupId };
  type Scope = typeof buildingScope | typeof groupScope;
  const freshTag = (scope: Scope = buildingScope) => insertTag(h, scope, 'Matrix tag');
  const templateBody = { name: 'Matrix template', subject: 'Re: {{requestTitle}}', body: '<p>Hello</p>' };
  const freshTemplate = (scope: Scope = buildingScope) => insertTemplate(h, scope, templateBody);

  return [
    { route: requestsRoute('GET'), allowed: requestReaders, call: (u) => as(h, u).get(url) },
    {
      route: requestsRoute('POST'),
      allowed: requestMakers,
      call: (u) => as(h, u).post(url, { title: 'Matrix new' }),
    },
    {
      route: requestsRoute('GET', '/counts'),
      allowed: requestReaders,
      call: (u) => as(h, u).get(`${url}/counts`),
    },
    {
      route: requestsRoute('GET', '/form-options'),
      allowed: requestReaders,
      call: (u) => as(h, u).get(`${url}/form-options`),
    },
    {
      route: requestsRoute('GET', '/:uuid'),
      allowed: requestReaders,
      call: async (u) => as(h, u).get(`${url}/${(await requestFor(u)).uuid}`),
    },
    {
      route: requestsRoute('PATCH', '/:uuid'),
      allowed: requestHandlers,
      call: async (u) => as(h, u).patch(`${url}/${(await requestFor(u)).uuid}`, { status: 'underway' }),
    },
    {
      route: requestsRoute('DELETE', '/:uuid'),
      allowed: requestHandlers,
      call: async (u) => as(h, u).delete(`${url}/${(await requestFor(u)).uuid}`),
    },
    {
      route: requestsRoute('POST', '/:uuid/notes'),
      allowed: requestHandlers,
      call: async (u) => as(h, u).post(`${url}/${(await requestFor(u)).uuid}/notes`, { text: 'Matrix note' }),
    },
    {
      route: requestsRoute('POST', '/:uuid/merge'),
      allowed: requestHandlers,
      call: async (u) => {
        const from = await requestFor(u);
        const into = await requestFor(u);
        return as(h, u).post(`${url}/${from.uuid}/merge`, { intoUuid: into.uuid });
      },
    },
    {
      route: requestsRoute('POST', '/:uuid/attachments'),
      allowed: requestMakers,
      call: async (u) => attachFiles(h, u, `${url}/${(await requestFor(u)).uuid}/attachments`, [textFile()]),
    },
    {
      route: requestsRoute('GET', '/:uuid/attachments/:fileId'),
      allowed: requestReaders,
      call: async (u) => {
        const r = await requestWithFile(u);
        return as(h, u).get(`${url}/${r.uuid}/attachments/${r.fileId}`);
      },
    },
    {
      route: requestsRoute('DELETE', '/:uuid/attachments/:fileId'),
      allowed: requestMakers,
      call: async (u) => {
        const r = await requestWithFile(u);
        return as(h, u).delete(`${url}/${r.uuid}/attachments/${r.fileId}`);
      },
    },
    {
      route: requestsRoute('GET', '/tags'),
      allowed: requestReaders,
      call: (u) => as(h, u).get(`${url}/tags`),
    },
    {
      route: requestsRoute('POST', '/tags'),
      allowed: requestHandlers,
      call: (u) => as(h, u).post(`${url}/tags`, { name: 'Matrix', color: '#abcdef' }),
    },
    {
      route: requestsRoute('PUT', '/tags/:tagUuid'),
      allowed: requestHandlers,
      call: async (u) =>
        as(h, u).put(`${url}/tags/${await freshTag()}`, { name: 'Matrix 2', color: '#abcdef' }),
    },
    {
      route: requestsRoute('DELETE', '/tags/:tagUuid'),
      allowed: requestHandlers,
      call: async (u) => as(h, u).delete(`${url}/tags/${await freshTag()}`),
    },
    {
      route: requestsRoute('GET', '/email-templates'),
      allowed: requestHandlers,
      call: (u) => as(h, u).get(`${url}/email-templates`),
    },
    {
      route: requestsRoute('POST', '/email-templates'),
      allowed: requestHandlers,
      call: (u) => as(h, u).post(`${url}/email-templates`, templateBody),
    },
    {
      route: requestsRoute('PUT', '/email-templates/:templateUuid'),
      allowed: requestHandlers,
      call: async (u) => as(h, u).put(`${url}/email-templates/${await freshTemplate()}`, templateBody),
    },
    {
      route: requestsRoute('DELETE', '/email-templates/:templateUuid'),
      allowed: requestHandlers,
      call: async (u) => as(h, u).delete(`${url}/email-templates/${await freshTemplate()}`),
    },
    {
      route: requestsRoute('POST', '/email-templates/:templateUuid/render'),
      allowed: requestHandlers,
      call: async (u) =>
        as(h, u).post(`${url}/email-templates/${await freshTemplate()}/render`, {
          requestUuid: (await requestFor(null)).uuid,
        }),
    },
    // A group's routes answer its users only: the group's admin handles requests, its accountant not.
    { route: groupRoute('GET'), allowed: ['groupAdmin'], call: (u) => as(h, u).get(group) },
    {
      route: groupRoute('GET', '/handlers'),
      allowed: ['groupAdmin'],
      call: (u) => as(h, u).get(`${group}/handlers`),
    },
    {
      route: groupRoute('GET', '/tags'),
      allowed: ['groupAdmin'],
      call: (u) => as(h, u).get(`${group}/tags`),
    },
    {
      route: groupRoute('POST', '/tags'),
      allowed: ['groupAdmin'],
      call: (u) => as(h, u).post(`${group}/tags`, { name: 'Group matrix', color: '#654321' }),
    },
    {
      route: groupRoute('PUT', '/tags/:tagUuid'),
      allowed: ['groupAdmin'],
      call: async (u) =>
        as(h, u).put(`${group}/tags/${await freshTag(groupScope)}`, {
          name: 'Group matrix 2',
          color: '#654321',
        }),
    },
    {
      route: groupRoute('DELETE', '/tags/:tagUuid'),
      allowed: ['groupAdmin'],
      call: async (u) => as(h, u).delete(`${group}/tags/${await freshTag(groupScope)}`),
    },
    {
      route: groupRoute('GET', '/email-templates'),
      allowed: ['groupAdmin'],
      call: (u) => as(h, u).get(`${group}/email-templates`),
    },
    {
      route: groupRoute('POST', '/email-templates'),
      allowed: ['groupAdmin'],
      call: (u) => as(h, u).post(`${group}/email-templates`, templateBody),
    },
    {
      route: groupRoute('PUT', '/email-templates/:templateUuid'),
      allowed: ['groupAdmin'],
      call: async (u) =>
        as(h, u).put(`${group}/email-templates/${await freshTemplate(groupScope)}`, templateBody),
    },
    {
      route: groupRoute('DELETE', '/email-templates/:templateUuid'),
      allowed: ['groupAdmin'],
      call: async (u) => as(h, u).delete(`${group}/email-templates/${await freshTemplate(groupScope)}`),
    },
  ];
};
