import type { FastifyInstance } from 'fastify';
import { ApiError } from './envelope.ts';

/**
 * The shape of a JSON body, checked on its text before it is parsed (issue 40, finding 7): a
 * 40 KB body 20,000 arrays deep reached the signature's recursive handling and answered 500.
 * Nothing the product sends comes near these limits (its deepest bodies are filters holding lists).
 */
export const JSON_LIMITS = {
  /** Nesting of objects and arrays. */
  depth: 32,
  /** Members of one object. */
  keys: 1000,
  /** Characters of one member name. */
  keyLength: 256,
  /** Members of all objects together. */
  totalKeys: 20_000,
} as const;

export const JSON_SHAPE_REFUSED = '请求内容不合法：嵌套层级过深、字段过多或字段名过长';

/** Why the JSON text breaks a limit, or null. One pass over the characters, no recursion. */
export function jsonShapeProblem(text: string, limits: typeof JSON_LIMITS = JSON_LIMITS): string | null {
  const keysAt: number[] = [];
  const isObject: boolean[] = [];
  let total = 0;
  let inString = false;
  let stringStart = 0;
  let lastStringLength = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) {
        inString = false;
        lastStringLength = i - stringStart - 1;
      }
      continue;
    }
    switch (c) {
      case 34: // "
        inString = true;
        stringStart = i;
        break;
      case 123: // {
      case 91: // [
        if (isObject.length >= limits.depth) return 'depth';
        isObject.push(c === 123);
        keysAt.push(0);
        break;
      case 125: // }
      case 93: // ]
        isObject.pop();
        keysAt.pop();
        break;
      case 58: // : after a member name
        if (isObject.at(-1)) {
          if (lastStringLength > limits.keyLength) return 'key-length';
          const n = keysAt.length - 1;
          if (++keysAt[n]! > limits.keys) return 'keys';
          if (++total > limits.totalKeys) return 'total-keys';
        }
        break;
    }
  }
  return null;
}

/** Replaces the JSON body parser: the shape is checked first, then Fastify's own parser (prototype poisoning refused) runs. */
export function registerJsonLimits(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonShapeProblem(text)) {
      request.log.warn({ problem: jsonShapeProblem(text), bytes: text.length }, 'JSON body refused by its shape');
      done(new ApiError(400, JSON_SHAPE_REFUSED), undefined);
      return;
    }
    parse(request, text, done);
  });
}
