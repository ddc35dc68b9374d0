import type { ResourceHooks, Row } from '../../../engine/hooks.ts';
import { badRequest } from '../../../platform/http/envelope.ts';

/** A JSON column's list, whether the write holds it parsed or as stored text. */
function listOf(value: unknown): unknown[] {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(parsed) ? parsed : [];
}

/**
 * An advert plays images or one video (素材类型): the chosen kind's material is required and
 * the other kind's is cleared, so the owner app never gets both. The files themselves are
 * checked by their field's shape (stored files, MP4 only, at most 50 MB).
 */
export const advertHooks: ResourceHooks = {
  beforeSave({ values, current }) {
    const merged: Row = { ...current, ...values };
    const video = merged.media_type === 'video';
    if (video && !listOf(merged.video).length) throw badRequest('请上传广告视频');
    if (!video && !listOf(merged.items).length) throw badRequest('请上传广告图片');
    values[video ? 'items' : 'video'] = null;
  },
};
