import { formatCents, type Language } from '@copro/domain';

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** An amount as people read it in a mail or a description: "$1234.50" or "1234,50 $". */
export const moneyText = (cents: number, language: Language): string =>
  language === 'fr' ? `${formatCents(cents, language)} $` : `$${formatCents(cents, language)}`;

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
