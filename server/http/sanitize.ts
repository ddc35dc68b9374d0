import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

// One DOM for the process: DOMPurify needs a window on the server.
const purify = createDOMPurify(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0]);

/** Rich text as stored: DOMPurify's defaults (no scripts, handlers or javascript: URLs), links opened safely. */
export function sanitizeHtml(html: string): string {
  return purify.sanitize(html, { FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe'], FORBID_ATTR: ['style'] });
}

/** The text of rich text, for exports and messages. */
export function htmlToText(html: string): string {
  return new JSDOM(`<body>${sanitizeHtml(html)}</body>`).window.document.body.textContent?.trim() ?? '';
}
