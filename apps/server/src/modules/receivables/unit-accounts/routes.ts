import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  fileResponseSchema,
  isoDateSchema,
  languageOf,
  recordUuidSchema,
  statementEmailedSchema,
  statementPeriodSchema,
  statementViewSchema,
  unitAccountViewSchema,
  unitSaleAnswerSchema,
  unitSaleSchema,
  type StatementPeriod,
  type UnitAccountView,
  formatMoney,
} from '@copro/domain';
import { userSource } from '../../../platform/audit';
import { AppError } from '../../../platform/errors';
import { yearOf, yearParams, type YearScope } from '../../../platform/fiscal-year-scope';
import type { Platform } from '../../../platform/platform';
import { buildingOf, inBuilding, userOf } from '../../../platform/routes';
import { typed } from '../../../platform/typed';
import { findRecords } from '../../registry';
import { renderPdf } from '../../../platform/documents/render-pdf';
import { reportContext } from '../../reports';
import { readableUnit, unitAccountsOf, type ReadableUnit } from './accounts';
import { closeAccount } from './close';
import { yearEndOf } from './report-common';
import { sellUnit } from './sale';
import { ownersToMail, statementMail } from './statement-mail';
import { automaticMailText } from '../../communications';
import { statementSection, unitStatement } from './statement';
import { attachment } from '../../../platform/documents/attachment';

const base = '/api/buildings/:buildingRef/fiscal-years/:fiscalYear';
const unitParams = yearParams.extend({ uuid: recordUuidSchema });
const accountParams = unitParams.extend({ aid: z.coerce.number().int().positive() });
const statementQuery = z.object({
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  aid: z.coerce.number().int().positive().optional(),
  format: z.enum(['json', 'pdf']).default('json'),
});

/** A file is sent as it is: the route's schema documents it, it is not serialized. */
const sendPdf = (reply: FastifyReply, fileName: string, pdf: Buffer) =>
  reply
    .type('application/pdf')
    .header('content-disposition', attachment(fileName))
    // What a unit owes and paid: kept out of shared caches and the browser's disk cache.
    .header('cache-control', 'no-store')
    .send(pdf);

/** The statement's period: asked for, else the whole fiscal year. */
async function periodOf(
  platform: Platform,
  scope: YearScope,
  query: { from?: string | undefined; to?: string | undefined },
): Promise<StatementPeriod> {
  const period = {
    from: query.from ?? scope.fiscalYear,
    to: query.to ?? (await yearEndOf(platform.db, scope)),
  };
  if (period.to < period.from)
    throw new AppError('validation', [{ path: ['to'], key: 'validation.dateTooEarly' }]);
  return period;
}

/** The account a statement is about: the current one unless `aid` names another the caller may read. */
function accountOf(readable: ReadableUnit, aid: number | undefined): UnitAccountView {
  const account = aid === undefined ? readable.accounts.at(-1) : readable.accounts.find((a) => a.aid === aid);
  if (account) return account;
  // An owner asking for a former owner's account learns nothing of it.
  if (readable.asOwner) throw new AppError('notFound');
  throw new AppError('validation', [{ path: ['aid'], key: 'statements.errors.notAnAccount' }]);
}

