// Invalid inputs for one API route, generated with fast-check from the route's own JSON schemas:
// a plausible request is built from the schema, then broken in one way (wrong type, missing
// field, hostile key, SQL text, huge string, odd Content-Type, bad path parameter, no or a bad
// signature). Only inputs that the server must refuse are kept: the route's schemas, compiled
// with the server's ajv options, judge every candidate as the server will see it.
import { JSON_LIMITS, jsonShapeProblem } from '../../../server/platform/http/jsonLimits.ts';
import Ajv, { type ValidateFunction } from 'ajv';
import fc from 'fast-check';
import type { RouteEntry } from '../../../server/platform/http/routeTable.ts';

type Schema = Record<string, any>;
type Obj = Record<string, unknown>;

/** How the request is authenticated: the admin's signed call, or one the signature or session check must stop. */
export type FuzzAuth = 'signed' | 'unsigned' | 'bad-sign' | 'anonymous';

export interface FuzzInput {
  /** What was broken, e.g. "body:wrong-type" or "transport:invalid-json". */
  kind: string;
  /** Values of the URL's :params, unencoded. */
  params: Record<string, string>;
  /** Query pairs as sent (repeated names allowed); timestamp and nonce are added when sending. */
  query: [string, string][];
  /** The raw body and its Content-Type (null: none sent). */
  body?: { type: string | null; text: string };
  auth: FuzzAuth;
}

// ---- values -------------------------------------------------------------------------------

export const SQL_FRAGMENTS = [
  "' OR '1'='1",
  "1; DROP TABLE staff; --",
  'id; DELETE FROM work_order',
  'name desc, (SELECT password_hash FROM staff)',
  '1 UNION SELECT token_hash, 1 FROM session --',
  '" OR ""="',
  "') OR ('x'='x",
  'id`; --',
  '1) OR 1=1 --',
  "%' AND 1=0 UNION SELECT sql FROM sqlite_master --",
  'CASE WHEN 1 THEN id END',
];
const ODD_STRINGS = ['__proto__', 'constructor', 'prototype', 'toString', '', ' ', 'null', 'undefined', 'NaN', 'Infinity', '-1', '0', '1e309', '0x10', '1.5', '9'.repeat(40), '\u0000', '\u202e', '../../etc/passwd', '<script>alert(1)</script>', '${7*7}', '%00', '😀'.repeat(50), '丂'.repeat(300)];
const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', '$where', 'toString', ...SQL_FRAGMENTS.slice(0, 4)];

/** Long strings, past every maxLength; mostly moderate, as each is signed and parsed twice. */
const huge = (max: number) =>
  fc.oneof({ weight: 4, arbitrary: fc.integer({ min: Math.min(4100, max), max: Math.min(20_000, max) }) }, { weight: 1, arbitrary: fc.integer({ min: Math.min(100_001, max), max }) }).map((n) => 'x'.repeat(n));
const scalarJunk = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(-1, 0, 2 ** 53 + 1, 1e308, -1e308, 0.5),
  fc.string({ maxLength: 40 }),
  fc.constantFrom(...ODD_STRINGS, ...SQL_FRAGMENTS),
);
/** Any wrong value: scalars, arrays, objects with hostile keys, huge strings (bodies allow more than URLs). */
const junk = (hugeMax: number): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 6, arbitrary: scalarJunk },
    { weight: 1, arbitrary: fc.array(scalarJunk, { minLength: 2, maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('a', 'id', ...HOSTILE_KEYS), scalarJunk, { minKeys: 1, maxKeys: 3 }) },
    { weight: 1, arbitrary: huge(hugeMax) },
  );

// ---- a plausible value of a schema --------------------------------------------------------

const typeOf = (s: Schema): string | undefined => (Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type);

/** A value of the schema, as simple as it gets (valid unless a pattern says otherwise). */
export function sampleOf(s: Schema | undefined): unknown {
  if (!s || typeof s !== 'object') return null;
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  const branch = s.anyOf ?? s.oneOf;
  if (Array.isArray(branch)) return sampleOf(branch.find((b: Schema) => b.type !== 'null') ?? branch[0]);
  switch (typeOf(s)) {
    case 'object':
      return Object.fromEntries(((s.required ?? []) as string[]).map((k) => [k, sampleOf(s.properties?.[k])]));
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => sampleOf(s.items));
    case 'integer':
    case 'number':
      return Math.min(Math.max(1, s.minimum ?? 1), s.maximum ?? Infinity);
    case 'boolean':
      return true;
    case 'string':
      return 'a'.repeat(Math.max(1, s.minLength ?? 1));
    default:
      return 1;
  }
}

