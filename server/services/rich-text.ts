import sanitizeHtml from 'sanitize-html';

/**
 * The one cleaner for rich text that members write (post bodies). The editor may send anything,
 * and a hostile client certainly will, so the stored HTML is whatever survives this allow-list:
 * no scripts, no styles, no event handlers, and links only to web and mail addresses.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'em',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'h2',
    'h3',
    'code',
    'pre',
  ],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Drop the content of these too, not just the tags: their text is code, not prose.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object'],
  transformTags: {
    // Notices are written with <b> and <i> (services/notices.ts, the demo data), and pasted text
    // often is: kept as their semantic twins rather than dropped to plain text.
    b: 'strong',
    i: 'em',
    // Every link opens apart from the app and tells the target nothing about it.
    a: (tagName, attribs) => {
      const out: Record<string, string> = {};
      if (attribs.href !== undefined) out.href = attribs.href;
      return { tagName, attribs: { ...out, rel: 'noopener noreferrer', target: '_blank' } };
    },
  },
};

export function cleanRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** How many cleaned texts cleanRichTextCached keeps, and the longest it keeps. */
const CLEAN_CACHE_ENTRIES = 5_000;
const CLEAN_CACHE_MAX_LENGTH = 2_000;
const cleaned = new Map<string, string>();

/**
 * cleanRichText for short texts read far more often than written (notice messages: a member's
 * first page is read on every visit, about 14 of them). sanitize-html takes some 100 µs a
 * message, several times the rest of such a request, and the same input always cleans to the
 * same output, so the last CLEAN_CACHE_ENTRIES answers are kept (the oldest go first; a few MB
 * at most). Every text still goes through the one allow-list.
 */
export function cleanRichTextCached(html: string): string {
  if (html.length > CLEAN_CACHE_MAX_LENGTH) return cleanRichText(html);
  const known = cleaned.get(html);
  if (known !== undefined) return known;
  const clean = cleanRichText(html);
  if (cleaned.size >= CLEAN_CACHE_ENTRIES) {
    const oldest = cleaned.keys().next();
    if (!oldest.done) cleaned.delete(oldest.value);
  }
  cleaned.set(html, clean);
  return clean;
}

const SHORT_BODY_LENGTH = 300;

/** Block ends become spaces so that words of adjacent paragraphs do not run together. */
const BLOCK_END = /<\/(p|li|h2|h3|blockquote|pre)>|<br\s*\/?>/gi;

/** Plain text of (cleaned) HTML: block ends as spaces, entities decoded, whitespace collapsed. */
export function plainText(html: string): string {
  return (
    sanitizeHtml(
      html.replace(BLOCK_END, (tag) => `${tag} `),
      {
        allowedTags: [],
        allowedAttributes: {},
        nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object'],
      },
    )
      // sanitize-html keeps entities escaped; plain text wants the characters.
      .replace(/&nbsp;/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** Plain text of (cleaned) HTML for lists, cut at a word near 300 characters. */
export function shortBody(html: string): string {
  const text = plainText(html);
  if (text.length <= SHORT_BODY_LENGTH) return text;
  const cut = text.slice(0, SHORT_BODY_LENGTH);
  const lastSpace = cut.lastIndexOf(' ');
  // A single very long word would leave nothing; then cut mid-word rather than show nothing.
  const head = lastSpace > SHORT_BODY_LENGTH / 2 ? cut.slice(0, lastSpace) : cut;
  return `${head.replace(/[\s.,;:!?-]+$/, '')}…`;
}
