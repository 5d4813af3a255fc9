import type { Language } from '@copro/domain';
import { escapeHtml } from '../../platform/mail';

/** "March 2026" or "mars 2026": the billing month a charge is for. */
export const monthText = (month: string, language: Language): string =>
  new Intl.DateTimeFormat(language === 'fr' ? 'fr-CA' : 'en-CA', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${month}T00:00:00Z`));

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
