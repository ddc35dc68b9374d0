import type { Config } from 'dompurify';

/**
 * The one DOMPurify policy of rich text, applied when the server saves it and again when the
 * browser shows or edits it: DOMPurify's defaults (no scripts, handlers or javascript: URLs)
 * and no styles, forms or frames, so what the display lets through is never more than what
 * saving would have kept.
 */
export const RICH_TEXT_POLICY: Config = { FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe'], FORBID_ATTR: ['style'] };
