import type { JsonShape, NestedImport, ResourceDef, ResourceField } from '../../../src/shared/schemaTypes.ts';
import { describeIssue } from '../validation.ts';

/**
 * Nested import (capability 10): the child columns of a resource's import, how a sheet's rows
 * group into records with child rows, and which Excel row a validation issue inside the child
 * list belongs to. transfer.ts reads the sheet and writes; this file knows the nesting.
 */

export interface ChildColumn {
  key: string;
  title: string;
  shape: JsonShape;
}

/** The child columns with their item shapes (the lint has checked that each key is a member of the list's items). */
export function childColumns(resource: ResourceDef, nested: NestedImport): ChildColumn[] {
  const items = resource.fields[nested.field]?.shape?.items;
  return nested.columns.map((c) => ({ ...c, shape: items?.properties?.[c.key] ?? { type: 'string', maxLength: 2000 } }));
}

/** A child cell's text as its member's value: 是 / 否 for a boolean, digits for a number. */
export function childValue(shape: JsonShape, text: string): unknown {
  const types = Array.isArray(shape.type) ? shape.type : [shape.type];
  if (types.includes('boolean')) return ['是', '1', 'true', '正确', '√'].includes(text) ? true : ['否', '0', 'false', '错误', '×'].includes(text) ? false : text;
  if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  return text;
}

/** One record of the file: its own row, its values and the Excel row number of each child item. */
export interface NestedRecord<V> {
  row: number;
  values: V;
  childRows: number[];
}

/**
 * Groups a sheet's non-empty rows: a row with any record cell starts a record; a row with child
 * cells alone adds an item to the record above it. Answers the records and the rows that came
 * before any record (each one an error).
 */
export function groupNested<V extends Record<string, unknown>>(
  rows: { row: number; own: V | null; child: Record<string, unknown> | null }[],
  field: string,
): { records: NestedRecord<V>[]; orphans: number[] } {
  const records: NestedRecord<V>[] = [];
  const orphans: number[] = [];
  for (const { row, own, child } of rows) {
    if (own) {
      records.push({ row, values: { ...own, [field]: child ? [child] : [] }, childRows: child ? [row] : [] });
      continue;
    }
    const last = records[records.length - 1];
    if (!last || !child) {
      orphans.push(row);
      continue;
    }
    (last.values[field] as unknown[]).push(child);
    last.childRows.push(row);
  }
  return { records, orphans };
}

interface Issue {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

/**
 * The row and the Chinese message of a validation issue of a nested record: an issue inside the
 * child list (`/options/2/content`) belongs to that child's row and names its column.
 */
export function placeIssue(resource: ResourceDef, nested: NestedImport, record: NestedRecord<unknown>, issue: Issue): { row: number; message: string } {
  const parts = issue.instancePath.split('/');
  if (parts[1] !== nested.field || parts[2] === undefined) return { row: record.row, message: describeIssue(resource, issue as never) };
  const row = record.childRows[Number(parts[2])] ?? record.row;
  const member = issue.keyword === 'required' && parts.length === 3 ? String(issue.params.missingProperty) : (parts[3] ?? '');
  const fields: Record<string, ResourceField> = Object.fromEntries(nested.columns.map((c) => [c.key, { type: 'string', title: c.title }]));
  const asColumn = { ...resource, fields } as ResourceDef;
  const inner = issue.keyword === 'required' && parts.length === 3 ? { ...issue, instancePath: '' } : { ...issue, instancePath: `/${member}` };
  return { row, message: describeIssue(asColumn, inner as never) };
}
