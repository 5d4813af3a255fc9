import sanitizeHtml from 'sanitize-html';

/**
 * A post's body is rich text typed in the browser's editor; what is stored and mailed is only
 * the formatting posts need: paragraphs, emphasis, lists, two heading levels, quotes and links to
 * web pages or mail addresses. Everything else (scripts, styles, event attributes, images,
 * `javascript:` links) is dropped, keeping the text inside.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'u', 's', 'a', 'ul', 'ol', 'li', 'h2', 'h3', 'blockquote'],
  // target and rel are set by the transform below, whatever the editor sent.
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // A link opens outside Copro's page, and tells the other site nothing about it.
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
  },
  disallowedTagsMode: 'discard',
};

export const sanitizeBody = (html: string): string => sanitizeHtml(html, options).trim();

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The plain-text version of a sanitized body, for the mail's text part. */
export function textOfBody(html: string): string {
  const broken = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<\/(p|h2|h3|li|blockquote|ul|ol)>/gi, '\n');
  const text = sanitizeHtml(broken, { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => entities[name] ?? '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
