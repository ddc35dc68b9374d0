// amis's environment: its requests go through the product's signing (signedFetch), and the
// product's answer envelope becomes amis's { status: 0, data } shape.
import type { RenderOptions } from 'amis-core';
import { signedPost } from '../shared/signedFetch.ts';

export const env: RenderOptions = {
  fetcher: async ({ url, data }) => {
    const { filters, ...rest } = (data ?? {}) as { filters?: Record<string, unknown> };
    // Like the product's filter form, empty filter fields are left out.
    const given = Object.fromEntries(Object.entries(filters ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== ''));
    const answer = await signedPost<{ records: unknown[]; total: number }>(url, { ...rest, filters: given });
    const ok = answer.status === '200';
    return { status: 200, headers: {}, data: { status: ok ? 0 : 1, msg: answer.message, data: ok ? { items: answer.data?.records ?? [], total: answer.data?.total ?? 0 } : undefined } };
  },
  isCancel: () => false,
  theme: 'cxd',
};
