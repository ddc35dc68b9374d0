import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, notFound, ok } from '../../platform/http/envelope.ts';
import { sendExcel } from '../../platform/http/excel.ts';
import type { DB } from '../../platform/db/index.ts';
import { classifyWithDescendants } from './classify.ts';
import { EXPORT_LIMIT, idProp, offsetOf, pageOf, pageProps, type PageQuery, datedFileName, countRows } from './common.ts';
import { readTemplate, sendImportErrors, sendTemplate, type RowError, type TemplateColumn } from './excel.ts';
import { CODES } from './permissions.ts';
import { contains } from '../../platform/db/textSearch.ts';

export const LEVEL_TEXT: Record<string, string> = { general: '一般', serious: '严重' };
const LEVEL_BY_TEXT: Record<string, string> = { 一般: 'general', 严重: 'serious' };

const STANDARD_COLUMNS: TemplateColumn[] = [
  { key: 'classifyCode', title: '分类编码', required: true },
  { key: 'name', title: '检查标准', required: true, width: 36 },
  { key: 'method', title: '检查方法', width: 36 },
  { key: 'needPhoto', title: '是否拍照' },
  { key: 'sort', title: '排序' },
];

const PROBLEM_COLUMNS: TemplateColumn[] = [
  { key: 'classifyCode', title: '分类编码', required: true },
  { key: 'standardName', title: '检查标准', required: true, width: 36 },
  { key: 'description', title: '问题描述', required: true, width: 36 },
  { key: 'level', title: '问题等级' },
  { key: 'sort', title: '排序' },
];

interface ProblemInput {
  id?: number;
  description: string;
  level?: string;
  sort?: number;
}

const problemSchema = {
  type: 'object',
  required: ['description'],
  additionalProperties: false,
  properties: { id: idProp, description: { type: 'string', minLength: 1, maxLength: 200 }, level: { type: 'string', enum: ['general', 'serious'] }, sort: { type: 'integer', minimum: 0, maximum: 9999 } },
};

const filterBody = {
  type: 'object',
  additionalProperties: false,
  properties: { ...pageProps, classifyId: idProp, standardId: idProp, keyword: { type: 'string', maxLength: 50 }, level: { type: 'string', enum: ['general', 'serious'] } },
};

interface Filter extends PageQuery {
  classifyId?: number;
  standardId?: number;
  keyword?: string;
  level?: string;
}