// ---- breaking an object part (query or body) ----------------------------------------------

const propsOf = (s: Schema | undefined): string[] => [...new Set([...Object.keys(s?.properties ?? {}), ...((s?.required ?? []) as string[])])];
const isNumeric = (s: Schema | undefined) => !!s && ['integer', 'number'].includes(typeOf(s) ?? '');
/** Names that feed ORDER BY or WHERE clauses get SQL text more often. */
const QUERYISH = /sort|order|filter|keyword|field|name|search|code|type/i;

/** One way of breaking an object that should match `schema`; `hugeMax` bounds string sizes. */
function brokenObject(schema: Schema | undefined, hugeMax: number): fc.Arbitrary<{ how: string; value: unknown }> {
  const base = (sampleOf(schema ?? { type: 'object' }) ?? {}) as Obj;
  const props = propsOf(schema);
  const required = (schema?.required ?? []) as string[];
  const with_ = (key: string, value: unknown): Obj => {
    const out: Obj = { ...base };
    // defineProperty: a key named __proto__ must become a real field, as JSON.parse makes it.
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
    return out;
  };
  const prop = props.length ? fc.constantFrom(...props) : fc.constantFrom('id', 'pageSize');
  const queryish = props.filter((p) => QUERYISH.test(p));
  const numeric = props.filter((p) => isNumeric(schema?.properties?.[p]));
  const ops: fc.Arbitrary<{ how: string; value: unknown }>[] = [
    fc.tuple(prop, junk(hugeMax)).map(([p, v]) => ({ how: 'wrong-type', value: with_(p, v) })),
    fc.tuple(fc.oneof(fc.constantFrom(...HOSTILE_KEYS), fc.string({ minLength: 1, maxLength: 12 })), junk(hugeMax)).map(([k, v]) => ({ how: 'extra-key', value: with_(k, v) })),
    fc.tuple(queryish.length ? fc.constantFrom(...queryish) : prop, fc.constantFrom(...SQL_FRAGMENTS)).map(([p, v]) => ({ how: 'sql', value: with_(p, v) })),
    fc.tuple(prop, fc.array(scalarJunk, { minLength: 2, maxLength: 5 })).map(([p, v]) => ({ how: 'array-for-scalar', value: with_(p, v) })),
    fc.tuple(prop, huge(hugeMax)).map(([p, v]) => ({ how: 'huge-string', value: with_(p, v) })),
  ];
  if (props.includes('filters')) {
    const filterValue = fc.oneof(fc.constantFrom(...SQL_FRAGMENTS), junk(hugeMax));
    // The list's own filter names (declared in its schema) first: those reach SQL.
    const filterNames = Object.keys(schema?.properties?.filters?.properties ?? {});
    const filterKey = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...filterNames, 'name', 'id', 'project_id', 'enabled') }, { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_KEYS) });
    ops.push(fc.dictionary(filterKey, filterValue, { minKeys: 1, maxKeys: 3 }).map((f) => ({ how: 'sql-filters', value: with_('filters', f) })));
  }
  if (required.length) ops.push(fc.constantFrom(...required).map((p) => ({ how: 'missing-required', value: Object.fromEntries(Object.entries(base).filter(([k]) => k !== p)) })));
  if (numeric.length) {
    const edges = (p: string) => {
      const s = schema!.properties[p] as Schema;
      // The strings coerce to ±Infinity, which slipped past ajv's minimum and maximum once.
      return [s.minimum !== undefined ? s.minimum - 1 : -1, s.maximum !== undefined ? s.maximum + 1 : 2 ** 63, typeOf(s) === 'integer' ? 1.5 : 1e308, -1e308, 'Infinity', '-1e999'];
    };
    ops.push(fc.constantFrom(...numeric).chain((p) => fc.constantFrom(...edges(p)).map((v) => ({ how: 'out-of-range', value: with_(p, v) }))));
  }
  return fc.oneof(...ops);
}

// ---- wire forms ---------------------------------------------------------------------------

/** A query value as text: objects and arrays as JSON, as the browser's helper sends them. */
const text = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
const pairsOf = (o: Obj): [string, string][] => Object.entries(o).map(([k, v]) => [k, text(v)]);

const BODY_TYPES = ['POST', 'PUT', 'PATCH', 'DELETE'];
export const takesBody = (route: RouteEntry) => BODY_TYPES.includes(route.method);

