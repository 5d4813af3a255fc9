import { cents, type StatementImport } from '@copro/domain';
import type { LightMyRequestResponse } from 'fastify';
import { postTransaction } from '../../modules/ledger';
import { fileForm } from '../../modules/payables/invoices/test-fixtures';
import { findRecord } from '../../modules/registry';
import { as, type TestUser } from '../harness';
import { bankBody, categoryBody, firstYear, pdfBytes, yearPath } from '../registry-fixtures';
import { financeReaders, financeWriters, yearRoute, type Case, type MatrixContext } from './actors';

const reconciliationRoute = (method: string, path = ''): string =>
  `${method} /api/buildings/:buildingRef/banks/:bankUuid/reconciliation${path}`;

/** A period of March 2026 that a new bank starts from nothing. */
const marchBody = { periodStart: '2026-03-01', periodEnd: '2026-04-01', startingBalance: 0 };

/**
 * A bank's March statement: a deposit (matched when the books hold it), a service charge and
 * interest the books do not hold (unmatched). Its columns are those of `csvMapping`.
 */
const statementCsv = [
  'Date,Description,Amount',
  '2026-03-02,Deposit,1250.00',
  '2026-03-31,Service charge,-4.95',
  '2026-03-31,Interest,0.12',
].join('\n');
const csvMapping = { hasHeader: true, date: 0, dateFormat: 'YYYY-MM-DD', description: 1, amount: 2 };

/**
 * Closing the books (issue 16): the banks' reconciliation periods, statement PDFs and imports and
 * the bank reports are read by finance readers (`banks.reconciliation.read`) and written by finance
 * writers; the financial statements (`categories.read`) and the board package (`reports`) are
 * finance readers' too, since the matrix building keeps its finances from owners. Each allowed
 * write works on a bank of its own, set up through the reconciliation routes as the building's
 * admin, so its chain of periods and its imports are nobody else's.
 */
