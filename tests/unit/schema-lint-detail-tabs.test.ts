import { describe, expect, it } from 'vitest';
import { lintsCorrupted } from '../support/corruptedSchemas.ts';

/** The lint's checks of a detail page's tabs of child lists (`sections[].tabs`), on corrupted copies of schemas/. */
const PAGE = 'training/pages/employeeEmpowerment-offlineTrainManage.json';

const corrupted = lintsCorrupted();

describe('schema lint: detail tabs', () => {
  it('accepts the shipped page', () => {
    expect(corrupted(PAGE, () => undefined)).toEqual([]);
  });

  it('names a child list whose resource, link field or columns are wrong', () => {
    expect(corrupted(PAGE, (doc) => (doc.sections[1].tabs[0].resource = 'no_such'))).toEqual([`${PAGE}#/sections/1/tabs/0/resource: no resource "no_such"`]);
    const errors = corrupted(PAGE, (doc) => {
      doc.sections[1].tabs[0].by = 'lecturer_id';
      doc.sections[1].tabs[0].columns[0].field = 'nothing';
    });
    expect(errors).toEqual([
      `${PAGE}#/sections/1/tabs/0/by: "lecturer_id" must be an integer field of "training_attendance" with "ref": "offline_training" and "filter": "eq" (the record its children belong to)`,
      `${PAGE}#/sections/1/tabs/0/columns/0/field: "nothing" is not a field of resource "training_attendance"`,
    ]);
  });

  it('checks a sub-table tab like a sub-table section, and the shape of a tab', () => {
    expect(corrupted(PAGE, (doc) => (doc.sections[1].tabs[1].table.endpoint = 'offline_training.nothing'))).toEqual([
      `${PAGE}#/sections/1/tabs/1/table/endpoint: endpoint "offline_training.nothing" does not exist; use "<resource>.<list|detail|add|update|delete|enable|export|import|options>" or declare it in schemas/endpoints.json`,
    ]);
    expect(corrupted(PAGE, (doc) => (doc.sections[1].tabs = [])).length).toBeGreaterThan(0);
  });
});
