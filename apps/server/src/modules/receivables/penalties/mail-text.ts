import { escapeHtml } from '../../../platform/mail';

/** A plain-text mail body as HTML: paragraphs on blank lines, links clickable. */
export function htmlOf(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((paragraph) => {
      const escaped = escapeHtml(paragraph).replace(/\n/g, '<br>');
      return `<p>${escaped.replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')}</p>`;
    })
    .join('');
}
