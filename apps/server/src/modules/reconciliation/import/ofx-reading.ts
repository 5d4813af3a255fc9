import { parseSync } from 'ofx-js';
import {
  cleanStatementText,
  parseStatementAmount,
  parseStatementDate,
  withFingerprints,
  type StatementLineInput,
} from '@copro/domain';
import { AppError } from '../../../platform/errors';

/**
 * An OFX or QFX statement (OFX 1.x SGML as most banks still send it, or OFX 2 XML) read into
 * statement lines: each STMTTRN of a bank or card statement gives a line with TRNAMT (positive
 * money in), DTPOSTED, NAME and MEMO, CHECKNUM, and FITID, the bank's own id of the transaction,
 * which is the line's fingerprint (a line without one gets the CSV's fingerprint).
 */

const unreadable = (): AppError => new AppError('statementUnreadable');

const maxTagLength = 32;

type Token = { kind: 'open' | 'close'; name: string } | { kind: 'text'; text: string };

/** The tags and texts of the OFX body, comments, processing instructions and declarations left out. */
function tokens(body: string): Token[] {
  const found: Token[] = [];
  // A tag ends before the next "<": a stray one cannot make the search run to the end of the file.
  const tag = /<(\/?)([A-Za-z0-9_.:-]+)[^<>]*>|<[?!][^<>]*>/g;
  let last = 0;
  for (let match = tag.exec(body); match; match = tag.exec(body)) {
    const text = body.slice(last, match.index).trim();
    if (text !== '') found.push({ kind: 'text', text });
    last = tag.lastIndex;
    const name = match[2];
    // OFX's tags are short words; a long one is no OFX (and would cost ofx-js dearly).
    if (name !== undefined && name.length > maxTagLength) throw unreadable();
    if (name !== undefined)
      found.push({ kind: match[1] === '/' ? 'close' : 'open', name: name.toUpperCase() });
  }
  const rest = body.slice(last).trim();
  if (rest !== '') found.push({ kind: 'text', text: rest });
  return found;
}

const escapeXml = (text: string): string => text.replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The OFX body as well-formed XML. In SGML, an element holding a value is not closed and an empty
 * one is often sent anyway (`<MEMO>` followed by the next tag); aggregates are closed. So: a tag
 * followed by text is a value, closed after it; a tag followed by another tag is an aggregate when
 * the file closes that name somewhere, else an empty value. The aggregates must balance. (ofx-js's
 * own SGML path fails on empty values and backtracks exponentially on long tag names, so it is
 * given XML only.)
 */
export function ofxBodyAsXml(body: string): string {
  const list = tokens(body);
  const closed = new Set(list.flatMap((t) => (t.kind === 'close' ? [t.name] : [])));
  const open: string[] = [];
  let xml = '';
  for (let i = 0; i < list.length; i += 1) {
    const token = list[i];
    if (token === undefined) continue;
    if (token.kind === 'text') throw unreadable();
    if (token.kind === 'close') {
      if (open.pop() !== token.name) throw unreadable();
      xml += `</${token.name}>`;
      continue;
    }
    const next = list[i + 1];
    if (next?.kind === 'text') {
      xml += `<${token.name}>${escapeXml(next.text)}</${token.name}>`;
      i += 1;
      const after = list[i + 1];
      if (after?.kind === 'close' && after.name === token.name) i += 1;
    } else if (next?.kind === 'close' && next.name === token.name) {
      xml += `<${token.name}></${token.name}>`;
      i += 1;
    } else if (closed.has(token.name)) {
      open.push(token.name);
      xml += `<${token.name}>`;
    } else {
      xml += `<${token.name}></${token.name}>`;
    }
  }
  if (open.length > 0) throw unreadable();
  return xml;
}

type OfxNode = string | OfxAggregate;
interface OfxAggregate {
  [key: string]: OfxNode | OfxNode[];
}

/** Whether `node` holds a bank or card statement (STMTRS, CCSTMTRS), even one without transactions. */
function holdsStatement(node: OfxNode | OfxNode[] | undefined): boolean {
  if (node === undefined || typeof node === 'string') return false;
  if (Array.isArray(node)) return node.some(holdsStatement);
  return Object.entries(node).some(
    ([key, value]) => key === 'STMTRS' || key === 'CCSTMTRS' || holdsStatement(value),
  );
}

/** Every STMTTRN under `node`, wherever the statement puts them (bank or card, one account or more). */
function transactionsIn(node: OfxNode | OfxNode[] | undefined): OfxAggregate[] {
  if (node === undefined || typeof node === 'string') return [];
  if (Array.isArray(node)) return node.flatMap(transactionsIn);
  return Object.entries(node).flatMap(([key, value]) =>
    key === 'STMTTRN'
      ? (Array.isArray(value) ? value : [value]).flatMap((t) => (typeof t === 'string' ? [] : [t]))
      : transactionsIn(value),
  );
}

const field = (trn: OfxAggregate, name: string): string => {
  const value = trn[name];
  return typeof value === 'string' ? value.trim() : '';
};

/** The lines of an OFX statement; a transaction whose date or amount does not read is left out. */
export function readOfxStatement(text: string): StatementLineInput[] {
  const start = text.search(/<OFX>/i);
  if (start < 0) throw unreadable();
  let parsed: ReturnType<typeof parseSync>;
  try {
    // What follows the root's end (a bank's trailing bytes) is not the statement's.
    parsed = parseSync(ofxBodyAsXml(text.slice(start).replace(/<\/OFX>[\s\S]*$/i, '</OFX>')));
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable();
  }
  if (!holdsStatement(parsed.OFX as OfxNode)) throw unreadable();
  const read: (Omit<StatementLineInput, 'fingerprint'> & { fitid: string })[] = [];
  for (const trn of transactionsIn(parsed.OFX as OfxNode)) {
    // DTPOSTED is YYYYMMDD, maybe followed by a time and a zone: the day is the first eight digits.
    const posted = /^(\d{4})(\d{2})(\d{2})/.exec(field(trn, 'DTPOSTED'));
    const date = posted ? parseStatementDate(`${posted[1]}-${posted[2]}-${posted[3]}`, 'YYYY-MM-DD') : null;
    const amountText = field(trn, 'TRNAMT');
    const amount = parseStatementAmount(amountText, false) ?? parseStatementAmount(amountText, true);
    if (date === null || amount === null || amount === 0) continue;
    const name = field(trn, 'NAME');
    const memo = field(trn, 'MEMO');
    const checkNumber = cleanStatementText(field(trn, 'CHECKNUM'), 40);
    read.push({
      date,
      amount,
      description: cleanStatementText(
        memo === '' || memo === name ? name : name === '' ? memo : `${name} — ${memo}`,
      ),
      checkNumber: checkNumber === '' ? null : checkNumber,
      fitid: field(trn, 'FITID'),
    });
  }
  return withFingerprints(read).map(({ fitid, ...line }) => ({
    ...line,
    fingerprint: fitid === '' ? line.fingerprint : `ofx:${fitid}`,
  }));
}
