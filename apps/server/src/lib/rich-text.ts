import sanitizeHtml from 'sanitize-html';

/** An inline picture the editor's Insert Image dialog may upload: a raster image, base64, nothing else. */
const INLINE_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=]+$/i;

/** A root-relative address of the product (`/api/v1/Files/content?…`, `/workOrders/…`) on `base`; others as they are. */
function onBase(address: string, base: string | undefined): string {
  const trimmed = address.replace(/^[\u0000-\u0020]+/, '');
  return base && /^\/(?![/\\])/.test(trimmed) ? `${base}${trimmed}` : address;
}

/** The allowlist; with `linkBase`, the product's own root-relative addresses are written on it. */
const optionsOf = (linkBase?: string): sanitizeHtml.IOptions => ({
  allowedTags: [
    'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'a', 'img',
    'h1', 'h2', 'h3', 'h4', 'blockquote', 'span', 'div',
    'table', 'thead', 'tbody', 'tr', 'td', 'th',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link opens here or in a new tab, and never hands the opened page a handle on ours nor tells it where
    // the reader came from.
    a: (tagName, attribs) => {
      const kept: sanitizeHtml.Attributes = { ...attribs, rel: 'noopener noreferrer' };
      if (kept.target !== '_blank') delete kept.target;
      if (kept.href) kept.href = onBase(kept.href, linkBase);
      return { tagName, attribs: kept };
    },
    img: (tagName, attribs) => {
      const src = (attribs.src ?? '').replace(/[\u0000-\u0020]+/g, '');
      if (!/^data:/i.test(src)) return { tagName, attribs: attribs.src ? { ...attribs, src: onBase(attribs.src, linkBase) } : attribs };
      if (INLINE_IMAGE.test(src)) return { tagName, attribs };
      const kept = { ...attribs };
      delete kept.src;
      return { tagName, attribs: kept };
    },
  },
  // A picture whose address was refused is dropped rather than left as an empty frame.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
});
const STORED = optionsOf();

/**
 * Rich text as the product stores it: an allowlist of the markup the rich text editor produces (paragraphs,
 * emphasis, lists, headings, quotes, tables, links, and pictures from the Insert Image dialog with alternate
 * text, title, width and height, uploaded or by address), everything else removed. Scripts, styles, frames,
 * objects, SVG, event attributes (`on…`), inline `style` and `javascript:`-style addresses never survive, so
 * stored text is safe to render as HTML for any reader. Links open with `rel="noopener noreferrer"`; pictures
 * come from http(s), a same-site path, or an inline PNG, JPEG, GIF or WebP. With `linkBase` (PUBLIC_URL, for a
 * message leaving the product) the same-site paths are written on it, since a mail program has no site to resolve them.
 */
export function sanitizeRichText(html: string, linkBase?: string): string {
  return sanitizeHtml(html, linkBase ? optionsOf(linkBase) : STORED);
}

/** Text written into HTML as text: the five characters HTML gives meaning to, as character references. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
