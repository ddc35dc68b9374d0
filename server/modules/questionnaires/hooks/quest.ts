import type { FastifyInstance } from 'fastify';
import type { AnyDB, ResourceHooks } from '../../../engine/hooks.ts';
import { currentFormVersion, formVersion } from '../../../engine/runtimeForms.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { CHOICE_COMPONENTS, RUNTIME_COMPONENTS, TEXT_COMPONENTS, type Answers, type RuntimeForm } from '../../../../src/shared/runtimeForm.ts';
import { visibleRow } from '../public.ts';

const idQuery = { querystring: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } } };

/** Per item of the current version: how many answered, the count per option, a number's average, the latest texts. */
export function analyse(form: RuntimeForm, sheets: { answers: Answers; version: number; at: number }[], versions: Map<number, RuntimeForm>) {
  return form.items.map((item, index) => {
    // An answer given for another version counts when that version had an item of the same key and component.
    const given = sheets.filter((s) => versions.get(s.version)?.items.some((i) => i.key === item.key && i.component === item.component)).map((s) => ({ value: s.answers[item.key], at: s.at })).filter((g) => g.value !== undefined && g.value !== null && g.value !== '');
    const base = { key: item.key, no: index + 1, label: item.label, component: item.component, componentText: RUNTIME_COMPONENTS[item.component], answered: given.length };
    if (CHOICE_COMPONENTS.includes(item.component)) {
      const counts = (item.options ?? []).map((option) => ({ option, count: given.filter((g) => [g.value].flat().map(String).includes(option)).length, alarm: !!item.alarm?.includes(option) }));
      return { ...base, options: counts.map((c) => ({ ...c, percent: given.length ? Math.round((c.count / given.length) * 1000) / 10 : 0 })) };
    }
    if (item.component === 'NumberPicker') {
      const numbers = given.map((g) => Number(g.value)).filter(Number.isFinite);
      return { ...base, average: numbers.length ? Math.round((numbers.reduce((a, b) => a + b, 0) / numbers.length) * 100) / 100 : null };
    }
    if (TEXT_COMPONENTS.includes(item.component)) return { ...base, texts: given.sort((a, b) => b.at - a.at).slice(0, 50).map((g) => ({ text: String(g.value), at: g.at })) };
    return base;
  });
}

/** A questionnaire's questions as rows (/quest-detail), its answer sheets, and the analysis of its answers (/quest-analysis). */
export const questHooks: ResourceHooks = {
  async routes(app: FastifyInstance) {
    const db = app.db as unknown as AnyDB;
    app.get('/questions', { config: { btnCode: 'quest:view' }, schema: idQuery }, async (request) => {
      const { id } = request.query as { id: number };
      const quest = await visibleRow(app, 'quest', id, request.staff!, '问卷');
      const form = JSON.parse(String(quest.form)) as RuntimeForm;
      return ok(form.items.map((item, i) => ({ no: i + 1, label: item.label, componentText: RUNTIME_COMPONENTS[item.component], requiredText: item.required ? '是' : '否', optionsText: (item.options ?? []).join('、') })));
    });
    app.get('/answers', { config: { btnCode: 'quest:view' }, schema: idQuery }, async (request) => {
      const { id } = request.query as { id: number };
      await visibleRow(app, 'quest', id, request.staff!, '问卷');
      const rows = await db
        .selectFrom('quest_answer')
        .leftJoin('staff', 'staff.id', 'quest_answer.filled_by')
        .select(['quest_answer.id', 'respondent', 'house_name', 'answered_at', 'alarm', 'staff.name as filled_by'])
        .where('quest_id', '=', id)
        .orderBy('answered_at', 'desc')
        .limit(200)
        .execute();
      return ok(rows.map((r) => ({ ...r, alarmText: r.alarm ? '预警' : '—' })));
    });
    app.get('/analysis', { config: { btnCode: 'quest:view' }, schema: idQuery }, async (request) => {
      const { id } = request.query as { id: number };
      const quest = await visibleRow(app, 'quest', id, request.staff!, '问卷');
      const current = (await currentFormVersion(db, 'quest', id, 'form'))!;
      const rows = await db.selectFrom('quest_answer').select(['answers', 'form_version', 'answered_at', 'alarm']).where('quest_id', '=', id).execute();
      const versions = new Map<number, RuntimeForm>([[current.version, current.form]]);
      for (const v of new Set(rows.map((r) => r.form_version as number))) if (!versions.has(v)) versions.set(v, (await formVersion(db, 'quest', id, 'form', v)) ?? { items: [] });
      const sheets = rows.map((r) => ({ answers: JSON.parse(String(r.answers)) as Answers, version: r.form_version as number, at: r.answered_at as number }));
      return ok({ id, name: quest.name, description: quest.description, status: quest.status, answerCount: rows.length, alarmCount: rows.filter((r) => r.alarm).length, targetCount: quest.target_count, version: current.version, items: analyse(current.form, sheets, versions) });
    });
  },
};
