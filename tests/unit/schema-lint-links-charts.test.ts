import { describe, expect, it } from 'vitest';
import { lintsCorrupted } from '../support/corruptedSchemas.ts';

/**
 * The lint's checks of link cells (`"cell": "link"`) and detail-page charts (`sections[].chart`), on
 * corrupted copies of schemas/; each copy is linted once, so a corruption adds columns or sections to show several findings.
 */
const LIST = 'workorder/pages/home_task-1-taskList.json';
const BY_REF = 'people/pages/performanceManagement-performanceResolutionList.json';
const DETAIL = 'questionnaires/pages/quest-detail.json';

const corrupted = lintsCorrupted();
type Columns = { columns: Record<string, unknown>[] };

describe('schema lint: link cells and detail charts', () => {
  it('accepts the shipped pages (one lint reads them all)', () => {
    expect(corrupted(LIST, () => undefined)).toEqual([]);
  });

  it("names a link to no page, to another resource's detail, by a parameter the page does not read, or without its cell", () => {
    let n = 0;
    const errors = corrupted(LIST, (doc: Columns) => {
      doc.columns.find((c) => c.field === 'code')!.link = { to: '/home_task/nowhere' };
      n = doc.columns.push(
        { field: 'title', title: 'a', cell: 'link', link: { to: '/quest-detail' } },
        { field: 'title', title: 'b', cell: 'link', link: { to: '/home_task/detailsTask', param: 'orderId' } },
        { field: 'title', title: 'c', link: { to: '/home_task/detailsTask' } },
        { field: 'title', title: 'd', cell: 'link' },
      );
    });
    const code = errors.findIndex((e) => e.includes('nowhere'));
    expect(errors[code]).toMatch(/#\/columns\/\d+\/link\/to: no page has the route "\/home_task\/nowhere"; add its page schema or fix the path$/);
    errors.splice(code, 1);
    expect(errors).toEqual([
      `${LIST}#/columns/${n - 4}/link/to: "/quest-detail" shows records of "quest", but the link opens the row itself, a record of "work_order"`,
      `${LIST}#/columns/${n - 3}/link/param: "/home_task/detailsTask" reads the record's id from "id"; set "param" to one of them`,
      `${LIST}#/columns/${n - 2}/link: "link" belongs to a "link" cell; set "cell": "link"`,
      `${LIST}#/columns/${n - 1}/cell: a "link" cell needs "link": { "to": the route of the page it opens }`,
    ]);
  });

  it("requires a link by a field to name a reference to the opened page's resource", () => {
    let n = 0;
    const errors = corrupted(BY_REF, (doc: Columns) => {
      n = doc.columns.push(
        { field: 'reason', title: 'a', cell: 'link', link: { to: '/performanceManagement/list/detail', by: 'reason' } },
        { field: 'staff_id_label', title: 'b', cell: 'link', link: { to: '/performanceManagement/list/detail', by: 'staff_id' } },
      );
    });
    expect(errors).toEqual([
      `${BY_REF}#/columns/${n - 2}/link/by: "reason" must be an integer field of "accountability_case" with "ref" (the record the link opens)`,
      `${BY_REF}#/columns/${n - 1}/link/by: "/performanceManagement/list/detail" shows records of "perf_sheet", but the link opens "staff_id", a record of "staff"`,
    ]);
  });

  it("checks a detail page's description items as it checks columns: the page opened, the record by a reference", () => {
    const ORDER = 'workorder/pages/home_task-6-detailsTask.json';
    const at: Record<string, number> = {};
    const errors = corrupted(ORDER, (doc: { sections: { items?: Record<string, unknown>[] }[] }) => {
      const items = doc.sections[0]!.items!;
      const item = (field: string) => items[(at[field] = items.findIndex((i) => i.field === field))]!;
      item('source_order_id_label').link = { to: '/home_task/detailsTask', by: 'title' };
      item('customer_id_label').link = { to: '/home_task/detailsTask', by: 'customer_id' };
      item('code').link = { to: '/home_task/detailsTask' };
    });
    expect(errors).toEqual([
      `${ORDER}#/sections/0/items/${at.code}/link: "link" belongs to a "link" cell; set "cell": "link"`,
      `${ORDER}#/sections/0/items/${at.customer_id_label}/link/by: "/home_task/detailsTask" shows records of "work_order", but the link opens "customer_id", a record of "customer"`,
      `${ORDER}#/sections/0/items/${at.source_order_id_label}/link/by: "title" must be an integer field of "work_order" with "ref" (the record the link opens)`,
    ]);
  });

  it('names a chart whose report, filter, field, grouping, measures or permission are wrong', () => {
    let n = 0;
    const errors = corrupted(DETAIL, (doc: { sections: object[] }) => {
      n = doc.sections.push(
        { title: 'a', chart: { report: 'noSuch', filter: 'quest_id', type: 'bar', measures: ['answers'] } },
        { title: 'b', chart: { report: 'questSteward', filter: 'project_id', by: 'nothing', groupBy: 'month', type: 'line', measures: ['answers', 'score'] } },
        // Learning statistics are granted on their own screen, not the questionnaire's: the browser could not tell who sees the chart.
        { title: 'c', chart: { report: 'onlineLearn', filter: 'course_id', type: 'pie', measures: ['records'] } },
      );
    });
    expect(errors).toEqual([
      `${DETAIL}#/sections/${n - 3}/chart/report: no report "noSuch" under schemas/<module>/reports/`,
      `${DETAIL}#/sections/${n - 2}/chart/filter: report "questSteward" does not filter by "project_id"; use one of its "filters" (quest_id) or add it there`,
      `${DETAIL}#/sections/${n - 2}/chart/by: "nothing" is not a field of resource "quest"`,
      `${DETAIL}#/sections/${n - 2}/chart/groupBy: "month" is not a dimension of report "questSteward"; use one of steward, project, quest`,
      `${DETAIL}#/sections/${n - 2}/chart/measures/1: "score" is not a measure of report "questSteward"; use one of answers, alarms, alarmRate, followed`,
      `${DETAIL}#/sections/${n - 1}/chart/report: the permission of report "onlineLearn" (onlineLearn:view) is not a button of this page's screen; use a report its viewers hold here, or declare the code in the screen's "buttons"`,
    ]);
  });
});
