import type { ResourceDef, ResourceField } from '../../src/shared/schemaTypes.ts';
import { ApiError } from '../platform/http/envelope.ts';
import { DATETIME_TEXT } from './resources/dateTimes.ts';
import { fileRefRefusal, shapeSchema } from './jsonShapes.ts';
import { audienceShape } from './audience.ts';
import { runtimeFieldSchema } from './runtimeForms.ts';
import { geoJsonSchema } from '../../src/shared/geo.ts';

interface AjvIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** The JSON schema of one field's value, as ajv checks it. */
export function fieldSchema(field: ResourceField): Record<string, unknown> {
  // Ids of the linked records (a join table); none is an empty list.
  if (field.through) return { anyOf: [{ type: 'array', maxItems: 500, items: { type: 'integer', minimum: 1 } }, { type: 'null' }] };
  switch (field.type) {
    case 'string':
    case 'text':
    case 'html': {
      const s: Record<string, unknown> = { type: 'string', maxLength: field.maxLength ?? (field.type === 'html' ? 100_000 : field.type === 'text' ? 5000 : 255) };
      if (field.minLength !== undefined) s.minLength = field.minLength;
      if (field.pattern) s.pattern = field.pattern;
      if (field.enum) s.enum = Object.keys(field.enum);
      // null first: with coerceTypes a string branch first would turn null into "".
      return field.required ? s : { anyOf: [{ type: 'null' }, s] };
    }
    case 'datetime': {
      // Milliseconds, or a date-time text (the picker's "2026-12-01 09:30") that the server turns into them.
      const types = field.required ? ['integer', 'string'] : ['integer', 'string', 'null'];
      return { type: types, pattern: DATETIME_TEXT, ...(field.minimum !== undefined ? { minimum: field.minimum } : {}), ...(field.maximum !== undefined ? { maximum: field.maximum } : {}) };
    }
    case 'integer':
    case 'number': {
      const s: Record<string, unknown> = { type: field.type === 'number' ? 'number' : 'integer' };
      if (field.minimum !== undefined) s.minimum = field.minimum;
      if (field.maximum !== undefined) s.maximum = field.maximum;
      // nullable, not anyOf: with coerceTypes either order would turn null into 0 or 0 into null.
      return field.required ? s : { ...s, nullable: true };
    }
    case 'boolean':
      return { enum: [true, false, 0, 1] };
    case 'json': {
      // A multi-select of an enum or dictionary: a list of its values (dictionary values checked in checkValues).
      if (field.enum || field.dict) {
        const items = field.enum ? { enum: Object.keys(field.enum) } : { type: ['string', 'number'], maxLength: 100 };
        return { anyOf: [{ type: 'null' }, { type: 'array', maxItems: 200, uniqueItems: true, items }] };
      }
      const runtime = runtimeFieldSchema(field);
      if (runtime) return runtime;
      // Map geometry: its structure here, its meaning (closed ring, distinct corners, ranges) in checkValues.
      if (field.geo) return field.required ? geoJsonSchema(field.geo) : { anyOf: [{ type: 'null' }, geoJsonSchema(field.geo)] };
      // The declared shape (the schema lint requires one), or a scope picker's; null clears an optional field.
      const shape = field.audience ? audienceShape(field.audience) : field.shape;
      if (!shape) return {};
      const s = shapeSchema(shape);
      if (field.required) return s;
      // null in the type list, not anyOf: fastify's coerceTypes "array" would turn a one-item list into its item in a null branch first.
      const own = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
      return { ...s, type: [...new Set([...own, 'null'])] };
    }
  }
}

/** Body schema of add (required fields required) or update (id required, fields optional). */
export function bodySchema(resource: ResourceDef, mode: 'add' | 'update'): Record<string, unknown> {
  // The workflow's state field moves only through transitions, never through add or update.
  const editable = Object.entries(resource.fields).filter(([name, f]) => name !== resource.workflow?.field && !f.auto);
  const properties: Record<string, unknown> = Object.fromEntries(editable.map(([name, f]) => [name, fieldSchema(f)]));
  const required = mode === 'add' ? editable.filter(([, f]) => f.required && f.default === undefined).map(([n]) => n) : [];
  if (mode === 'update') {
    properties.id = { type: 'integer', minimum: 1 };
    required.push('id');
  }
  if (resource.scope === 'project') {
    // An edit form sends the record's project back unchanged; moving it is refused on update.
    properties.project_id = { type: 'integer', minimum: 1 };
    if (mode === 'add') required.push('project_id');
  }
  return { type: 'object', additionalProperties: false, required, properties };
}

