import { randomUUID } from 'node:crypto';
import type { RequestDetail, RequestEmail, RequestEmailPage } from '@copro/domain';
import type { LightMyRequestResponse } from 'fastify';
import { deliverRaw, postReply } from '../../modules/requests/mail/test-fixtures';
import { insertRequest } from '../../modules/requests/requests/test-fixtures';
import { as, type TestUser } from '../harness';
import type { Case, MatrixContext } from './actors';
import { requestHandlers, requestReaders } from './requests';

const emailsRoute = (method: string, path = ''): string =>
  `${method} /api/buildings/:buildingRef/request-emails${path}`;
const conversationRoute = (method: string): string =>
  `${method} /api/buildings/:buildingRef/requests/:requestUuid/emails`;

/**
 * Requests by email (issue 17): every request-email route as every actor. Folders, emails out of
 * their request and replies are the handlers' (`requests.handle`); the building's address, and a
 * request's conversation and its files, are read by whoever reads the request (`requests.view`:
 * owners and residents their own; a ban withdraws no read). Each call works on an
 * email of its own, received from a stranger as the SMTP listener hands it over (with one file),
 * so no call depends on another; replies on a fresh request made by the admin, conversations on a
 * fresh request of the caller's own for owners and residents (of someone outside Copro otherwise).
 */
export const requestMailCases = (m: MatrixContext): Case[] => {
  const { h, b } = m;
  const url = `/api/buildings/${b.ref}/request-emails`;
  const admin = (): TestUser => {
    const u = m.users.get('admin');
    if (!u) throw new Error('no matrix admin');
    return u;
  };
  const selfServing = (u: TestUser | null): TestUser | null => {
    const own = (['owner', 'resident'] as const).map((name) => m.users.get(name)?.id);
    return u && own.includes(u.id) ? u : null;
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
      allowed: requestReaders,
      call: (u) => as(h, u).get(`${url}/address`),
    },
    {
      route: emailsRoute('GET'),
      allowed: requestHandlers,
      call: (u) => as(h, u).get(`${url}?folder=unassigned`),
    },
    {
      route: emailsRoute('GET', '/:emailUuid'),
      allowed: requestHandlers,
      call: async (u) => as(h, u).get(`${url}/${(await freshEmail()).uuid}`),
    },
    {
      route: emailsRoute('PUT', '/:emailUuid/read'),
      allowed: requestHandlers,
      call: async (u) => as(h, u).put(`${url}/${(await freshEmail()).uuid}/read`, { read: true }),
    },
    {
      route: emailsRoute('PUT', '/:emailUuid/folder'),
      allowed: requestHandlers,
      call: async (u) => as(h, u).put(`${url}/${(await freshEmail()).uuid}/folder`, { folder: 'archived' }),
    },
    {
      route: emailsRoute('DELETE', '/:emailUuid'),
      allowed: requestHandlers,
      call: async (u) => as(h, u).delete(`${url}/${(await freshEmail()).uuid}`),
    },
    {
      route: emailsRoute('GET', '/:emailUuid/files/:fileId'),
      allowed: requestReaders,
      call: async (u) => {
        const email = await freshEmail();
        const { uuid: requestUuid } = await insertRequest(h, b.id, selfServing(u));
        expectStatus(await as(h, admin()).put(`${url}/${email.uuid}/folder`, { requestUuid }), 200, 'filed');
        return as(h, u).get(`${url}/${email.uuid}/files/${email.attachments[0]!.fileId}`);
      },
    },
    {
      route: conversationRoute('GET'),
      allowed: requestReaders,
      call: async (u) => {
        const { uuid } = await insertRequest(h, b.id, selfServing(u));
        return as(h, u).get(`/api/buildings/${b.ref}/requests/${uuid}/emails`);
      },
    },
    {
      route: conversationRoute('POST'),
      allowed: requestHandlers,
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