export const closingCases = (m: MatrixContext): Case[] => {
  const { h, b } = m;
  const year = (path: string) => `${yearPath(b)}/${path}`;
  const reconciliation = (bank: string, path = '') =>
    `/api/buildings/${b.ref}/banks/${bank}/reconciliation${path}`;
  const admin = (): TestUser => {
    const u = m.users.get('admin');
    if (!u) throw new Error('no matrix admin');
    return u;
  };
  /** The answer of a write the setup needs; anything else stops the run with the server's answer. */
  const expectStatus = (res: LightMyRequestResponse, status: number, what: string) => {
    if (res.statusCode !== status) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
    return res;
  };

  /** A file posted as a browser sends it (field `file`). */
  async function uploadAs(
    u: TestUser | null,
    method: 'POST' | 'PUT',
    url: string,
    file: { name: string; type: string; bytes: Buffer },
    expected?: number,
  ) {
    const form = await fileForm(file.name, file.type, file.bytes);
    const res = await h.app.inject({
      method,
      url,
      payload: form.payload,
      headers: { ...form.headers, ...(u ? { cookie: u.cookie } : {}) },
    });
    return expected === undefined ? res : expectStatus(res, expected, `upload to ${url}`);
  }
  const statementPdf = { name: 'statement.pdf', type: 'application/pdf', bytes: pdfBytes };
  const statementFile = { name: 'march.csv', type: 'text/csv', bytes: Buffer.from(statementCsv) };

  /** A new bank's March period, created by the admin; its closing balance typed when given. */
  async function freshPeriod(closingBalance?: number): Promise<{ bank: string; period: string }> {
    const bank = await m.freshRecord('banks', bankBody('Matrix reconciled bank'));
    return { bank, period: await periodOf(bank, closingBalance) };
  }
  async function periodOf(bank: string, closingBalance?: number): Promise<string> {
    const body = closingBalance === undefined ? marchBody : { ...marchBody, closingBalance };
    const res = await as(h, admin()).post(reconciliation(bank, '/periods'), body);
    return (expectStatus(res, 201, 'period').json() as { uuid: string }).uuid;
  }
  const periodPath = (p: { period: string }, path = '') => `/periods/${p.period}${path}`;

  interface Shared {
    /** Money in of the fresh banks comes from it. */
    income: number;
    /** A bank whose March period has a statement PDF and an import, for the read routes. */
    bank: string;
    period: string;
    importUuid: string;
  }
  let shared: Promise<Shared> | null = null;

  const aidOf = async (collection: 'banks' | 'categories', uuid: string): Promise<number> => {
    const row = await findRecord(
      h.platform.db,
      { buildingId: b.id, fiscalYear: firstYear },
      collection,
      uuid,
    );
    if (!row?.aid) throw new Error(`no account for ${uuid}`);
    return row.aid;
  };

  async function makeShared(): Promise<Shared> {
    const income = await aidOf(
      'categories',
      await m.freshRecord('categories', categoryBody('Matrix bank income', 'revenues')),
    );
    const p = await freshPeriod();
    await uploadAs(admin(), 'PUT', reconciliation(p.bank, periodPath(p, '/statement')), statementPdf, 200);
    const imported = await uploadAs(
      admin(),
      'POST',
      reconciliation(p.bank, periodPath(p, '/imports')),
      statementFile,
      201,
    );
    return { income, ...p, importUuid: (imported.json() as StatementImport).uuid };
  }
  const records = (): Promise<Shared> => (shared ??= makeShared());

  /** A deposit into the bank, posted directly; answers its transaction. */
  async function deposit(bank: string, date: string, amount: number): Promise<string> {
    const { income } = await records();
    const bankAid = await aidOf('banks', bank);
    const view = await h.platform.db.transaction((tx) =>
      postTransaction(
        tx,
        { buildingId: b.id, fiscalYear: firstYear },
        { kind: 'system', id: 'backend' },
        {
          date,
          description: 'Matrix deposit',
          kind: 'accountantWriting',
          taxes: [],
          indexes: [],
          subtransactions: [
            { aid: bankAid, amount: cents(amount) },
            { aid: income, amount: cents(-amount) },
          ],
        },
      ),
    );
    return view.uuid;
  }

  /**
   * A new bank's March statement, imported by the admin: its columns mapped when asked, its deposit
   * in the books (matched) when asked.
   */
  async function freshImport(
    mapped: boolean,
    booked = false,
  ): Promise<{ bank: string; view: StatementImport }> {
    const bank = await m.freshRecord('banks', bankBody('Matrix imported bank'));
    if (booked) await deposit(bank, '2026-03-02', 125_000);
    const period = await periodOf(bank);
    const res = await uploadAs(
      admin(),
      'POST',
      reconciliation(bank, `/periods/${period}/imports`),
      statementFile,
      201,
    );
    let view = res.json() as StatementImport;
    if (mapped) {
      const mapping = await as(h, admin()).put(
        reconciliation(bank, `/imports/${view.uuid}/mapping`),
        csvMapping,
      );
      view = expectStatus(mapping, 200, 'mapping').json() as StatementImport;
    }
    return { bank, view };
  }

  /** A line of a fresh mapped import, as `pick` finds it. */
  async function freshLine(pick: (line: StatementImport['lines'][number]) => boolean, booked = false) {
    const { bank, view } = await freshImport(true, booked);
    const line = view.lines.find(pick);
    if (!line) throw new Error(`no such line in ${JSON.stringify(view.lines)}`);
    return { bank, importUuid: view.uuid, line };
  }

  const periodCases: Case[] = [
    {
      route: reconciliationRoute('GET'),
      allowed: financeReaders,
      call: async (u) => as(h, u).get(reconciliation((await records()).bank)),
    },
    {
      route: reconciliationRoute('POST', '/periods'),
      allowed: financeWriters,
      call: async (u) =>
        as(h, u).post(
          reconciliation(await m.freshRecord('banks', bankBody('Matrix new period bank')), '/periods'),
          marchBody,
        ),
    },
    {
      route: reconciliationRoute('GET', '/periods/:periodUuid'),
      allowed: financeReaders,
      call: async (u) => {
        const s = await records();
        return as(h, u).get(reconciliation(s.bank, periodPath(s)));
      },
    },
    {
      route: reconciliationRoute('PUT', '/periods/:periodUuid'),
      allowed: financeWriters,
      call: async (u) => {
        const p = await freshPeriod();
        return as(h, u).put(reconciliation(p.bank, periodPath(p)), { closingBalance: 125_000 });
      },
    },
    {
      route: reconciliationRoute('PUT', '/periods/:periodUuid/cleared'),
      allowed: financeWriters,
      call: async (u) => {
        const p = await freshPeriod();
        const transaction = await deposit(p.bank, '2026-03-10', 10_000);
        return as(h, u).put(reconciliation(p.bank, periodPath(p, '/cleared')), { clear: [transaction] });
      },
    },
    {
      route: reconciliationRoute('POST', '/periods/:periodUuid/reconcile'),
      allowed: financeWriters,
      // Nothing ticked and a closing balance equal to the starting one: the difference is zero.
      call: async (u) => {
        const p = await freshPeriod(0);
        return as(h, u).post(reconciliation(p.bank, periodPath(p, '/reconcile')));
      },
    },
    {
      route: reconciliationRoute('POST', '/periods/:periodUuid/reopen'),
      allowed: financeWriters,
      call: async (u) => {
        const p = await freshPeriod(0);
        expectStatus(
          await as(h, admin()).post(reconciliation(p.bank, periodPath(p, '/reconcile'))),
          200,
          'reconcile',
        );
        return as(h, u).post(reconciliation(p.bank, periodPath(p, '/reopen')));
      },
    },
    {
      route: reconciliationRoute('DELETE', '/periods/:periodUuid'),
      allowed: financeWriters,
      // The bank's only period is its latest.
      call: async (u) => {
        const p = await freshPeriod();
        return as(h, u).delete(reconciliation(p.bank, periodPath(p)));
      },
    },
    {
      route: reconciliationRoute('PUT', '/periods/:periodUuid/statement'),
      allowed: financeWriters,
      call: async (u) => {
        const p = await freshPeriod();
        return uploadAs(u, 'PUT', reconciliation(p.bank, periodPath(p, '/statement')), statementPdf);
      },
    },
    {
      route: reconciliationRoute('GET', '/periods/:periodUuid/statement'),
      allowed: financeReaders,
      call: async (u) => {
        const s = await records();
        return as(h, u).get(reconciliation(s.bank, periodPath(s, '/statement')));
      },
    },
    {
      route: reconciliationRoute('DELETE', '/periods/:periodUuid/statement'),
      allowed: financeWriters,
      call: async (u) => {
        const p = await freshPeriod();
        const url = reconciliation(p.bank, periodPath(p, '/statement'));
        await uploadAs(admin(), 'PUT', url, statementPdf, 200);
        return as(h, u).delete(url);
      },
    },
  ];

  const importCases: Case[] = [
    {
      route: reconciliationRoute('POST', '/periods/:periodUuid/imports'),
      allowed: financeWriters,
      // A bank of its own: the same file is imported once per bank.
      call: async (u) => {
        const p = await freshPeriod();
        return uploadAs(u, 'POST', reconciliation(p.bank, periodPath(p, '/imports')), statementFile);
      },
    },
    {
      route: reconciliationRoute('GET', '/periods/:periodUuid/imports'),
      allowed: financeReaders,
      call: async (u) => {
        const s = await records();
        return as(h, u).get(reconciliation(s.bank, periodPath(s, '/imports')));
      },
    },
    {
      route: reconciliationRoute('GET', '/imports/:importUuid'),
      allowed: financeReaders,
      call: async (u) => {
        const s = await records();
        return as(h, u).get(reconciliation(s.bank, `/imports/${s.importUuid}`));
      },
    },
    {
      route: reconciliationRoute('PUT', '/imports/:importUuid/mapping'),
      allowed: financeWriters,
      // A bank of its own: the mapping is remembered for the bank, and an import is mapped once.
      call: async (u) => {
        const { bank, view } = await freshImport(false);
        return as(h, u).put(reconciliation(bank, `/imports/${view.uuid}/mapping`), csvMapping);
      },
    },
    {
      route: reconciliationRoute('POST', '/imports/:importUuid/confirm'),
      allowed: financeWriters,
      call: async (u) => {
        const { bank, importUuid, line } = await freshLine((l) => l.status === 'matched', true);
        return as(h, u).post(reconciliation(bank, `/imports/${importUuid}/confirm`), {
          lines: [{ lineId: line.id, transactionUuid: line.match?.transactionUuid }],
        });
      },
    },
    {
      route: reconciliationRoute('POST', '/imports/:importUuid/lines/:lineId/entry'),
      allowed: financeWriters,
      // The service charge: money out the books do not hold yet.
      call: async (u) => {
        const { bank, importUuid, line } = await freshLine((l) => l.status === 'unmatched' && l.amount < 0);
        return as(h, u).post(reconciliation(bank, `/imports/${importUuid}/lines/${line.id}/entry`), {
          kind: 'bankFee',
          categoryUuid: await m.freshRecord('categories', categoryBody('Matrix bank fees')),
        });
      },
    },
    {
      route: reconciliationRoute('POST', '/imports/:importUuid/lines/:lineId/ignore'),
      allowed: financeWriters,
      call: async (u) => {
        const { bank, importUuid, line } = await freshLine((l) => l.status === 'unmatched');
        return as(h, u).post(reconciliation(bank, `/imports/${importUuid}/lines/${line.id}/ignore`));
      },
    },
  ];

  const reportCases: Case[] = [
    {
      route: yearRoute('GET', 'bank-reports/:report'),
      allowed: financeReaders,
      call: async (u) => {
        await records();
        return as(h, u).get(year('bank-reports/reconciliation-status?at=2026-03-31'));
      },
    },
    {
      route: yearRoute('GET', 'financial-statements/:statement'),
      allowed: financeReaders,
      call: (u) => as(h, u).get(year('financial-statements/balance-sheet')),
    },
    {
      route: yearRoute('GET', 'board-package'),
      allowed: financeReaders,
      call: (u) => as(h, u).get(year('board-package?format=xlsx')),
    },
  ];

  return [...periodCases, ...importCases, ...reportCases];
};
