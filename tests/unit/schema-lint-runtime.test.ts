import { describe, expect, it } from 'vitest';
import { lintsCorrupted } from '../support/corruptedSchemas.ts';
import { formProblems, answersSchema, isAsked, type RuntimeForm } from '../../src/shared/runtimeForm.ts';
import { duePeriods, ruleAppliesOn } from '../../server/engine/schedule.ts';

/** The lint's checks of run-time forms (`form`, `answersTo`) and recurring generation (`schedule`), on corrupted copies of schemas/. */

const corrupted = lintsCorrupted();

const PLAN = 'templates/resources/work_plan.json';
const TASK = 'templates/resources/work_task.json';

describe('schema lint: run-time forms and schedules', () => {
  it('names an answers field whose form, reference or version is wrong', () => {
    const errors = corrupted(TASK, (doc) => {
      doc.fields.result.answersTo = { ref: 'title', form: 'nothing', version: 'remark' };
    });
    expect(errors).toEqual([
      `${TASK}#/fields/result/answersTo/ref: "title" is not a field of this resource that refers to another resource`,
      `${TASK}#/fields/result/answersTo/version: "remark" must be an integer field of this resource marked "auto" (the server writes it)`,
    ]);
    expect(corrupted(TASK, (doc) => (doc.fields.result.answersTo.form = 'name'))).toEqual([`${TASK}#/fields/result/answersTo/form: "name" is not a field of "work_template" declared "form": true`]);
  });

  it('refuses a form on a field that is not JSON, and a shape beside it', () => {
    expect(corrupted('templates/resources/work_template.json', (doc) => (doc.fields.description.form = true))).toEqual(['templates/resources/work_template.json#/fields/description: "form" and "answersTo" are for JSON fields']);
    const shaped = corrupted('templates/resources/work_template.json', (doc) => (doc.fields.form.shape = { type: 'object', properties: {} }));
    expect(shaped).toContain(`templates/resources/work_template.json#/fields/form/shape: a run-time form or its answers have the engine's shape; drop "shape"`);
  });

  it('checks a schedule against its parent and child', () => {
    expect(corrupted(PLAN, (doc) => (doc.schedule.child = 'no_such'))).toEqual([`${PLAN}#/schedule/child: resource "no_such" does not exist`]);
    const errors = corrupted(PLAN, (doc) => {
      doc.schedule.periodField = 'title';
      doc.schedule.startField = 'remark';
      doc.schedule.rule.days = 'name';
      doc.schedule.copy.nothing = 'name';
    });
    expect(errors).toEqual([
      `${PLAN}#/schedule/periodField: "title" must be a string field with "unique": ["plan_id"] (one child per parent and period)`,
      `${PLAN}#/schedule/startField: must be a datetime field`,
      `${PLAN}#/schedule/copy/nothing: "nothing" is not a field of "work_task"`,
      `${PLAN}#/schedule/rule/days: "name" must be of type json`,
    ]);
    expect(corrupted(TASK, (doc) => delete doc.fields.period_key.unique)).toEqual([`${PLAN}#/schedule/periodField: "period_key" must be a string field with "unique": ["plan_id"] (one child per parent and period)`]);
    expect(corrupted(PLAN, (doc) => (doc.fields.period.enum.hour = '每小时'))).toEqual([`${PLAN}#/schedule/rule/period: "period" offers "hour"; a period is day, week, month or fixed`]);
  });
});

describe('run-time forms', () => {
  const form: RuntimeForm = {
    items: [
      { key: 'q1', component: 'Radio.Group', label: '满意吗', options: ['是', '否'], required: true },
      { key: 'q2', component: 'Input', label: '原因', required: true, showWhen: { key: 'q1', in: ['否'] } },
    ],
  };
  it('asks an item only when its condition holds, and requires it then', () => {
    expect([isAsked(form.items[1]!, { q1: '是' }), isAsked(form.items[1]!, { q1: '否' })]).toEqual([false, true]);
    expect((answersSchema(form, { q1: '否' }) as { required: string[] }).required).toEqual(['q1', 'q2']);
    expect((answersSchema(form, { q1: '是' }) as { required: string[] }).required).toEqual(['q1']);
  });
  it('finds what a designer left unfinished', () => {
    expect(formProblems({ items: [] })).toEqual(['表单至少需要一个题目']);
    expect(formProblems({ items: [{ key: 'q1', component: 'Select', label: '甲', options: ['a', 'a'], alarm: ['b'] }] })).toEqual(['第 1 题「甲」的选项有重复', '第 1 题「甲」的预警选项「b」不在选项中']);
  });
});

describe('recurring periods', () => {
  const schedule = { child: 'x', parentField: 'p', periodField: 'k', rule: { period: 'period', days: 'days', startDate: 'from', endDate: 'to', startTime: 'st', endTime: 'et', leadMinutes: 'lead' }, catchUpDays: 3 };
  const at = (text: string) => new Date(text).getTime();
  it('applies weekly, monthly and fixed rules on their days only', () => {
    expect(['2026-11-30', '2026-12-01', '2026-12-03'].map((d) => ruleAppliesOn('week', '["1","4"]', d))).toEqual([true, false, true]);
    expect(['2026-12-05', '2026-12-06'].map((d) => ruleAppliesOn('month', [5], d))).toEqual([true, false]);
    expect(ruleAppliesOn('fixed', ['2026-12-24'], '2026-12-24')).toBe(true);
  });
  it('reaches back catchUpDays at most, stays in the window, and waits for the lead', () => {
    const parent = { period: 'day', days: '[]', from: '2026-11-01', to: '2026-12-31', st: '09:00', et: '17:00', lead: 60 };
    expect(duePeriods(schedule, parent, at('2026-12-10T07:59:00')).map((p) => p.key)).toEqual(['2026-12-07', '2026-12-08', '2026-12-09']);
    expect(duePeriods(schedule, parent, at('2026-12-10T08:00:00')).map((p) => p.key)).toEqual(['2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10']);
    expect(duePeriods(schedule, { ...parent, to: '2026-12-08' }, at('2026-12-10T12:00:00')).map((p) => p.key)).toEqual(['2026-12-07', '2026-12-08']);
  });
});
