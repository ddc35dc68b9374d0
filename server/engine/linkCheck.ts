import type { Column, PageSchema, ResourceDef } from '../../src/shared/schemaTypes.ts';

/**
 * What the lint says of a column's or a description item's `link` (a cell opening a record), as [JSON pointer under the
 * column, message]: the page it opens exists, is not public, and shows the record the row names
 * (a detail page of the row's resource, or of the resource the `by` reference points at), and the
 * id reaches it (its ":id", or a query parameter the detail page reads). `resource` is the rows'
 * resource when known (a list, a child tab); a sub-table's rows come from an endpoint, so `by` is unchecked there.
 */
export function linkColumnProblems(column: Pick<Column, 'cell' | 'link'>, resource: ResourceDef | undefined, pages: Map<string, PageSchema>): [string, string][] {
  if (column.cell !== 'link') return column.link ? [['/link', '"link" belongs to a "link" cell; set "cell": "link"']] : [];
  const link = column.link;
  if (!link) return [['/cell', 'a "link" cell needs "link": { "to": the route of the page it opens }']];
  const target = pages.get(link.to);
  if (!target) return [['/link/to', `no page has the route "${link.to}"; add its page schema or fix the path`]];
  const problems: [string, string][] = [];
  if ('public' in target && target.public) problems.push(['/link/to', `"${link.to}" is a public page, opened only by its signed link`]);
  const by = link.by ?? 'id';
  let opens = resource?.name;
  if (resource && by !== 'id') {
    const ref = resource.fields[by]?.ref;
    if (!ref || resource.fields[by]!.type !== 'integer') problems.push(['/link/by', `"${by}" must be an integer field of "${resource.name}" with "ref" (the record the link opens)`]);
    opens = ref;
  }
  const hasId = link.to.includes(':id');
  if (hasId && link.param) problems.push(['/link/param', `"${link.to}" takes the id in its path (":id"); drop "param"`]);
  if (target.kind === 'detail') {
    if (resource && opens && target.resource !== opens) problems.push([by === 'id' ? '/link/to' : '/link/by', `"${link.to}" shows records of "${target.resource}", but the link opens ${by === 'id' ? 'the row itself' : `"${by}"`}, a record of "${opens}"`]);
    const params = [target.idParam ?? 'id'].flat();
    if (!hasId && !params.includes(link.param ?? 'id')) problems.push(['/link/param', `"${link.to}" reads the record's id from ${params.map((p) => `"${p}"`).join(' or ')}; set "param" to one of them`]);
  } else if (!hasId && !link.param) problems.push(['/link/to', `"${link.to}" is not a detail page: give a route with ":id" or the query parameter it reads ("param")`]);
  return problems;
}
