import { message } from 'antd';
import { request, type ApiResponse, type RequestOptions } from './request.ts';

/**
 * The older callback-style helper some screens of the legacy console were written against
 * (spec 8): without an error callback, a failure alerts `api error, HTTP CODE: <status>` and an
 * answer without data alerts `error: <body>`. New screens use `request` directly.
 */
export interface LegacyOptions<T> extends RequestOptions {
  success: (data: T, response: ApiResponse<T>) => void;
  error?: (response: ApiResponse<T>) => void;
}

export async function legacyRequest<T = unknown>(service: string, path: string, options: LegacyOptions<T>): Promise<void> {
  const response = await request<T>(service, path, options);
  if (response.status !== '200') {
    if (options.error) options.error(response);
    else window.alert(`api error, HTTP CODE: ${response.status}`);
    return;
  }
  if (response.data === undefined || response.data === null) {
    if (options.error) options.error(response);
    else window.alert(`error: ${JSON.stringify(response)}`);
    return;
  }
  options.success(response.data, response);
}

/** Spec 8: a failed call of the stripe list or the 400 hotline shows its message, or 服务器异常. */
export function toastFailure(response: Pick<ApiResponse, 'status' | 'message'>): boolean {
  if (response.status === '200') return false;
  message.error(response.message || '服务器异常');
  return true;
}
