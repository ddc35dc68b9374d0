import type { FastifyInstance } from 'fastify';
import type { AnyDB, ResourceHooks } from '../../../engine/hooks.ts';
import { scopeRows } from '../../../engine/scope.ts';
import { notFound, ok } from '../../../platform/http/envelope.ts';
import { learnerRows } from '../learnerScope.ts';
import { mapTasks } from '../mapTasks.ts';

const visibleRows = learnerRows('map_progress');
const ID_QUERY = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } };

/** A learner sees their own map progress, managers that of the organisations they see; learnDetail lists its tasks. */
export const mapProgressHooks: ResourceHooks = {
  visibleRows,
  async routes(app: FastifyInstance) {
    const db = app.db as unknown as AnyDB;
    app.get('/tasks', { config: { btnCode: ['learnMap:view', 'mapLedger:view'] }, schema: { querystring: ID_QUERY } }, async (request) => {
      const { id } = request.query as { id: number };
      const row = await (await scopeRows({ db, staff: request.staff!, hooks: { visibleRows } }, { name: 'map_progress' }, db.selectFrom('map_progress').selectAll().where('map_progress.id', '=', id))).executeTakeFirst();
      if (!row) throw notFound('学习记录不存在或不在您的数据范围内');
      const map = await db.selectFrom('learning_map').selectAll().where('id', '=', row.map_id as number).executeTakeFirstOrThrow();
      return ok((await mapTasks(db, map, row.staff_id as number)).map((t, i) => ({ key: i, ...t })));
    });
  },
};
