import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatementImport } from '@copro/domain';
import { reconciliationPeriod } from '../../../db/schema/index';
import { createHarness, type Harness } from '../../../test/harness';
import { issueKeys } from '../../../test/registry-fixtures';
import {
  caller,
  clearedIn,
  importSetup,
  linesOf,
  postBankMovement,
  uploadStatement,
  type ImportSetup,
} from './test-import';

/** One building for the whole file: each test goes on from what the one before left. */
let h: Harness;
let s: ImportSetup;
const tx: Record<string, string> = {};
beforeAll(async () => {
  h = await createHarness();
  s = await importSetup(h);
  // A check of February still outstanding, and one of March for the same amount.
  tx.check501 = await postBankMovement(s, '2026-02-20', -45_000, { check: '501' });
  tx.check502 = await postBankMovement(s, '2026-03-05', -45_000, { check: '502' });
  tx.deposit = await postBankMovement(s, '2026-03-10', 80_000);
  tx.secondDeposit = await postBankMovement(s, '2026-03-12', 80_000);
  tx.lateDeposit = await postBankMovement(s, '2026-03-28', 80_000);
});
afterAll(async () => h.close());

/** OFX 1.x as banks send it: SGML, values not closed, an empty MEMO, Windows-1252 accents. */
const sgml = Buffer.from(
  [
    'OFXHEADER:100',
    'DATA:OFXSGML',
    'VERSION:102',
    'SECURITY:NONE',
    'ENCODING:USASCII',
    'CHARSET:1252',
    'COMPRESSION:NONE',
    'OLDFILEUID:NONE',
    'NEWFILEUID:NONE',
    '',
    '<OFX>',
    '<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS>',
    '<DTSERVER>20260401120000[-5:EST]<LANGUAGE>FRA</SONRS></SIGNONMSGSRSV1>',
    '<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>',
    '<STMTRS><CURDEF>CAD<BANKACCTFROM><BANKID>815<ACCTID>123456<ACCTTYPE>CHECKING</BANKACCTFROM>',
    '<BANKTRANLIST><DTSTART>20260301<DTEND>20260331',
    '<STMTTRN>',
    '<TRNTYPE>CHECK',
    '<DTPOSTED>20260306120000.000[-5:EST]',
    '<TRNAMT>-450.00',
    '<FITID>F1',
    '<CHECKNUM>000501',
    '<NAME>CHQ 501',
    '<MEMO>',
    '</STMTTRN>',
    '<STMTTRN><TRNTYPE>DEP<DTPOSTED>20260311<TRNAMT>800.00<FITID>F2<NAME>Dépôt<MEMO>Comptoir</STMTTRN>',
    '<STMTTRN><TRNTYPE>FEE<DTPOSTED>20260331<TRNAMT>-2.50<FITID>F3<NAME>Frais &amp; service</STMTTRN>',
    '</BANKTRANLIST>',
    '<LEDGERBAL><BALAMT>347.50<DTASOF>20260331</LEDGERBAL>',
    '</STMTRS></STMTTRNRS></BANKMSGSRSV1>',
    '</OFX>',
  ].join('\r\n'),
  'latin1',
);

/** OFX 2 (XML), repeating the fee of the first file. */
const xml = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX>
  <BANKMSGSRSV1>
    <STMTTRNRS>
      <TRNUID>2</TRNUID>
      <STMTRS>
        <CURDEF>CAD</CURDEF>
        <BANKTRANLIST>
          <DTSTART>20260301</DTSTART>
          <DTEND>20260331</DTEND>
          <STMTTRN>
            <TRNTYPE>FEE</TRNTYPE><DTPOSTED>20260331</DTPOSTED><TRNAMT>-2.50</TRNAMT>
            <FITID>F3</FITID><NAME>Frais &amp; service</NAME>
          </STMTTRN>
          <STMTTRN>
            <TRNTYPE>DEP</TRNTYPE><DTPOSTED>20260313000000</DTPOSTED><TRNAMT>800.00</TRNAMT>
            <FITID>F4</FITID><NAME>Deposit</NAME><MEMO></MEMO>
          </STMTTRN>
          <STMTTRN>
            <TRNTYPE>CHECK</TRNTYPE><DTPOSTED>20260320</DTPOSTED><TRNAMT>-450.00</TRNAMT>
            <FITID>F5</FITID><CHECKNUM>502</CHECKNUM><NAME>Cheque</NAME>
          </STMTTRN>
        </BANKTRANLIST>
      </STMTRS>
    </STMTTRNRS>
  </BANKMSGSRSV1>
