import DOMPurify from 'dompurify';

/**
 * How text becomes safe to insert as HTML:
 * - strip: all markup removed, the text kept;
 * - escape: all markup shown as text;
 * - safe: harmless markup kept (no script/noscript/noembed, no on* handlers, no javascript: links,
 *   data: sources only on media elements).
 */
export type SanitizeMode = 'strip' | 'escape' | 'safe';

const DATA_URI_ELEMENTS = new Set(['audio', 'image', 'img', 'source', 'video']);
const DATA_URI = /^\s*data:/i;

// A purifier of our own, so the hook below never reaches other users of DOMPurify.
const safePurifier = DOMPurify(window);
safePurifier.addHook('uponSanitizeAttribute', (node, event) => {
  const attribute = event.attrName;
  const carriesSource = attribute === 'src' || attribute === 'data';
  if (carriesSource && DATA_URI.test(event.attrValue) && !DATA_URI_ELEMENTS.has(node.nodeName.toLowerCase())) {
    event.keepAttr = false;
  }
});

const stripPurifier = DOMPurify(window);

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]);
}

export function sanitizeHtml(html: string, mode: SanitizeMode): string {
  switch (mode) {
    case 'strip':
      return stripPurifier.sanitize(html, { ALLOWED_TAGS: [], KEEP_CONTENT: true, FORCE_BODY: true });
    case 'escape':
      return escapeHtml(html);
    case 'safe':
      return safePurifier.sanitize(html, {
        // Parsed as body content: a leading noscript would otherwise land in the head, where the
        // parser moves its markup out of it and out of reach of the rule below.
        FORCE_BODY: true,
        // Dropped together with their content (DOMPurify's default for these elements).
        FORBID_TAGS: ['script', 'noscript', 'noembed'],
        ADD_DATA_URI_TAGS: ['image'],
      });
  }
}
