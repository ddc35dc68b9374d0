import type { ResourceHooks, Row } from '../../../engine/hooks.ts';
import { badRequest } from '../../../platform/http/envelope.ts';
import { postOptionsRoute } from '../postOptions.ts';

const KINDS: Record<string, { exts: string[]; message: string }> = {
  video: { exts: ['mp4'], message: '视频课程请上传 MP4 视频课件' },
  live: { exts: ['mp4'], message: '直播回放课程请上传 MP4 回放视频' },
  doc: { exts: ['pdf', 'docx', 'pptx'], message: '文档课程请上传 PDF、Word 或 PPT 课件' },
};

const filesOf = (v: unknown): { url: string }[] => (typeof v === 'string' ? (JSON.parse(v) as { url: string }[]) : Array.isArray(v) ? (v as { url: string }[]) : []);
const textOf = (html: unknown) => String(html ?? '').replace(/<[^>]*>/g, '').trim();

/** A course has the content its type says: a video, a document, or the article's text. */
export const courseHooks: ResourceHooks = {
  beforeSave({ values, current }) {
    const merged: Row = { ...(current ?? {}), ...values };
    const type = String(merged.type);
    if (type === 'article') {
      if (!textOf(merged.content)) throw badRequest('图文课程请填写图文内容');
      return;
    }
    const kind = KINDS[type];
    if (kind && !filesOf(merged.files).some((f) => kind.exts.includes(f.url.split('.').pop()!.toLowerCase()))) throw badRequest(kind.message);
  },
  routes: postOptionsRoute,
};
