import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { RICH_TEXT_POLICY } from '../../../src/shared/richText.ts';

// One DOM for the process: DOMPurify needs a window on the server.
const purify = createDOMPurify(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0]);

/** Rich text as stored: the policy the browser applies again on display. */
export function sanitizeHtml(html: string): string {
  return purify.sanitize(html, RICH_TEXT_POLICY) as string;
}

/** The text of rich text, for exports and messages. */
export function htmlToText(html: string): string {
  return new JSDOM(`<body>${sanitizeHtml(html)}</body>`).window.document.body.textContent?.trim() ?? '';
}
