// Compiled input validators, shared by everything one process builds. ajv's costly part is not
// running a validator but making one: each new Ajv compiles the meta-schema that every schema is
// checked against, and each schema compiles to code. A server made ~1,300 route validators and a
// new Ajv per resource and per report at every start, half of its start time; test processes
// start many servers over the same schemas. Validators are pure functions of their schema and
// options, so one compiled per distinct schema serves every route and every server that asks.
import Ajv, { type Options, type ValidateFunction } from 'ajv';
import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifySchemaCompiler } from 'fastify';

/** Memoises `compile` by the schema's JSON (schemas here are plain JSON: no functions, no $id). */
function memoised(compile: (schema: object) => ValidateFunction): (schema: object) => ValidateFunction {
  const compiled = new Map<string, ValidateFunction>();
  return (schema) => {
    const key = JSON.stringify(schema);
    let validate = compiled.get(key);
    if (!validate) compiled.set(key, (validate = compile(schema)));
    return validate;
  };
}

const engineAjv = new Ajv({ allErrors: false, coerceTypes: false, strict: false });

/** A validator for a body, filter or step input the engine derives from a schema (no coercion: JSON bodies are typed). */
export const compileInputValidator = memoised((schema) => engineAjv.compile(schema));

/**
 * Fastify's own validator compiler (its ajv options, ajv-formats) with one pool for the process,
 * where each Fastify instance made its own: pass as `schemaController.compilersFactory.buildValidator`.
 */
export function sharedRouteCompilers(): ReturnType<typeof AjvCompiler> {
  const pool = AjvCompiler();
  const byOptions = new Map<string, FastifySchemaCompiler<unknown>>();
  const shared = (externalSchemas: unknown, options?: { customOptions?: Options }): FastifySchemaCompiler<unknown> => {
    const key = JSON.stringify([externalSchemas, options?.customOptions]);
    let compiler = byOptions.get(key);
    if (!compiler) {
      const build = pool(externalSchemas as never, options as never) as unknown as FastifySchemaCompiler<unknown>;
      const compile = memoised((schema) => build({ schema, method: '', url: '', httpPart: '' } as never) as ValidateFunction);
      compiler = ({ schema }) => compile(schema as object);
      byOptions.set(key, compiler);
    }
    return compiler;
  };
  return shared as unknown as ReturnType<typeof AjvCompiler>;
}
