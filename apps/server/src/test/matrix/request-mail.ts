import { randomUUID } from 'node:crypto';
import type { RequestDetail, RequestEmail, RequestEmailPage } from '@copro/domain';
import type { LightMyRequestResponse } from 'fastify';
import { deliverRaw, postReply } from '../../modules/requests/mail/test-fixtures';
import { as, type TestUser } from '../harness';
import type { Actor, Case, MatrixContext } from './actors';

const emailsRoute = (method: string, path = ''): string =>
  `${method} /api/buildings/:buildingRef/request-emails${path}`;
const conversationRoute = (method: string): string =>
  `${method} /api/buildings/:buildingRef/requests/:requestUuid/emails`;

/** Everyone who makes or handles requests learns where to write (`requests.view`); a ban withdraws no read. */
const addressReaders: Actor[] = [
  'admin',
  'approverWrite',
  'approver',
  'handler',
  'owner',
  'resident',
  'groupAdmin',
  'bannedAdmin',
];
/** Folders, conversations and replies are the handlers' (`requests.handle`). */
const handlers: Actor[] = ['admin', 'approverWrite', 'approver', 'handler', 'groupAdmin'];

/**
 * Requests by email (issue 17): every request-email route as every actor. Each call works on an
 * email of its own, received from a stranger as the SMTP listener hands it over (with one file),
 * so no call depends on another; conversations and replies on a fresh request made by the admin.
 */
export const requestMailCases = (m: MatrixContext): Case[] => {
  const { h, b } = m;
  const url = `/api/buildings/${b.ref}/request-emails`;
  const admin = (): TestUser => {
    const u = m.users.get('admin');
    if (!u) throw new Error('no matrix admin');
    return u;
  };
  const expectStatus = (res: LightMyRequestResponse, status: number, what: string) => {
    if (res.statusCode !== status) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
    return res;
  };

  /** A fresh email in `unknown`, with one text file. */
  async function freshEmail(): Promise<RequestEmail> {
    const subject = `Matrix email ${randomUUID().slice(0, 8)}`;
    const to = `${b.ref}@${h.platform.config.mailInDomain}`;
    const raw = [
      'From: stranger@example.test',
      `To: ${to}`,
      `Subject: ${subject}`,
      'Content-Type: multipart/mixed; boundary="m1"',
      '',
      '--m1',
      'Content-Type: text/plain',
      '',
      'Hello',
      '--m1',
      'Content-Type: text/plain; name="notes.txt"',
      'Content-Disposition: attachment; filename="notes.txt"',
      '',
      'notes',
      '--m1--',
      '',
    ].join('\r\n');
    await deliverRaw(h, raw, to);
    const page = expectStatus(
      await as(h, admin()).get(`${url}?folder=unknown&pageSize=200`),
      200,
      'folder',
    ).json() as RequestEmailPage;
    const summary = page.items.find((e) => e.subject === subject);
    if (!summary) throw new Error('the matrix email was not filed');
    return expectStatus(
      await as(h, admin()).get(`${url}/${summary.uuid}`),
      200,
      'email',
    ).json() as RequestEmail;
  }
  const freshRequest = async (): Promise<string> =>
    (
      expectStatus(
        await as(h, admin()).post(`/api/buildings/${b.ref}/requests`, { title: 'Matrix mail request' }),
        201,
        'request',
      ).json() as RequestDetail
    ).uuid;

  return [
    {
      route: emailsRoute('GET', '/address'),
      allowed: addressReaders,
      call: (u) => as(h, u).get(`${url}/address`),
    },
    { route: emailsRoute('GET'), allowed: handlers, call: (u) => as(h, u).get(`${url}?folder=unassigned`) },
    {
      route: emailsRoute('GET', '/:emailUuid'),
      allowed: handlers,
      call: async (u) => as(h, u).get(`${url}/${(await freshEmail()).uuid}`),
    },
    {
      route: emailsRoute('PUT', '/:emailUuid/read'),
      allowed: handlers,
      call: async (u) => as(h, u).put(`${url}/${(await freshEmail()).uuid}/read`, { read: true }),
    },
    {
      route: emailsRoute('PUT', '/:emailUuid/folder'),
      allowed: handlers,
      call: async (u) => as(h, u).put(`${url}/${(await freshEmail()).uuid}/folder`, { folder: 'archived' }),
    },
    {
      route: emailsRoute('DELETE', '/:emailUuid'),
      allowed: handlers,
      call: async (u) => as(h, u).delete(`${url}/${(await freshEmail()).uuid}`),
    },
    {
      route: emailsRoute('GET', '/:emailUuid/files/:fileId'),
      allowed: handlers,
      call: async (u) => {
        const email = await freshEmail();
        return as(h, u).get(`${url}/${email.uuid}/files/${email.attachments[0]!.fileId}`);
      },
    },
    {
      route: conversationRoute('GET'),
      allowed: handlers,
      call: async (u) => as(h, u).get(`/api/buildings/${b.ref}/requests/${await freshRequest()}/emails`),
    },
    {
      route: conversationRoute('POST'),
      allowed: handlers,
      call: async (u) => {
        const request = await freshRequest();
        const reply = { to: ['owner@example.test'], subject: 'Re: Matrix', body: '<p>Hello</p>' };
        return u
          ? postReply(h, u, b.ref, request, reply)
          : h.app.inject({ method: 'POST', url: `/api/buildings/${b.ref}/requests/${request}/emails` });
      },
    },
  ];
};
