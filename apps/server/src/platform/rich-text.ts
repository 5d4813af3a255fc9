import sanitizeHtml from 'sanitize-html';

/**
 * Rich text typed in the browser's editor (post bodies, request replies and email templates): what
 * is stored and mailed is only the formatting they need: paragraphs, emphasis, lists, two heading
 * levels, quotes and links to web pages or mail addresses. Everything else (scripts, styles, event
 * attributes, images, `javascript:` links) is dropped, keeping the text inside.
 */
const richText: sanitizeHtml.IOptions = {
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

export const sanitizeRichText = (html: string): string => sanitizeHtml(html, richText).trim();

/** The only entities sanitize-html writes in text; it writes every other character as itself. */
const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>' };

/**
 * The plain text of HTML, for a mail's text part or a preview: a line per paragraph, heading, list
 * item, quote or block of a received mail, `- ` before list items, entities decoded.
 */
export function richTextToPlain(html: string): string {
  const broken = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<\/(p|div|tr|h[1-6]|li|blockquote|ul|ol)>/gi, '\n');
  const text = sanitizeHtml(broken, { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&(amp|lt|gt);/g, (_, name: string) => entities[name]!)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
