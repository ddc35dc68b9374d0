/**
 * The one response envelope of every /api route:
 *   { status: '200', code: '200', message: '成功', data }
 * `status` and `code` are the same string so that callers written against either
 * convention of the legacy services (spec 7.4: "status '200'", "result code '200'") work.
 * Failures carry the HTTP status as a string, a Chinese message, and no data.
 */
export interface Envelope<T = unknown> {
  status: string;
  code: string;
  message: string;
  data?: T;
}

export function ok<T>(data: T, message = '成功'): Envelope<T> {
  return { status: '200', code: '200', message, data };
}

export function failure(httpStatus: number, message: string): Envelope<never> {
  return { status: String(httpStatus), code: String(httpStatus), message };
}

/** Thrown by handlers for an expected refusal; the error handler turns it into the envelope. */
export class ApiError extends Error {
  constructor(
    readonly httpStatus: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const forbidden = (message = '没有权限执行该操作') => new ApiError(403, message);
export const notFound = (message = '记录不存在或已被删除') => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);
