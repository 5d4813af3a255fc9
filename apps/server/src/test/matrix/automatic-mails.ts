import { as, type TestUser } from '../harness';
import { managers, type Case, type MatrixContext } from './actors';

const route = (method: string, path = ''): string =>
  `${method} /api/buildings/:buildingRef/automatic-mails${path}`;

/**
 * Automatic communications and their mail templates (issue 17): the managers'
 * (`email-templates.create`), reads included, since the page shows the texts and settings they
 * write. A reset works on a text the admin has just written, so each call has one to reset.
 */
export const automaticMailCases = (m: MatrixContext): Case[] => {
  const { h, b } = m;
  const base = `/api/buildings/${b.ref}/automatic-mails`;
  const admin = (): TestUser => {
    const u = m.users.get('admin');
    if (!u) throw new Error('no matrix admin');
    return u;
  };
  const text = { subject: 'Matrix {{unitNumber}}', body: 'Matrix body' };
  return [
    { route: route('GET'), allowed: managers, call: (u) => as(h, u).get(base) },
    {
      route: route('PUT', '/settings'),
      allowed: managers,
      call: (u) =>
        as(h, u).put(`${base}/settings`, {
          enabled: [],
          insuranceDaysBefore: 30,
          warrantyDaysBefore: 60,
          waterHeaterLifeYears: 10,
        }),
    },
    { route: route('GET', '/history'), allowed: managers, call: (u) => as(h, u).get(`${base}/history`) },
    {
      route: route('GET', '/preview'),
      allowed: managers,
      call: (u) =>
        as(h, u).get(`${base}/preview?kind=insuranceExpiring&unitUuid=${m.ownerUnit()}&language=fr`),
    },
    {
      route: route('PUT', '/templates/:kind/:language'),
      allowed: managers,
      call: (u) => as(h, u).put(`${base}/templates/statement/en`, text),
    },
    {
      route: route('DELETE', '/templates/:kind/:language'),
      allowed: managers,
      call: async (u) => {
        const written = await as(h, admin()).put(`${base}/templates/waterHeaterLife/fr`, text);
        if (written.statusCode !== 200) throw new Error(`template: ${written.statusCode} ${written.body}`);
        return as(h, u).delete(`${base}/templates/waterHeaterLife/fr`);
      },
    },
  ];
};