/** The standards of a category (and of its sub-categories), in order: what an inspector checks at its points. */
export async function standardsOf(db: DB, classifyId: number) {
  const standards = await db
    .selectFrom('tbp_standard')
    .select(['id', 'name', 'method', 'need_photo as needPhoto', 'sort'])
    .where('classify_id', '=', classifyId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const problems = standards.length
    ? await db
        .selectFrom('tbp_standard_problem')
        .select(['id', 'standard_id', 'description', 'level'])
        .where('standard_id', 'in', standards.map((s) => s.id))
        .orderBy('sort')
        .orderBy('id')
        .execute()
    : [];
  return standards.map((s) => ({ ...s, problems: problems.filter((p) => p.standard_id === s.id).map(({ standard_id: _, ...p }) => p) }));
}

/** Standards of categories and their problems (spec 7.2 classifyStandard), with Excel templates, import and export. */
export default async function standardRoutes(app: FastifyInstance) {
  const db = app.db;

  async function standardQuery(f: Filter) {
    let q = db.selectFrom('tbp_standard as s').innerJoin('tbp_classify as c', 'c.id', 's.classify_id');
    if (f.classifyId) q = q.where('s.classify_id', 'in', await classifyWithDescendants(db, f.classifyId));
    if (f.keyword?.trim()) q = q.where((eb) => eb.or([contains('s.name', f.keyword!.trim()), contains('s.method', f.keyword!.trim())]));
    return q;
  }

  async function problemQuery(f: Filter) {
    let q = db
      .selectFrom('tbp_standard_problem as p')
      .innerJoin('tbp_standard as s', 's.id', 'p.standard_id')
      .innerJoin('tbp_classify as c', 'c.id', 's.classify_id');
    if (f.standardId) q = q.where('p.standard_id', '=', f.standardId);
    if (f.classifyId) q = q.where('s.classify_id', 'in', await classifyWithDescendants(db, f.classifyId));
    if (f.level) q = q.where('p.level', '=', f.level);
    if (f.keyword?.trim()) q = q.where(contains('p.description', f.keyword.trim()));
    return q;
  }

  app.get(
    '/classifyStandard/getStandardDetailById',
    { config: { btnCode: CODES.standardView }, schema: { querystring: { type: 'object', required: ['id'], additionalProperties: false, properties: { id: idProp } } } },
    async (request) => {
      const { id } = request.query as { id: number };
      const row = await db
        .selectFrom('tbp_standard as s')
        .innerJoin('tbp_classify as c', 'c.id', 's.classify_id')
        .select(['s.id', 's.classify_id as classifyId', 'c.name as classifyName', 's.name', 's.method', 's.need_photo as needPhoto', 's.sort'])
        .where('s.id', '=', id)
        .executeTakeFirst();
      if (!row) throw notFound('检查标准不存在或已被删除');
      const problems = await db.selectFrom('tbp_standard_problem').select(['id', 'description', 'level', 'sort']).where('standard_id', '=', id).orderBy('sort').orderBy('id').execute();
      return ok({ ...row, problems });
    },
  );

  app.post('/classifyStandard/queryStandard', { config: { btnCode: CODES.standardView }, schema: { body: filterBody } }, async (request) => {
    const f = (request.body ?? {}) as Filter;
    const q = await standardQuery(f);
    const total = await countRows(q);
    const records = await q
      .select(['s.id', 's.classify_id as classifyId', 'c.name as classifyName', 'c.code as classifyCode', 's.name', 's.method', 's.need_photo as needPhoto', 's.sort', 's.updated_at as updatedAt'])
      .select((eb) => eb.selectFrom('tbp_standard_problem').select((p) => p.fn.countAll<number>().as('n')).whereRef('tbp_standard_problem.standard_id', '=', 's.id').as('problemCount'))
      .orderBy('c.sort')
      .orderBy('s.classify_id')
      .orderBy('s.sort')
      .orderBy('s.id')
      .limit(f.pageSize ?? 10)
      .offset(offsetOf(f))
      .execute();
    return ok(pageOf(records, total, f));
  });

  app.post('/classifyStandard/queryPro', { config: { btnCode: CODES.standardView }, schema: { body: filterBody } }, async (request) => {
    const f = (request.body ?? {}) as Filter;
    const q = await problemQuery(f);
    const total = await countRows(q);
    const records = await q
      .select(['p.id', 'p.standard_id as standardId', 's.name as standardName', 'c.name as classifyName', 'p.description', 'p.level', 'p.sort'])
      .orderBy('s.sort')
      .orderBy('p.standard_id')
      .orderBy('p.sort')
      .orderBy('p.id')
      .limit(f.pageSize ?? 10)
      .offset(offsetOf(f))
      .execute();
    return ok(pageOf(records, total, f));
  });

  app.post(
    '/classifyStandard/save',
    {
      config: { btnCode: CODES.standardEdit },
      schema: {
        body: {
          type: 'object',
          required: ['classifyId', 'name'],
          additionalProperties: false,
          properties: {
            id: idProp,
            classifyId: idProp,
            name: { type: 'string', minLength: 1, maxLength: 100 },
            method: { type: 'string', maxLength: 200 },
            needPhoto: { type: 'boolean' },
            sort: { type: 'integer', minimum: 0, maximum: 9999 },
            problems: { type: 'array', maxItems: 50, items: problemSchema },
          },
        },
      },
    },
    async (request) => {
      const body = request.body as { id?: number; classifyId: number; name: string; method?: string; needPhoto?: boolean; sort?: number; problems?: ProblemInput[] };
      const name = body.name.trim();
      if (!name) throw badRequest('请填写检查标准');
      const problems = (body.problems ?? []).map((p, i) => ({ ...p, description: p.description.trim(), sort: p.sort ?? i }));
      if (problems.some((p) => !p.description)) throw badRequest('请填写问题描述');
      const seen = new Set<string>();
      for (const p of problems) {
        if (seen.has(p.description)) throw badRequest(`问题「${p.description}」重复`);
        seen.add(p.description);
      }
      const now = Date.now();
      const id = await app.db.transaction().execute(async (trx) => {
        if (!(await trx.selectFrom('tbp_classify').select('id').where('id', '=', body.classifyId).executeTakeFirst())) throw badRequest('巡查分类不存在或已被删除');
        let same = trx.selectFrom('tbp_standard').select('id').where('classify_id', '=', body.classifyId).where('name', '=', name);
        if (body.id) same = same.where('id', '!=', body.id);
        if (await same.executeTakeFirst()) throw conflict(`该分类下已有检查标准「${name}」`);
        const values = { classify_id: body.classifyId, name, method: body.method?.trim() || null, need_photo: body.needPhoto ? 1 : 0, sort: body.sort ?? 0, updated_at: now };
        let standardId: number;
        if (body.id) {
          const found = await trx.selectFrom('tbp_standard').select('id').where('id', '=', body.id).executeTakeFirst();
          if (!found) throw notFound('检查标准不存在或已被删除');
          await trx.updateTable('tbp_standard').set(values).where('id', '=', body.id).execute();
          standardId = body.id;
        } else {
          standardId = (await trx.insertInto('tbp_standard').values({ ...values, created_by: request.staff!.id, created_at: now }).returning('id').executeTakeFirstOrThrow()).id;
        }
        // The problems sent are the standard's problems: kept ones updated, new ones added, the rest removed.
        const existing = await trx.selectFrom('tbp_standard_problem').select('id').where('standard_id', '=', standardId).execute();
        const keep = new Set(problems.filter((p) => p.id).map((p) => p.id!));
        for (const p of problems) if (p.id && !existing.some((e) => e.id === p.id)) throw badRequest('问题不属于该检查标准');
        const removed = existing.filter((e) => !keep.has(e.id)).map((e) => e.id);
        if (removed.length) await trx.deleteFrom('tbp_standard_problem').where('id', 'in', removed).execute();
        // Updates first, so a description moved from one problem to a new one never collides.
        for (const p of problems.filter((x) => x.id)) {
          await trx.updateTable('tbp_standard_problem').set({ description: p.description, level: p.level ?? 'general', sort: p.sort, updated_at: now }).where('id', '=', p.id!).execute();
        }
        for (const p of problems.filter((x) => !x.id)) {
          await trx.insertInto('tbp_standard_problem').values({ standard_id: standardId, description: p.description, level: p.level ?? 'general', sort: p.sort, created_at: now, updated_at: now }).execute();
        }
        return standardId;
      });
      return ok({ id }, '保存成功');
    },
  );

  app.post(
    '/classifyStandard/deleteById',
    { config: { btnCode: CODES.standardDelete }, schema: { body: { type: 'object', required: ['id'], additionalProperties: false, properties: { id: idProp } } } },
    async (request) => {
      const { id } = request.body as { id: number };
      const result = await app.db.transaction().execute((trx) => trx.deleteFrom('tbp_standard').where('id', '=', id).executeTakeFirst());
      if (!Number(result.numDeletedRows)) throw notFound('检查标准不存在或已被删除');
      // Records keep the names they were checked against (a snapshot in their items).
      return ok({ id }, '删除成功');
    },
  );

  async function classifyCodes() {
    return (await db.selectFrom('tbp_classify').select(['code', 'name']).orderBy('sort').orderBy('id').execute()).map((c) => [c.code, c.name]);
  }

  app.post('/classifyStandard/exportStandardTemplate', { config: { btnCode: CODES.standardImport } }, async (_request, reply) =>
    sendTemplate(
      reply,
      '检查标准导入模板.xlsx',
      STANDARD_COLUMNS,
      ['填写说明：', '分类编码：见下方分类列表；', '检查标准：同一分类下不能重复，最长 100 字；', '是否拍照：填“是”或“否”，不填为“否”；', '排序：0 到 9999 的整数，不填为 0。', '任一行有误时整份文件都不会导入。'],
      { title: '可用的分类编码', rows: await classifyCodes() },
    ),
  );

  app.post('/classifyStandard/exportStandardProblemTemplate', { config: { btnCode: CODES.standardImport } }, async (_request, reply) =>
    sendTemplate(
      reply,
      '标准问题导入模板.xlsx',
      PROBLEM_COLUMNS,
      ['填写说明：', '分类编码与检查标准：须为系统中已有的标准（可先导入检查标准）；', '问题描述：同一标准下不能重复，最长 200 字；', '问题等级：填“一般”或“严重”，不填为“一般”；', '任一行有误时整份文件都不会导入。'],
      { title: '可用的分类编码', rows: await classifyCodes() },
    ),
  );

  const exportBody = { body: { type: 'object', additionalProperties: false, properties: { classifyId: idProp, standardId: idProp, keyword: { type: 'string', maxLength: 50 }, level: { type: 'string', enum: ['general', 'serious'] } } } };

  app.post('/classifyStandard/exportStandard', { config: { btnCode: CODES.standardExport }, schema: exportBody }, async (request, reply) => {
    const f = (request.body ?? {}) as Filter;
    const rows = await (await standardQuery(f))
      .select(['c.code as classifyCode', 'c.name as classifyName', 's.name', 's.method', 's.need_photo', 's.sort'])
      .orderBy('c.sort')
      .orderBy('s.classify_id')
      .orderBy('s.sort')
      .limit(EXPORT_LIMIT)
      .execute();
    return sendExcel(
      reply,
      datedFileName('检查标准', 'xlsx'),
      [{ header: '分类编码', key: 'classifyCode' }, { header: '分类名称', key: 'classifyName' }, { header: '检查标准', key: 'name', width: 36 }, { header: '检查方法', key: 'method', width: 36 }, { header: '是否拍照', key: 'needPhoto' }, { header: '排序', key: 'sort' }],
      rows.map((r) => ({ ...r, needPhoto: r.need_photo ? '是' : '否' })),
    );
  });

  app.post('/classifyStandard/exportStandardProblemExcel', { config: { btnCode: CODES.standardExport }, schema: exportBody }, async (request, reply) => {
    const f = (request.body ?? {}) as Filter;
    const rows = await (await problemQuery(f))
      .select(['c.code as classifyCode', 'c.name as classifyName', 's.name as standardName', 'p.description', 'p.level', 'p.sort'])
      .orderBy('c.sort')
      .orderBy('s.sort')
      .orderBy('p.sort')
      .limit(EXPORT_LIMIT)
      .execute();
    return sendExcel(
      reply,
      datedFileName('标准问题', 'xlsx'),
      [{ header: '分类编码', key: 'classifyCode' }, { header: '分类名称', key: 'classifyName' }, { header: '检查标准', key: 'standardName', width: 36 }, { header: '问题描述', key: 'description', width: 36 }, { header: '问题等级', key: 'level' }, { header: '排序', key: 'sort' }],
      rows.map((r) => ({ ...r, level: LEVEL_TEXT[r.level] ?? r.level })),
    );
  });

  const sortOf = (text: string): number | string => {
    if (text === '') return 0;
    return /^\d{1,4}$/.test(text) ? Number(text) : '排序应为 0 到 9999 的整数';
  };

  /** All rows or none: every row is checked first, and any bad row stops the whole file. */
  app.post('/classifyStandard/importStandard', { config: { btnCode: CODES.standardImport } }, async (request, reply) => {
    const rows = await readTemplate(request, STANDARD_COLUMNS);
    const classes = new Map((await db.selectFrom('tbp_classify').select(['id', 'code']).execute()).map((c) => [c.code, c.id]));
    const existing = new Set((await db.selectFrom('tbp_standard').select(['classify_id', 'name']).execute()).map((s) => `${s.classify_id}|${s.name}`));
    const errors: RowError[] = [];
    const seen = new Map<string, number>();
    const values: { classify_id: number; name: string; method: string | null; need_photo: number; sort: number }[] = [];
    for (const { row, cells } of rows) {
      const problems: string[] = [];
      const classifyId = classes.get(cells.classifyCode!);
      if (!cells.classifyCode) problems.push('分类编码不能为空');
      else if (!classifyId) problems.push(`分类编码「${cells.classifyCode}」不存在`);
      if (!cells.name) problems.push('检查标准不能为空');
      else if (cells.name.length > 100) problems.push('检查标准不能超过 100 个字');
      if (cells.method && cells.method.length > 200) problems.push('检查方法不能超过 200 个字');
      if (cells.needPhoto && !['是', '否'].includes(cells.needPhoto)) problems.push('是否拍照应填“是”或“否”');
      const sort = sortOf(cells.sort!);
      if (typeof sort === 'string') problems.push(sort);
      if (classifyId && cells.name) {
        const key = `${classifyId}|${cells.name}`;
        if (existing.has(key)) problems.push(`分类下已有检查标准「${cells.name}」`);
        else if (seen.has(key)) problems.push(`与第 ${seen.get(key)} 行重复`);
        seen.set(key, row);
      }
      if (problems.length) errors.push({ row, message: problems.join('，') });
      else values.push({ classify_id: classifyId!, name: cells.name!, method: cells.method || null, need_photo: cells.needPhoto === '是' ? 1 : 0, sort: sort as number });
    }
    if (errors.length) return sendImportErrors(reply, errors);
    const now = Date.now();
    await app.db.transaction().execute(async (trx) => {
      for (const v of values) await trx.insertInto('tbp_standard').values({ ...v, created_by: request.staff!.id, created_at: now, updated_at: now }).execute();
    });
    return ok({ count: values.length }, `成功导入 ${values.length} 条检查标准`);
  });

  app.post('/classifyStandard/importStandardProblem', { config: { btnCode: CODES.standardImport } }, async (request, reply) => {
    const rows = await readTemplate(request, PROBLEM_COLUMNS);
    const standards = await db.selectFrom('tbp_standard as s').innerJoin('tbp_classify as c', 'c.id', 's.classify_id').select(['s.id', 's.name', 'c.code']).execute();
    const standardByKey = new Map(standards.map((s) => [`${s.code}|${s.name}`, s.id]));
    const existing = new Set((await db.selectFrom('tbp_standard_problem').select(['standard_id', 'description']).execute()).map((p) => `${p.standard_id}|${p.description}`));
    const errors: RowError[] = [];
    const seen = new Map<string, number>();
    const values: { standard_id: number; description: string; level: string; sort: number }[] = [];
    for (const { row, cells } of rows) {
      const problems: string[] = [];
      if (!cells.classifyCode) problems.push('分类编码不能为空');
      if (!cells.standardName) problems.push('检查标准不能为空');
      const standardId = standardByKey.get(`${cells.classifyCode}|${cells.standardName}`);
      if (cells.classifyCode && cells.standardName && !standardId) problems.push(`分类「${cells.classifyCode}」下没有检查标准「${cells.standardName}」`);
      if (!cells.description) problems.push('问题描述不能为空');
      else if (cells.description.length > 200) problems.push('问题描述不能超过 200 个字');
      const level = cells.level ? LEVEL_BY_TEXT[cells.level] : 'general';
      if (!level) problems.push('问题等级应填“一般”或“严重”');
      const sort = sortOf(cells.sort!);
      if (typeof sort === 'string') problems.push(sort);
      if (standardId && cells.description) {
        const key = `${standardId}|${cells.description}`;
        if (existing.has(key)) problems.push(`该标准下已有问题「${cells.description}」`);
        else if (seen.has(key)) problems.push(`与第 ${seen.get(key)} 行重复`);
        seen.set(key, row);
      }
      if (problems.length) errors.push({ row, message: problems.join('，') });
      else values.push({ standard_id: standardId!, description: cells.description!, level: level!, sort: sort as number });
    }
    if (errors.length) return sendImportErrors(reply, errors);
    const now = Date.now();
    await app.db.transaction().execute(async (trx) => {
      for (const v of values) await trx.insertInto('tbp_standard_problem').values({ ...v, created_at: now, updated_at: now }).execute();
    });
    return ok({ count: values.length }, `成功导入 ${values.length} 条标准问题`);
  });
}