/** One Chinese sentence naming the field by its title, from the first ajv issue. */
/** A filter value the database can bind: no objects, no booleans (SQLite binds neither). */
// A type list, not anyOf: with coercion, anyOf's first branch (string) would turn the number 5 into "5".
const FILTER_SCALAR = { type: ['string', 'number', 'null'], maxLength: 200 };
const FILTER_LIST = { type: 'array', items: FILTER_SCALAR, maxItems: 500 };

/**
 * The `filters` object of a list or export: each declared filter takes the shape its kind reads
 * (a value, a list for `in` and join filters, a pair for `range`); other keys, read by resource
 * hooks (work-order views, day ranges), take a value or a list of values. Anything else would reach
 * SQL as an unbindable value.
 */
export function filtersSchema(resource: ResourceDef): Record<string, unknown> {
  const properties = Object.fromEntries(
    Object.entries(resource.fields)
      .filter(([, f]) => f.filter)
      .map(([name, f]) => {
        if (f.filter === 'range') return [name, { anyOf: [{ type: 'null' }, { type: 'array', items: FILTER_SCALAR, maxItems: 2 }] }];
        if (f.filter === 'in' || f.through) return [name, { anyOf: [FILTER_SCALAR, FILTER_LIST] }];
        return [name, FILTER_SCALAR];
      }),
  );
  for (const [name, r] of Object.entries(resource.related ?? {})) if (r.filter) properties[name] = FILTER_SCALAR;
  // A filter across a reference is on (1), off (0) or unset.
  for (const name of Object.keys(resource.relatedFilters ?? {})) properties[name] = { enum: [0, 1, true, false, '0', '1', '', null] };
  return { type: 'object', maxProperties: 50, properties, additionalProperties: { anyOf: [FILTER_SCALAR, FILTER_LIST] } };
}

/** Names of the inputs that are not fields of the resource. */
const QUERY_TITLES: Record<string, string> = { id: '记录编号', project_id: '所属项目', pageNum: '页码', pageSize: '每页条数', sortField: '排序字段', sortOrder: '排序方向' };

export function describeIssue(resource: ResourceDef, issue: AjvIssue): string {
  const [, top, filterName] = issue.instancePath.split('/');
  if (top === 'filters') return `筛选条件${resource.fields[filterName ?? '']?.title ?? resource.relatedFilters?.[filterName ?? '']?.title ?? resource.related?.[filterName ?? '']?.title ?? filterName ?? ''}格式不正确`;
  // A missing member inside a value (a JSON field's item) belongs to that field, not to the body.
  const name = issue.keyword === 'required' && !issue.instancePath ? String(issue.params.missingProperty) : issue.instancePath.split('/')[1] ?? '';
  const field = resource.fields[name];
  const title = field?.title ?? QUERY_TITLES[name] ?? name;
  const p = issue.params;
  // Inside a JSON value the keyword speaks of a member, not of the field: name the field as a whole.
  // A required JSON field left out is missing, as any other field is.
  if (field?.type === 'json' && !field.through && !(issue.keyword === 'required' && !issue.instancePath)) {
    if (issue.keyword === 'pattern' && JSON.stringify(field.shape ?? {}).includes('"file":true')) return fileRefRefusal(title);
    if (issue.keyword === 'maxItems') return `${title}最多 ${p.limit} 项`;
    if (issue.keyword === 'minItems') return p.limit === 1 && issue.instancePath === `/${name}` ? `请填写${title}` : `${title}至少 ${p.limit} 项`;
    // A multi-select's member outside its values: name the values, as a single select's refusal does.
    if (issue.keyword === 'enum' && field.enum) return `${title}应为 ${Object.values(field.enum).join('、')} 之一`;
    return `${title}格式不正确`;
  }
  switch (issue.keyword) {
    case 'required':
      return `请填写${title}`;
    case 'maxLength':
      return `${title}不能超过 ${p.limit} 个字符`;
    case 'minLength':
      return `${title}不能少于 ${p.limit} 个字符`;
    case 'pattern':
      return `${title}${field?.patternMessage ? `：${field.patternMessage}` : '格式不正确'}`;
    case 'minimum':
      return `${title}不能小于 ${p.limit}`;
    case 'maximum':
      return `${title}不能大于 ${p.limit}`;
    case 'enum':
      return field?.enum ? `${title}应为 ${Object.values(field.enum).join('、')} 之一` : `${title}取值不正确`;
    case 'additionalProperties':
      return `不允许的字段 ${p.additionalProperty}`;
    default:
      return `${title}格式不正确`;
  }
}

/** Fastify's schemaErrorFormatter for a resource route: the refusal names the field in Chinese. */
export function resourceErrorFormatter(resource: ResourceDef) {
  return (errors: AjvIssue[]) => {
    // anyOf wraps the real issue of an optional field; prefer the most specific one.
    const issue = errors.find((e) => e.keyword !== 'anyOf' && e.keyword !== 'type') ?? errors[0]!;
    return new ApiError(400, describeIssue(resource, issue));
  };
}
