import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError, failure } from './envelope.ts';

const AJV_MESSAGES: Record<string, (p: Record<string, unknown>) => string> = {
  required: (p) => `缺少必填字段 ${p.missingProperty}`,
  type: (p) => `类型应为 ${p.type}`,
  minLength: (p) => `长度不能少于 ${p.limit} 个字符`,
  maxLength: (p) => `长度不能超过 ${p.limit} 个字符`,
  minimum: (p) => `不能小于 ${p.limit}`,
  maximum: (p) => `不能大于 ${p.limit}`,
  enum: (p) => `取值应为 ${(p.allowedValues as unknown[]).join('、')} 之一`,
  pattern: () => '格式不正确',
  format: (p) => `格式应为 ${p.format}`,
  additionalProperties: (p) => `不允许的字段 ${p.additionalProperty}`,
  minItems: (p) => `至少需要 ${p.limit} 项`,
  maxItems: (p) => `最多 ${p.limit} 项`,
};

interface AjvIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** Turns Fastify's ajv validation result into one Chinese sentence naming the field. */
export function describeValidation(issues: AjvIssue[]): string {
  const first = issues[0];
  if (!first) return '请求参数不正确';
  const field = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const text = AJV_MESSAGES[first.keyword]?.(first.params) ?? '取值不正确';
  return `请求参数不正确：${field ? `${field} ` : ''}${text}`;
}

/**
 * One error path for the whole server: expected refusals keep their status and message,
 * validation errors become 400 with a Chinese message, anything else is logged and
 * answered as 500 系统异常 without a stack trace.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      reply.headers(error.headers).code(error.httpStatus).send(failure(error.httpStatus, error.message));
      return;
    }
    const fe = error as FastifyError;
    if (fe.validation) {
      reply.code(400).send(failure(400, describeValidation(fe.validation as AjvIssue[])));
      return;
    }
    const status = fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500 ? fe.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: error }, 'unhandled error');
      reply.code(500).send(failure(500, '系统异常'));
      return;
    }
    const message =
      status === 413 ? '上传内容过大' : status === 415 ? '不支持的请求格式' : status === 429 ? '操作过于频繁，请稍后再试' : '请求无法处理';
    reply.code(status).send(failure(status, message));
  });
}
