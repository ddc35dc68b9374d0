import type { FastifyInstance } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { asText } from '../../platform/db/dialect.ts';
import type { ResourceDef } from '../../../src/shared/schemaTypes.ts';
import type { AnyDB, AnySelect, Row } from '../hooks.ts';

type Linked = { id: unknown; label: unknown };

/** Labels of linked records, each once (posts of the same name at several projects read as one). */
export const joinLabels = (links: { label: unknown }[]): string => [...new Set(links.map((l) => String(l.label ?? '')))].join('、');

/**
 * How a resource reads and writes its references: referenced records' labels joined into reads,
 * and link fields (`through`: staff_post...) kept in join tables as lists of ids.
 */
export function referenceHelpers(app: FastifyInstance, resource: ResourceDef) {
  const db = app.db as unknown as AnyDB;
  const table = resource.name;
  const fields = Object.entries(resource.fields);
  const refFields = fields.filter(([, f]) => f.ref && !f.through);
  const linkFields = fields.filter(([, f]) => f.through);
  const linkNames = new Set(linkFields.map(([n]) => n));

  /** How a record of `ref` (joined as alias) is named elsewhere: its resource's refLabel, else its labelField. */
  function refLabel(ref: string, alias: string): RawBuilder<unknown> {
    const target = app.catalogue.resources.get(ref);
    if (!target?.refLabel) return sql.ref(`${alias}.${target?.labelField ?? 'name'}`);
    const parts = target.refLabel.split(/\{(\w+)\}/).map((part, i) => (i % 2 ? sql`coalesce(${asText(sql.ref(`${alias}.${part}`))}, '')` : sql.lit(part)));
    return sql`case when ${sql.ref(`${alias}.id`)} is null then null else ${sql.join(parts, sql` || `)} end`;
  }

  /**
   * Referenced records' labels as "<field>_label", so lists, details and exports show names rather
   * than ids. Each a subquery by id, not a left join: PostgreSQL plans joins in every order it may,
   * and a work order's nine references took its planner 100–300 ms a list call (the query itself
   * ran in 1 ms); subqueries are planned one by one and run for the page's rows only.
   */
  function withRefLabels(query: AnySelect): AnySelect {
    let q = query;
    for (const [name, f] of refFields) {
      const alias = `ref_${name}`;
      q = q.select(sql`(select ${refLabel(f.ref!, alias)} from ${sql.table(f.ref!)} as ${sql.id(alias)} where ${sql.ref(`${alias}.id`)} = ${sql.ref(`${table}.${name}`)})`.as(`${name}_label`));
    }
    return q;
  }

  /** What a write puts in the table's own columns: link fields go to their join tables. */
  const columnsOf = (values: Row): Row => Object.fromEntries(Object.entries(values).filter(([k]) => !linkNames.has(k)));

  /** Each record's linked ids per link field, with their labels (`ids` null: every record's). */
  async function linksOf(ids: unknown[] | null, q: AnyDB = db): Promise<Map<string, Map<unknown, Linked[]>>> {
    const out = new Map<string, Map<unknown, Linked[]>>();
    for (const [name, f] of linkFields) {
      const t = f.through!;
      let query = q
        .selectFrom(`${t.table} as link`)
        .innerJoin(`${f.ref} as target`, 'target.id', `link.${t.to}`)
        .select([`link.${t.from} as owner`, 'target.id as id', refLabel(f.ref!, 'target').as('label')]);
      if (ids) query = query.where(`link.${t.from}`, 'in', ids);
      const byOwner = new Map<unknown, Linked[]>();
      for (const l of (await query.orderBy('target.id').execute()) as Row[]) byOwner.set(l.owner, [...(byOwner.get(l.owner) ?? []), { id: l.id, label: l.label }]);
      out.set(name, byOwner);
    }
    return out;
  }

  /** Link fields answered as ids and "<field>_label". */
  async function withLinks(rows: Row[], q: AnyDB = db): Promise<Row[]> {
    if (!linkFields.length || !rows.length) return rows;
    const links = await linksOf(rows.map((r) => r.id), q);
    for (const r of rows) {
      for (const [name] of linkFields) {
        const own = links.get(name)!.get(r.id) ?? [];
        r[name] = own.map((l) => l.id);
        r[`${name}_label`] = joinLabels(own);
      }
    }
    return rows;
  }

  /** Replaces a record's links for each link field the write names (auto-maintained ones are left to their hooks). */
  async function writeLinks(trx: AnyDB, id: number, values: Row): Promise<void> {
    for (const [name, f] of linkFields) {
      if (!(name in values) || f.auto) continue;
      const t = f.through!;
      await trx.deleteFrom(t.table).where(t.from, '=', id).execute();
      for (const target of (values[name] as number[] | null) ?? []) await trx.insertInto(t.table).values({ [t.from]: id, [t.to]: target }).execute();
    }
  }

  return { linkFields, withRefLabels, columnsOf, linksOf, withLinks, writeLinks };
}
