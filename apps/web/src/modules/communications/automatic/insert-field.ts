/** The text with `{{field}}` put in place of the selection (or at the caret). */
export function insertAt(text: string, selection: { start: number; end: number }, field: string): string {
  const start = Math.max(0, Math.min(selection.start, text.length));
  const end = Math.max(start, Math.min(selection.end, text.length));
  return `${text.slice(0, start)}{{${field}}}${text.slice(end)}`;
}
