import { message } from 'antd';
import { request, type ApiResponse, type Params } from '../../core/request.ts';
import { download } from '../../core/download.ts';
import type { Page } from '../../engine/data.ts';

/** Calls of the patrol service (spec 7.2), each at its exact method and path under the `patrol` prefix. */
export const SERVICE = 'patrol';

export const get = <T,>(path: string, params?: Params) => request<T>(SERVICE, path, { method: 'GET', params });
export const post = <T,>(path: string, params?: Params) => request<T>(SERVICE, path, { method: 'POST', params });
/** The task-sync calls of spec 7.3 (mkf): the work orders patrol problems raised. */
export const taskSync = <T,>(path: string, params?: Params) => request<T>('mkf', path, { method: 'POST', params, encoding: 'form' });

/** Shows the server's message for a refusal; answers whether the call succeeded. */
export function succeeded(res: ApiResponse<unknown>, success?: string): boolean {
  if (res.status === '200') {
    if (success !== undefined) message.success(success || res.message);
    return true;
  }
  message.error(res.message || '服务器异常');
  return false;
}

export const downloadGet = (path: string, params?: Params) => download(SERVICE, path, { method: 'GET', params });
export const downloadPost = (path: string, params?: Params) => download(SERVICE, path, { method: 'POST', params });

/** A multipart upload of one Excel file; bad rows come back in data.errors. */
export async function uploadExcel(path: string, file: File) {
  const formData = new FormData();
  formData.append('file', file);
  return request<{ count?: number; errors?: { row: number; message: string }[] }>(SERVICE, path, { method: 'POST', encoding: 'multipart', formData });
}

export type { Page };

export interface Option {
  label: string;
  value: number | string;
}

export interface ClassifyNode {
  id: number;
  parent_id: number | null;
  name: string;
  code: string;
  sort: number;
  remark: string | null;
  standardCount: number;
  pointCount: number;
  children: ClassifyNode[];
}

export interface StripeOption {
  stripeName: string;
  stripeCode: string;
}

/**
 * The business lines (GET /tbpStripe/query): options with stripeName as label and stripeCode as
 * value. A non-200 answer shows the error toast with its message, or 服务器异常 (spec 8).
 */
export async function loadStripes(): Promise<Option[]> {
  const res = await get<StripeOption[]>('/tbpStripe/query');
  if (res.status !== '200') {
    message.error(res.message || '服务器异常');
    return [];
  }
  return (res.data ?? []).map((s) => ({ label: s.stripeName, value: s.stripeCode }));
}

/** The projects the user may work in (base /org/projects). */
export async function loadProjects(): Promise<Option[]> {
  const res = await request<Option[]>('base', '/org/projects');
  return res.status === '200' ? (res.data ?? []) : [];
}

export const STATUS: Record<string, { text: string; color: string }> = {
  not_started: { text: '未开始', color: 'default' },
  in_progress: { text: '进行中', color: 'processing' },
  finished: { text: '已完成', color: 'success' },
  overdue: { text: '已超期', color: 'warning' },
  missed: { text: '漏检', color: 'error' },
};

export const HANDLE: Record<string, { text: string; color: string }> = {
  none: { text: '无问题', color: 'default' },
  pending: { text: '待处理', color: 'warning' },
  handled: { text: '已处理', color: 'success' },
};

export const RESULT: Record<string, { text: string; color: string }> = {
  normal: { text: '正常', color: 'success' },
  abnormal: { text: '异常', color: 'error' },
};

export const LEVEL: Record<string, { text: string; color: string }> = {
  general: { text: '一般', color: 'blue' },
  serious: { text: '严重', color: 'red' },
};

export const PLAN_STATUS: Record<string, { text: string; color: string }> = {
  running: { text: '执行中', color: 'success' },
  stopped: { text: '已停用', color: 'default' },
};

export const WEEKDAYS = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'].map((label, i) => ({ label, value: i + 1 }));

/** The point filter values of a date range picker (['2026-11-01', '2026-11-22']) as startDay / endDay. */
export function withDays(values: Record<string, unknown>, field = 'days'): Record<string, unknown> {
  const { [field]: range, ...rest } = values;
  if (!Array.isArray(range) || range.length !== 2) return rest;
  return { ...rest, startDay: range[0], endDay: range[1] };
}
