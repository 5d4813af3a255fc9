/**
 * CSV as RFC 4180 writes and reads it, for the payment files (the domain package has no CSV
 * library, and these files are small and plain).
 *
 * Writing: a cell is quoted when it holds a comma, a double quote, a CR or an LF (its quotes
 * doubled); every record, the last included, ends with CRLF. Nothing is added to a cell that
 * starts with `=`, `+`, `-` or `@`: these files are read by a program, not a spreadsheet, and a
 * prefix would change the data it reads.
 *
 * Reading: the delimiter is the one of comma, semicolon and tab that the first record holds most
 * often outside quotes (a spreadsheet saved in French writes semicolons); quoted cells may hold
 * delimiters, doubled quotes and line breaks; CRLF, LF and CR all end a record; a leading byte
 * order mark is dropped; a quote inside an unquoted cell is kept as a character. Each record keeps
 * the file line it starts on, so problems name the line a person sees in an editor. A quote left
 * open at the end makes the file unreadable (null).
 */

/** One cell as RFC 4180 writes it. */
export function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Records as CSV text, each ending with CRLF. */
export function csvText(records: readonly (readonly string[])[]): string {
  return records.map((cells) => `${cells.map(csvCell).join(',')}\r\n`).join('');
}

export interface CsvRecord {
  /** The file's line (1-based) the record starts on. */
  line: number;
  cells: string[];
}

const delimiters = [',', ';', '\t'] as const;

/** The delimiter the first record uses most outside quotes (comma when none). */
function delimiterOf(text: string): string {
  const counts = new Map<string, number>(delimiters.map((d) => [d, 0]));
  let quoted = false;
  for (const c of text) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && counts.has(c)) counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  let best: string = ',';
  for (const d of delimiters) if ((counts.get(d) ?? 0) > (counts.get(best) ?? 0)) best = d;
  return best;
}

/** The file's records (see the header), or null when a quote is left open. */
export function csvRecords(input: string): CsvRecord[] | null {
  const text = input.replace(/^\uFEFF/, '');
  const delimiter = delimiterOf(text);
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let i = 0;
  const endRecord = () => {
    cells.push(cell);
    records.push({ line: start, cells });
    cells = [];
    cell = '';
  };
  while (i < text.length) {
    const c = text[i] ?? '';
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (c === '"') quoted = false;
      else {
        cell += c;
        if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) line += 1;
      }
      i += 1;
      continue;
    }
    // A quote opens a quoted cell only at the cell's start; elsewhere it is a character.
    if (c === '"' && cell === '') quoted = true;
    else if (c === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      endRecord();
      line += 1;
      start = line;
    } else cell += c;
    i += 1;
  }
  if (quoted) return null;
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}