/** JSON texts past the server's shape limits (server/platform/http/jsonLimits.ts), each small enough for the body limit. */
const HOSTILE_SHAPES = [
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
  `{"a":${'['.repeat(JSON_LIMITS.depth)}${']'.repeat(JSON_LIMITS.depth)}}`,
  `{"${'k'.repeat(10_000)}":1}`,
  `{${Array.from({ length: 5_000 }, (_, i) => `"k${i}":1`).join(',')}}`,
  `[${Array.from({ length: 30 }, (_, j) => `{${Array.from({ length: 900 }, (_, i) => `"k${i}":${j}`).join(',')}}`).join(',')}]`,
];

/** The body's transport: JSON mostly, else an odd Content-Type or a broken payload. */
function bodyWire(value: unknown): fc.Arbitrary<{ how: string; type: string | null; text: string }> {
  const json = JSON.stringify(value) ?? 'null';
  return fc.oneof(
    { weight: 12, arbitrary: fc.constant({ how: 'json', type: 'application/json', text: json }) },
    { weight: 1, arbitrary: fc.constant({ how: 'text-plain', type: 'text/plain', text: json }) },
    { weight: 1, arbitrary: fc.constant({ how: 'multipart-no-boundary', type: 'multipart/form-data', text: json }) },
    { weight: 1, arbitrary: fc.constantFrom('{"a":', '{a:1}', '[', 'nul', '\u0000', json + '}', `${json.slice(0, -1)},}`).map((t) => ({ how: 'invalid-json', type: 'application/json', text: t })) },
    { weight: 1, arbitrary: fc.constantFrom('application/json; charset=utf-16', 'application/json; charset=latin1', 'application/json; charset=utf-7', 'application/json; charset="utf-8"; boundary=x').map((type) => ({ how: 'charset', type, text: json })) },
    { weight: 1, arbitrary: fc.constantFrom('{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"isAdmin":true}}}', '{"a":1,"__proto__":{"x":1}}').map((t) => ({ how: 'proto-poison', type: 'application/json', text: t })) },
    { weight: 1, arbitrary: fc.constantFrom('application/xml', 'application/octet-stream', 'image/png', 'text/html', 'application/x-www-form-urlencoded').map((type) => ({ how: `type:${type}`, type, text: json })) },
    { weight: 1, arbitrary: fc.constant({ how: 'no-content-type', type: null, text: json }) },
    // Hostile shapes (issue 40): deep nesting, long member names, many members; refused by their shape before anything reads them.
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_SHAPES).map((text) => ({ how: 'hostile-shape', type: 'application/json', text })) },
  );
}

/** Path parameters that are not what the route expects. */
const BAD_PATH_VALUES = ['abc', '-1', '0', '1.5', '1e3', '0x10', '9'.repeat(30), "1' OR '1'='1", '..%2F..%2Fetc%2Fpasswd', '__proto__', 'constructor', '%00', 'null', ' ', '丂'];

// ---- judging a candidate as the server will -----------------------------------------------

/** The server's ajv settings (server/app.ts), so "invalid" means what the server means. */
const ajv = new Ajv({ coerceTypes: 'array', useDefaults: true, removeAdditional: false, allErrors: false, strict: false });
const compiled = new WeakMap<object, ValidateFunction>();
function passes(schema: Schema | undefined, data: unknown): boolean {
  if (!schema) return true;
  let validate = compiled.get(schema);
  if (!validate) compiled.set(schema, (validate = ajv.compile(schema)));
  return validate(structuredClone(data)) as boolean;
}

