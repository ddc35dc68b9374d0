import DOMPurify from 'dompurify';
import { RICH_TEXT_POLICY } from '../shared/richText.ts';

/** Rich text as it may be shown, whatever was stored: the same DOMPurify policy as saving. */
export const sanitizeRichText = (html: string): string => DOMPurify.sanitize(html, RICH_TEXT_POLICY) as string;
