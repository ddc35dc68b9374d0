import type { FastifyInstance } from 'fastify';
import type { AnyDB, Row } from '../../engine/hooks.ts';
import { visibleProjectIds } from '../../engine/scope.ts';
import { notFound } from '../../platform/http/envelope.ts';
import type { StaffContext } from '../../platform/types.ts';

/** A record of a project-scoped table, if the caller's data scope reaches its project (else 记录不存在, as the generic detail answers). */
export async function visibleRow(app: FastifyInstance, table: string, id: number, staff: StaffContext, what: string): Promise<Row> {
  const row = (await (app.db as unknown as AnyDB).selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;
  if (!row || !(await visibleProjectIds(app.db, staff)).includes(row.project_id as number)) throw notFound(`${what}不存在或无权查看`);
  return row;
}