/** Query pairs as Fastify parses them: repeated names become arrays. */
export function parsedQuery(pairs: [string, string][]): Obj {
  const out: Obj = {};
  for (const [k, v] of pairs) {
    const prev = Object.hasOwn(out, k) ? out[k] : undefined;
    Object.defineProperty(out, k, { value: prev === undefined ? v : [prev, v].flat(), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** The body as the server's parsers leave it, or 'refused' when no parser accepts it. */
export function parsedBody(body: FuzzInput['body']): unknown {
  if (!body) return undefined;
  const type = (body.type ?? '').split(';')[0]!.trim();
  if (!body.type) return body.text ? 'refused' : undefined;
  if (type === 'application/json') {
    if (jsonShapeProblem(body.text)) return 'refused';
    try {
      const value = JSON.parse(body.text);
      return /"(__proto__|constructor)"/.test(body.text) ? 'refused' : value; // secure-json-parse refuses both
    } catch {
      return 'refused';
    }
  }
  if (type === 'text/plain') return body.text;
  if (type === 'multipart/form-data') return undefined; // read as a stream by routes that take files
  if (type === 'application/x-www-form-urlencoded') return parsedQuery([...new URLSearchParams(body.text)]);
  return 'refused';
}

/** True when the server must refuse the input (before or by validation). */
export function mustRefuse(route: RouteEntry, input: FuzzInput): boolean {
  const signatureStops = !route.config.unsigned && (input.auth === 'unsigned' || input.auth === 'bad-sign');
  const sessionStops = !route.config.public && input.auth === 'anonymous';
  if (signatureStops || sessionStops) return true;
  const body = parsedBody(input.body);
  if (body === 'refused') return true;
  const schema: Schema = route.schema ?? {};
  return !passes(schema.params, input.params) || !passes(schema.querystring, parsedQuery(input.query)) || (takesBody(route) && !passes(schema.body, body ?? null));
}

// ---- the generator --------------------------------------------------------------------------

const AUTH = fc.oneof({ weight: 17, arbitrary: fc.constant<FuzzAuth>('signed') }, { weight: 1, arbitrary: fc.constant<FuzzAuth>('unsigned') }, { weight: 1, arbitrary: fc.constant<FuzzAuth>('bad-sign') }, { weight: 1, arbitrary: fc.constant<FuzzAuth>('anonymous') });

/** An arbitrary of inputs the route must refuse. */
export function invalidInputs(route: RouteEntry): fc.Arbitrary<FuzzInput> {
  const schema: Schema = route.schema ?? {};
  const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const goodParams = Object.fromEntries(paramNames.map((n) => [n, String(sampleOf(schema.params?.properties?.[n]) ?? '1')]));
  const validParams = { ...goodParams, ...(route.url.includes(':month') ? { month: '202611' } : {}), ...(route.url.includes(':name') ? { name: `${'0'.repeat(32)}.png` } : {}) };
  const baseQuery = pairsOf((sampleOf(schema.querystring ?? { type: 'object' }) ?? {}) as Obj);
  const baseBody = takesBody(route) ? sampleOf(schema.body ?? { type: 'object' }) ?? {} : undefined;
  const plainBody = baseBody === undefined ? undefined : { type: 'application/json', text: JSON.stringify(baseBody) };

  const parts: fc.Arbitrary<Omit<FuzzInput, 'auth'>>[] = [
    // The query: GET routes take their input there; any other route must refuse unknown names.
    brokenObject(schema.querystring, 6000).map(({ how, value }) => ({ kind: `query:${how}`, params: validParams, query: pairsOf(value as Obj), body: plainBody })),
    fc.tuple(fc.constantFrom(...HOSTILE_KEYS, 'a[b]', '__proto__[x]', 'constructor[prototype][x]'), fc.constantFrom('1', ...SQL_FRAGMENTS)).map(([k, v]) => ({ kind: 'query:hostile-name', params: validParams, query: [...baseQuery, [k, v]] as [string, string][], body: plainBody })),
    fc.constantFrom(...(baseQuery.length ? baseQuery.map(([k]) => k) : ['id'])).map((k) => ({ kind: 'query:repeated', params: validParams, query: [...baseQuery, [k, '1'], [k, 'x']] as [string, string][], body: plainBody })),
  ];
  if (takesBody(route)) {
    const notAnObject = junk(300_000).filter((v) => v === null || typeof v !== 'object' || Array.isArray(v)).map((value) => ({ how: 'not-an-object', value }));
    parts.push(
      fc.oneof({ weight: 4, arbitrary: brokenObject(schema.body, 300_000) }, { weight: 1, arbitrary: notAnObject }).chain(({ how, value }) =>
        bodyWire(value).map((wire) => ({ kind: `body:${how}${wire.how === 'json' ? '' : `+${wire.how}`}`, params: validParams, query: baseQuery, body: { type: wire.type, text: wire.text } })),
      ),
    );
  }
  if (paramNames.length) {
    parts.push(fc.tuple(fc.constantFrom(...paramNames), fc.constantFrom(...BAD_PATH_VALUES)).map(([n, v]) => ({ kind: 'path:not-an-id', params: { ...validParams, [n]: v }, query: baseQuery, body: plainBody })));
  }
  // Weighted towards the parts a route actually reads.
  const weights = parts.map((_, i) => (takesBody(route) ? (i === 3 ? 10 : i === 0 ? 3 : 1) : i === 0 ? 10 : i === parts.length - 1 && paramNames.length ? 3 : 1));
  return fc
    .tuple(fc.oneof(...parts.map((arbitrary, i) => ({ weight: weights[i]!, arbitrary }))), AUTH)
    .map(([input, auth]) => ({ ...input, auth }))
    .filter((input) => mustRefuse(route, input));
}

/** `count` inputs for a route, reproducible from `seed`. */
export function sampleInvalidInputs(route: RouteEntry, count: number, seed: number): FuzzInput[] {
  return fc.sample(invalidInputs(route), { numRuns: count, seed });
}