</OFX>
`;

let first: StatementImport;
let second: StatementImport;

describe('OFX statement import', () => {
  it('reads an OFX 1.x file and matches by check number before a closer date, then by amount and date', async () => {
    const res = await uploadStatement(s, s.admin, 'releve-mars.ofx', sgml, 'application/x-ofx');
    expect(res.statusCode, res.body).toBe(201);
    first = res.json();
    expect(first.format).toBe('ofx');
    expect(first.needsMapping).toBeNull();
    expect(linesOf(first)).toEqual([
      ['CHQ 501', -45_000, 'matched', tx.check501, 'checkNumber'],
      ['Dépôt — Comptoir', 80_000, 'matched', tx.deposit, 'amountAndDate'],
      ['Frais & service', -250, 'unmatched', null, null],
    ]);
    expect(first.lines.map((l) => [l.date, l.checkNumber])).toEqual([
      ['2026-03-06', '000501'],
      ['2026-03-11', null],
      ['2026-03-31', null],
    ]);
  });

  it('reads an OFX 2 (XML) file: a known FITID is a duplicate, and what another line holds is not matched again', async () => {
    const res = await uploadStatement(s, s.admin, 'statement.qfx', xml, 'application/vnd.intu.qfx');
    expect(res.statusCode, res.body).toBe(201);
    second = res.json();
    expect(linesOf(second)).toEqual([
      ['Frais & service', -250, 'duplicate', null, null],
      ['Deposit', 80_000, 'matched', tx.secondDeposit, 'amountAndDate'],
      ['Cheque', -45_000, 'matched', tx.check502, 'checkNumber'],
    ]);
    const again = await uploadStatement(s, s.admin, 'statement (1).qfx', xml);
    expect(again.statusCode, again.body).toBe(409);
  });

  it('refuses a confirmation naming a line or a transaction it may not have', async () => {
    const confirm = (lines: object[]) => caller(s).post(`${s.base}/imports/${first.uuid}/confirm`, { lines });
    const [check, deposit, fee] = first.lines;
    if (!check || !deposit || !fee) throw new Error('lines missing');
    const res = await confirm([
      // Held by a line of the other file.
      { lineId: check.id, transactionUuid: tx.check502 },
      // Another amount.
      { lineId: fee.id, transactionUuid: tx.lateDeposit },
      { lineId: 99, transactionUuid: tx.check501 },
    ]);
    expect(res.statusCode, res.body).toBe(400);
    expect(issueKeys(res)).toEqual([
      'lines.0.transactionUuid:reconciliation.import.validation.notACandidate',
      'lines.1.transactionUuid:reconciliation.import.validation.amountDiffers',
      'lines.2.lineId:reconciliation.import.validation.lineNotFound',
    ]);
    const twice = await confirm([
      { lineId: check.id, transactionUuid: tx.check501 },
      { lineId: deposit.id, transactionUuid: tx.check501 },
    ]);
    expect(issueKeys(twice)).toEqual([
      'lines.1.transactionUuid:reconciliation.import.validation.transactionTwice',
    ]);
    const duplicate = await caller(s).post(`${s.base}/imports/${second.uuid}/confirm`, {
      lines: [{ lineId: second.lines[0]?.id, transactionUuid: tx.lateDeposit }],
    });
    expect(issueKeys(duplicate)).toContain('lines.0.lineId:reconciliation.import.validation.lineNotOpen');
    expect(await clearedIn(s)).toEqual([]);
  });

  it('confirms the matches, a line given another transaction of its amount by the user', async () => {
    const [check, deposit] = first.lines;
    const res = await caller(s).post(`${s.base}/imports/${first.uuid}/confirm`, {
      lines: [
        { lineId: check?.id, transactionUuid: tx.check501 },
        { lineId: deposit?.id, transactionUuid: tx.lateDeposit },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(linesOf(res.json())).toEqual([
      ['CHQ 501', -45_000, 'confirmed', tx.check501, 'checkNumber'],
      ['Dépôt — Comptoir', 80_000, 'confirmed', tx.lateDeposit, 'amountAndDate'],
      ['Frais & service', -250, 'unmatched', null, null],
    ]);
    expect(await clearedIn(s)).toEqual([tx.check501, tx.lateDeposit].sort());
  });

  it('takes nothing into a reconciled period', async () => {
    const setReconciled = (isReconciled: boolean) =>
      h.platform.db
        .update(reconciliationPeriod)
        .set({ isReconciled })
        .where(eq(reconciliationPeriod.uuid, s.periodUuid));
    await setReconciled(true);
    const upload = await uploadStatement(
      s,
      s.admin,
      'late.ofx',
      sgml.toString('latin1').replace(/F1/g, 'F9'),
    );
    expect(upload.statusCode, upload.body).toBe(409);
    expect(upload.json().code).toBe('periodReconciled');
    const fee = first.lines[2]?.id;
    const entry = await caller(s).post(`${s.base}/imports/${first.uuid}/lines/${fee}/entry`, {
      kind: 'bankFee',
    });
    expect(entry.json().code).toBe('periodReconciled');
    await setReconciled(false);
  });

  it('answers not found for another bank’s import or an unknown line', async () => {
    const other = s.chart.get('banks:contingencyFund');
    const res = await caller(s).get(
      `/api/buildings/${s.b.ref}/banks/${other?.uuid}/reconciliation/imports/${first.uuid}`,
    );
    expect(res.statusCode).toBe(404);
    const line = await caller(s).post(`${s.base}/imports/${first.uuid}/lines/77/ignore`);
    expect(line.statusCode).toBe(404);
  });
});