/** A unit's accounts (DOMAIN 6): sale, closing the former owner's account, statements. */
export function unitAccountRoutes(app: FastifyInstance, platform: Platform): void {
  const api = typed(app);

  const accountsOf = async (scope: YearScope, uuid: string) => {
    const [unit] = await findRecords(platform.db, scope, 'units', [uuid]);
    if (!unit) throw new AppError('notFound');
    return (await unitAccountsOf(platform.db, scope, [unit])).get(uuid) ?? [];
  };

  api.post(
    `${base}/units/:uuid/sale`,
    {
      config: { permission: inBuilding('finance.write') },
      schema: { params: unitParams, body: unitSaleSchema, response: { 201: unitSaleAnswerSchema } },
    },
    async (req, reply) => {
      const scope = await yearOf(platform.db, req);
      const language = languageOf(buildingOf(req).building.locale);
      await platform.db.transaction((tx) =>
        sellUnit(tx, scope, userSource(userOf(req)), req.params.uuid, req.body, language),
      );
      return reply.code(201).send({ accounts: await accountsOf(scope, req.params.uuid) });
    },
  );

  api.get(
    `${base}/units/:uuid/accounts`,
    {
      config: { permission: inBuilding('transactions.read.unit') },
      schema: { params: unitParams, response: { 200: unitAccountViewSchema.array() } },
    },
    async (req) => {
      const scope = await yearOf(platform.db, req);
      return (await readableUnit(platform.db, req, scope, req.params.uuid)).accounts;
    },
  );

  api.post(
    `${base}/units/:uuid/accounts/:aid/close`,
    {
      config: { permission: inBuilding('finance.write') },
      schema: { params: accountParams, response: { 200: unitAccountViewSchema.array() } },
    },
    async (req) => {
      const scope = await yearOf(platform.db, req);
      const currency = buildingOf(req).building.currency;
      await platform.db.transaction((tx) =>
        closeAccount(tx, scope, userSource(userOf(req)), req.params.uuid, req.params.aid, (cents) =>
          formatMoney(cents, currency, req.ctx.language),
        ),
      );
      return accountsOf(scope, req.params.uuid);
    },
  );

  api.get(
    `${base}/units/:uuid/statement`,
    {
      config: { permission: inBuilding('transactions.read.unit') },
      // JSON by default; the PDF when asked with format=pdf.
      schema: {
        params: unitParams,
        querystring: statementQuery,
        response: { 200: z.union([statementViewSchema, fileResponseSchema]) },
      },
    },
    async (req, reply) => {
      const scope = await yearOf(platform.db, req);
      const readable = await readableUnit(platform.db, req, scope, req.params.uuid);
      const account = accountOf(readable, req.query.aid);
      const period = await periodOf(platform, scope, req.query);
      // Payments are described in the reader's language, on the page as in the PDF.
      const statement = await unitStatement(
        platform.db,
        scope,
        readable.unit,
        account,
        period,
        req.ctx.language,
      );
      if (req.query.format === 'json') return statement;
      const ctx = await reportContext(platform.db, req);
      const section = statementSection(statement, {
        language: ctx.language,
        currency: ctx.building.currency,
      });
      const pdf = await renderPdf({
        ...section,
        title: ctx.t('statements.unitTitle', { unit: statement.unitNumber }),
        subtitle: ctx.subtitle,
        emptyText: ctx.emptyText,
        pageLabel: ctx.pageLabel,
      });
      const fileName = `${ctx.t('statements.file', { unit: statement.unitNumber })}-${period.from}-${period.to}.pdf`;
      return sendPdf(reply, fileName, pdf);
    },
  );

  api.post(
    `${base}/units/:uuid/statement/email`,
    {
      config: { permission: inBuilding('statements.send') },
      schema: { params: unitParams, body: statementPeriodSchema, response: { 200: statementEmailedSchema } },
    },
    async (req) => {
      const scope = await yearOf(platform.db, req);
      const { building } = buildingOf(req);
      const readable = await readableUnit(platform.db, req, scope, req.params.uuid);
      const account = accountOf(readable, undefined);
      const statement = await unitStatement(platform.db, scope, readable.unit, account, req.body);
      const url = `${platform.config.publicUrl}/building/${building.ref}/${scope.fiscalYear}/units/transactions/${readable.unit.uuid}`;
      // An owner gets a copy at their own address, in their language; a manager sends it to the owners.
      const recipients = readable.asOwner
        ? [{ to: userOf(req).email, language: req.ctx.language }]
        : await ownersToMail(platform.db, scope, building, readable.unit, account);
      await platform.db.transaction(async (tx) => {
        for (const recipient of recipients) {
          const opening = await automaticMailText(tx, {
            buildingId: building.id,
            kind: 'statement',
            language: recipient.language,
            values: {
              unitNumber: statement.unitNumber,
              buildingName: building.name,
              periodStart: statement.from,
              periodEnd: statement.to,
            },
          });
          await platform.mailer.queue(
            tx,
            statementMail(recipient.language, {
              to: recipient.to,
              statement,
              currency: building.currency,
              url,
              opening,
            }),
          );
        }
      });
      return { sentTo: recipients.map((r) => r.to) };
    },
  );
}
