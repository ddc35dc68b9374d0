import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, notFound, ok } from '../../platform/http/envelope.ts';
import type { DB } from '../../platform/db/index.ts';
import { idProp, offsetOf, pageOf, pageProps, type PageQuery, countRows } from './common.ts';
import { CODES } from './permissions.ts';
import { contains } from '../../platform/db/textSearch.ts';

/** Categories nest at most this deep (分类 > 子分类 > ...). */
const MAX_DEPTH = 4;

export interface ClassifyRow {
  id: number;
  parent_id: number | null;
  name: string;
  code: string;
  sort: number;
  remark: string | null;
}

export interface ClassifyNode extends ClassifyRow {
  standardCount: number;
  pointCount: number;
  children: ClassifyNode[];
}

const fields = {
  parentId: { anyOf: [idProp, { type: 'null' }] },
  name: { type: 'string', minLength: 1, maxLength: 50 },
  code: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,32}$' },
  sort: { type: 'integer', minimum: 0, maximum: 9999 },
  remark: { type: 'string', maxLength: 200 },
};

/** Every category with its counts, as a tree ordered by sort then name. */
export async function classifyTree(db: DB): Promise<ClassifyNode[]> {
  const rows = await db.selectFrom('tbp_classify').select(['id', 'parent_id', 'name', 'code', 'sort', 'remark']).orderBy('sort').orderBy('name').execute();
  const standards = await db.selectFrom('tbp_standard').select(['classify_id', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('classify_id').execute();
  const points = await db
    .selectFrom('tbp_point')
    .select(['classify_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('deleted_at', 'is', null)
    .groupBy('classify_id')
    .execute();
  const sc = new Map(standards.map((s) => [s.classify_id, Number(s.n)]));
  const pc = new Map(points.map((p) => [p.classify_id, Number(p.n)]));
  const nodes = new Map<number, ClassifyNode>(rows.map((r) => [r.id, { ...r, standardCount: sc.get(r.id) ?? 0, pointCount: pc.get(r.id) ?? 0, children: [] }]));
  const roots: ClassifyNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_id === null ? undefined : nodes.get(node.parent_id);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** A category and all categories below it: points of a parent category include its children's. */
export async function classifyWithDescendants(db: DB, id: number): Promise<number[]> {
  const rows = await db
    .withRecursive('sub(id)', (qb) =>
      qb
        .selectFrom('tbp_classify')
        .select('id')
        .where('id', '=', id)
        .unionAll((u) => u.selectFrom('tbp_classify').innerJoin('sub', 'sub.id', 'tbp_classify.parent_id').select('tbp_classify.id')),
    )
    .selectFrom('sub')
    .select('id')
    .execute();
  return rows.map((r) => r.id);
}

async function depthOf(db: DB, id: number): Promise<number> {
  let depth = 0;
  let current: number | null = id;
  while (current !== null && depth <= MAX_DEPTH + 1) {
    const row: { parent_id: number | null } | undefined = await db.selectFrom('tbp_classify').select('parent_id').where('id', '=', current).executeTakeFirst();
    if (!row) break;
    depth++;
    current = row.parent_id;
  }
  return depth;
}

async function subtreeHeight(db: DB, id: number): Promise<number> {
  const tree = await classifyTree(db);
  const find = (nodes: ClassifyNode[]): ClassifyNode | undefined => {
    for (const n of nodes) {
      if (n.id === id) return n;
      const f = find(n.children);
      if (f) return f;
    }
    return undefined;
  };
  const height = (n: ClassifyNode): number => 1 + Math.max(0, ...n.children.map(height));
  const node = find(tree);
  return node ? height(node) : 1;
}

async function checkSiblingName(db: DB, parentId: number | null, name: string, exceptId: number | null) {
  let q = db.selectFrom('tbp_classify').select('id').where('name', '=', name);
  q = parentId === null ? q.where('parent_id', 'is', null) : q.where('parent_id', '=', parentId);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw conflict(`同一级下已有分类「${name}」`);
}

async function checkCode(db: DB, code: string, exceptId: number | null) {
  let q = db.selectFrom('tbp_classify').select('id').where('code', '=', code);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw conflict(`分类编码「${code}」已存在`);
}

/** Categories (spec 7.2): a tree of point types with standards under each. */
export default async function classifyRoutes(app: FastifyInstance) {
  const db = app.db;

  app.post(
    '/newTbpClassify/treeList',
    { config: { btnCode: CODES.classifyTree }, schema: { body: { type: 'object', additionalProperties: false, properties: { name: { type: 'string', maxLength: 50 } } } } },
    async (request) => {
      const { name } = (request.body ?? {}) as { name?: string };
      const tree = await classifyTree(db);
      if (!name?.trim()) return ok(tree);
      // Keep matching nodes with the path to them, so the user sees where they are.
      const keyword = name.trim();
      const prune = (nodes: ClassifyNode[]): ClassifyNode[] =>
        nodes.flatMap((n) => {
          const children = prune(n.children);
          return n.name.includes(keyword) || n.code.includes(keyword) || children.length ? [{ ...n, children }] : [];
        });
      return ok(prune(tree));
    },
  );

  app.post(
    '/patrol/getList',
    {
      config: { btnCode: CODES.classifyView },
      schema: { body: { type: 'object', additionalProperties: false, properties: { ...pageProps, parentId: fields.parentId, name: { type: 'string', maxLength: 50 } } } },
    },
    async (request) => {
      const q = (request.body ?? {}) as PageQuery & { parentId?: number | null; name?: string };
      let base = db.selectFrom('tbp_classify as c');
      if (q.parentId !== undefined) base = q.parentId === null ? base.where('c.parent_id', 'is', null) : base.where('c.parent_id', '=', q.parentId);
      if (q.name?.trim()) base = base.where((eb) => eb.or([contains('c.name', q.name!.trim()), contains('c.code', q.name!.trim())]));
      const total = await countRows(base);
      const records = await base
        .leftJoin('tbp_classify as p', 'p.id', 'c.parent_id')
        .select(['c.id', 'c.parent_id as parentId', 'c.name', 'c.code', 'c.sort', 'c.remark', 'c.created_at as createdAt', 'p.name as parentName'])
        .select((eb) => [
          eb.selectFrom('tbp_standard').select((s) => s.fn.countAll<number>().as('n')).whereRef('tbp_standard.classify_id', '=', 'c.id').as('standardCount'),
          eb.selectFrom('tbp_point').select((s) => s.fn.countAll<number>().as('n')).whereRef('tbp_point.classify_id', '=', 'c.id').where('tbp_point.deleted_at', 'is', null).as('pointCount'),
        ])
        .orderBy('c.sort')
        .orderBy('c.id')
        .limit(q.pageSize ?? 10)
        .offset(offsetOf(q))
        .execute();
      return ok(pageOf(records, total, q));
    },
  );

  app.post(
    '/patrol/queryClassify',
    { config: { btnCode: CODES.classifyView }, schema: { body: { type: 'object', required: ['id'], additionalProperties: false, properties: { id: idProp } } } },
    async (request) => {
      const { id } = request.body as { id: number };
      const row = await db
        .selectFrom('tbp_classify as c')
        .leftJoin('tbp_classify as p', 'p.id', 'c.parent_id')
        .select(['c.id', 'c.parent_id as parentId', 'c.name', 'c.code', 'c.sort', 'c.remark', 'p.name as parentName'])
        .where('c.id', '=', id)
        .executeTakeFirst();
      if (!row) throw notFound('巡查分类不存在或已被删除');
      return ok(row);
    },
  );

  app.post(
    '/patrol/addClassify',
    {
      config: { btnCode: CODES.classifyAdd },
      schema: { body: { type: 'object', required: ['name'], additionalProperties: false, properties: { parentId: fields.parentId, name: fields.name, code: fields.code, sort: fields.sort, remark: fields.remark } } },
    },
    async (request) => {
      const body = request.body as { parentId?: number | null; name: string; code?: string; sort?: number; remark?: string };
      const name = body.name.trim();
      if (!name) throw badRequest('请填写分类名称');
      const parentId = body.parentId ?? null;
      const now = Date.now();
      const id = await app.db.transaction().execute(async (trx) => {
        if (parentId !== null) {
          if (!(await trx.selectFrom('tbp_classify').select('id').where('id', '=', parentId).executeTakeFirst())) throw badRequest('上级分类不存在或已被删除');
          if ((await depthOf(trx, parentId)) >= MAX_DEPTH) throw badRequest(`分类最多 ${MAX_DEPTH} 级`);
        }
        await checkSiblingName(trx, parentId, name, null);
        if (body.code) await checkCode(trx, body.code, null);
        const inserted = await trx
          .insertInto('tbp_classify')
          .values({ parent_id: parentId, name, code: body.code ?? `tmp-${now}-${Math.random()}`, sort: body.sort ?? 0, remark: body.remark?.trim() || null, created_by: request.staff!.id, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        // Without a code of its own, a category is numbered after its id (FL0001).
        if (!body.code) await trx.updateTable('tbp_classify').set({ code: `FL${String(inserted.id).padStart(4, '0')}` }).where('id', '=', inserted.id).execute();
        return inserted.id;
      });
      return ok({ id }, '新增成功');
    },
  );

  app.post(
    '/patrol/updateClassify',
    {
      config: { btnCode: CODES.classifyEdit },
      schema: {
        body: { type: 'object', required: ['id'], additionalProperties: false, properties: { id: idProp, parentId: fields.parentId, name: fields.name, code: fields.code, sort: fields.sort, remark: fields.remark } },
      },
    },
    async (request) => {
      const body = request.body as { id: number; parentId?: number | null; name?: string; code?: string; sort?: number; remark?: string };
      await app.db.transaction().execute(async (trx) => {
        const current = await trx.selectFrom('tbp_classify').selectAll().where('id', '=', body.id).executeTakeFirst();
        if (!current) throw notFound('巡查分类不存在或已被删除');
        const parentId = body.parentId === undefined ? current.parent_id : body.parentId;
        const name = body.name?.trim() ?? current.name;
        if (!name) throw badRequest('请填写分类名称');
        if (parentId !== current.parent_id && parentId !== null) {
          const below = await classifyWithDescendants(trx, body.id);
          if (below.includes(parentId)) throw badRequest('不能把分类移到它自己或它的下级分类下');
          if (!(await trx.selectFrom('tbp_classify').select('id').where('id', '=', parentId).executeTakeFirst())) throw badRequest('上级分类不存在或已被删除');
          if ((await depthOf(trx, parentId)) + (await subtreeHeight(trx, body.id)) > MAX_DEPTH) throw badRequest(`分类最多 ${MAX_DEPTH} 级`);
        }
        await checkSiblingName(trx, parentId, name, body.id);
        if (body.code && body.code !== current.code) await checkCode(trx, body.code, body.id);
        await trx
          .updateTable('tbp_classify')
          .set({
            parent_id: parentId,
            name,
            code: body.code ?? current.code,
            sort: body.sort ?? current.sort,
            remark: body.remark === undefined ? current.remark : body.remark.trim() || null,
            updated_at: Date.now(),
          })
          .where('id', '=', body.id)
          .execute();
      });
      return ok({ id: body.id }, '保存成功');
    },
  );

  app.post(
    '/patrol/deleteClassify',
    { config: { btnCode: CODES.classifyDelete }, schema: { body: { type: 'object', required: ['id'], additionalProperties: false, properties: { id: idProp } } } },
    async (request) => {
      const { id } = request.body as { id: number };
      await app.db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('tbp_classify').select('name').where('id', '=', id).executeTakeFirst();
        if (!row) throw notFound('巡查分类不存在或已被删除');
        if (await trx.selectFrom('tbp_classify').select('id').where('parent_id', '=', id).executeTakeFirst()) throw conflict(`分类「${row.name}」下还有子分类，不能删除`);
        if (await trx.selectFrom('tbp_point').select('id').where('classify_id', '=', id).executeTakeFirst()) throw conflict(`分类「${row.name}」下还有巡查点位，不能删除`);
        if (await trx.selectFrom('tbp_standard').select('id').where('classify_id', '=', id).executeTakeFirst()) throw conflict(`分类「${row.name}」下还有检查标准，请先删除标准`);
        await trx.deleteFrom('tbp_classify').where('id', '=', id).execute();
      });
      return ok({ id }, '删除成功');
    },
  );
}
