// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { cellContent, columnValue } from '../../src/engine/cells.tsx';

describe('multi-select and many-to-many cells', () => {
  it('show the names the server answers beside a list of values, never ids or JSON', () => {
    const row = { attendee_ids: [3, 4], attendee_ids_label: '张伟、李娜', equipment: ['projector'], equipment_label: '投影仪', none: [], none_label: '' };
    expect(columnValue({ field: 'attendee_ids' }, row)).toBe('张伟、李娜');
    expect(columnValue({ field: 'equipment' }, row)).toBe('投影仪');
    // Nothing chosen is empty (a dash), not "[]".
    expect(columnValue({ field: 'none' }, row)).toBeNull();
    expect(cellContent({}, columnValue({ field: 'none' }, row)).text).toBe('-');
  });

  it('name each value of an enum column over a list', () => {
    const spec = { cell: 'enum' as const, enum: { projector: { text: '投影仪' }, whiteboard: { text: '白板' } } };
    expect(cellContent(spec, ['projector', 'whiteboard']).text).toBe('投影仪、白板');
  });
});
