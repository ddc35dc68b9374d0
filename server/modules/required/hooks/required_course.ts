import type { ResourceHooks } from '../../../engine/hooks.ts';
import { badRequest } from '../../../platform/http/envelope.ts';
import { checkQuiz, parseQuiz } from '../quiz.ts';

const fileList = (value: unknown): { url: string }[] => {
  const raw = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(raw) ? (raw as { url: string }[]) : [];
};

const EXT = { video: 'mp4', pdf: 'pdf' } as const;

/**
 * A required course holds what its form says it is: an article its text, a video one MP4, a
 * document one PDF (the file service already checked the bytes behind the extension); its
 * quiz's right options fit each question's type.
 */
export const requiredCourseHooks: ResourceHooks = {
  beforeSave({ values, current }) {
    const merged = { ...current, ...values };
    const type = String(merged.content_type);
    if (type === 'article') {
      if (!String(merged.content ?? '').replace(/<[^>]*>/g, '').trim()) throw badRequest('图文课程须填写正文');
    } else {
      const files = fileList(merged.files);
      const ext = EXT[type as keyof typeof EXT];
      if (files.length !== 1 || !files[0]!.url.toLowerCase().endsWith(`.${ext}`)) throw badRequest(type === 'video' ? '视频课程须上传一个 MP4 视频' : '文档课程须上传一个 PDF 文档');
    }
    if ('quiz' in values || !current) {
      const quiz = parseQuiz(values.quiz ?? []);
      checkQuiz(quiz);
      values.quiz_count = quiz.length;
    }
  },
};
