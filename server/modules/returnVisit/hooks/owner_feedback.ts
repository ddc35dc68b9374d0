import type { ResourceHooks } from '../../../engine/hooks.ts';
import { conflict } from '../../../platform/http/envelope.ts';

/** Owner feedback: what the owner said stays as recorded once it has been answered or closed. */
export const ownerFeedbackHooks: ResourceHooks = {
  beforeSave({ current }) {
    if (current && current.status !== 'pending') throw conflict('反馈已回复或关闭，不能再修改');
  },
};
