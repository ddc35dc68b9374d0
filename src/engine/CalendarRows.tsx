import { theme } from 'antd';
import dayjs from 'dayjs';
import { useMemo, type ReactNode } from 'react';
import type { Row } from './actions.tsx';
import { readField } from './cells.tsx';
import type { Page } from './data.ts';
import { useAnswer } from './useAnswer.ts';
import { CALENDAR_ROW_RECORDS, dayKey, itemDays } from '../shared/calendar.ts';
import type { CalendarPage } from '../shared/schemaTypes.ts';

interface Props {
  page: CalendarPage;
  view: 'week' | 'day';
  days: string[];
  records: Row[];
  filters: Row;
  version: number;
  item: (row: Row) => ReactNode;
  /** An empty hour of a row was clicked (the day view): the row's value and the hour's bounds. */
  onSlot?: (row: Row, start: number, end: number) => void;
  /** A day of a row was clicked (the week view): show that day. */
  onDay: (day: string) => void;
}

interface GridRow {
  value: unknown;
  /** What the empty slot's action also gets from the row's record (rows.copy). */
  copied: Row;
  label: string;
  sub?: string;
}

const HEAD_WIDTH = 168;
const time = (at: unknown) => dayjs(Number(at)).format('HH:mm');

/**
 * A calendar grouped by rows (CalendarPage.rows): one row per record of the rows' resource (a
 * room), the week's days or the day's hours across. The week view lists each day's records of the
 * row with their times; the day view draws each record as a bar over its hours, and an empty hour
 * runs the page's `slot` (book that room at that hour).
 */
export function CalendarRows({ page, view, days, records, filters, version, item, onSlot, onDay }: Props) {
  const { token } = theme.useToken();
  const spec = page.rows!;
  const [from, to] = spec.hours ?? [8, 20];
  const rowFilters = Object.fromEntries((spec.filters ?? []).filter((name) => filters[name] !== undefined && filters[name] !== null && filters[name] !== '').map((name) => [name, filters[name]]));
  const { answer } = useAnswer<Page<Row>>(`${spec.resource}.list`, { pageNum: 1, pageSize: CALENDAR_ROW_RECORDS, filters: rowFilters }, version);

  const rows = useMemo(() => {
    const listed: GridRow[] = (answer?.data?.records ?? []).map((r) => ({ value: r.id, copied: Object.fromEntries(Object.entries(spec.copy ?? {}).map(([field, from]) => [field, r[from]])), label: String(r[spec.labelField] ?? ''), sub: spec.subField && r[spec.subField] != null ? String(r[spec.subField]) : undefined }));
    const known = new Set(listed.map((r) => String(r.value)));
    // A record on a row the rows' list did not answer (a disabled room) still shows, on its own row.
    for (const record of records) {
      const value = readField(record, spec.field);
      if (value === null || value === undefined || known.has(String(value))) continue;
      known.add(String(value));
      listed.push({ value, copied: {}, label: String(readField(record, `${spec.field}_label`) ?? value) });
    }
    return listed;
  }, [answer, records, spec.field, spec.labelField, spec.subField, spec.copy]);

  const columns = view === 'week' ? days : Array.from({ length: to - from }, (_, i) => String(from + i));
  const line = `1px solid ${token.colorBorderSecondary}`;
  const head = (r: GridRow) => (
    <div style={{ padding: 6, borderTop: line, borderRight: line, position: 'sticky', left: 0, background: token.colorBgContainer, zIndex: 1 }}>
      <div style={{ fontWeight: token.fontWeightStrong }}>{r.label}</div>
      {r.sub && <div style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>{r.sub}</div>}
    </div>
  );
  const ofRow = (r: GridRow) => records.filter((record) => String(readField(record, spec.field)) === String(r.value));

  const weekRow = (r: GridRow) => {
    const mine = ofRow(r);
    return [
      head(r),
      ...days.map((day) => {
        const rowsOfDay = mine.filter((record) => itemDays(readField(record, page.dateField), page.endField ? readField(record, page.endField) : undefined, day, day).length);
        return (
          <div key={day} data-row={r.label} data-day={day} role="gridcell" aria-label={`${r.label} ${day}`} onClick={(e) => e.target === e.currentTarget && onDay(day)} style={{ minWidth: 0, minHeight: 56, padding: 4, borderTop: line, cursor: 'pointer' }}>
            {rowsOfDay.map((record) => (
              <div key={String(record.id)} title={`${time(readField(record, page.dateField))}–${page.endField ? time(readField(record, page.endField)) : ''}`}>
                <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>{time(readField(record, page.dateField))}</span>
                {item(record)}
              </div>
            ))}
          </div>
        );
      }),
    ];
  };

  const dayRow = (r: GridRow) => {
    const day = days[0]!;
    const start = dayjs(day).hour(from).valueOf();
    const span = (to - from) * 3_600_000;
    const bars = ofRow(r).filter((record) => dayKey(readField(record, page.dateField)) === day);
    return [
      head(r),
      <div key="hours" data-row={r.label} style={{ gridColumn: `2 / span ${columns.length}`, position: 'relative', display: 'grid', gridTemplateColumns: `repeat(${columns.length}, minmax(0, 1fr))`, minHeight: 48, borderTop: line }}>
        {columns.map((h) => (
          <div
            key={h}
            role={onSlot ? 'button' : 'gridcell'}
            tabIndex={onSlot ? 0 : undefined}
            aria-label={`${r.label} ${h.padStart(2, '0')}:00`}
            data-hour={h}
            onClick={() => onSlot?.({ ...r.copied, [spec.field]: r.value }, dayjs(day).hour(Number(h)).valueOf(), dayjs(day).hour(Number(h) + 1).valueOf())}
            onKeyDown={(e) => e.key === 'Enter' && onSlot?.({ ...r.copied, [spec.field]: r.value }, dayjs(day).hour(Number(h)).valueOf(), dayjs(day).hour(Number(h) + 1).valueOf())}
            style={{ borderLeft: line, cursor: onSlot ? 'copy' : undefined }}
          />
        ))}
        {bars.map((record) => {
          const begin = Math.max(Number(readField(record, page.dateField)), start);
          const end = Math.min(page.endField ? Number(readField(record, page.endField)) : begin + 3_600_000, start + span);
          if (end <= start || begin >= start + span) return null;
          return (
            <div key={String(record.id)} style={{ position: 'absolute', top: 4, bottom: 4, left: `${((begin - start) / span) * 100}%`, width: `${(Math.max(end - begin, 15 * 60_000) / span) * 100}%`, zIndex: 2 }}>
              {item(record)}
              <div style={{ fontSize: token.fontSizeSM, color: token.colorTextSecondary, whiteSpace: 'nowrap', overflow: 'hidden' }}>
                {time(readField(record, page.dateField))}
                {page.endField ? `–${time(readField(record, page.endField))}` : ''}
              </div>
            </div>
          );
        })}
      </div>,
    ];
  };

  return (
    <div style={{ overflowX: 'auto' }}>
      <div role="grid" aria-label={page.title} style={{ display: 'grid', gridTemplateColumns: `${HEAD_WIDTH}px repeat(${columns.length}, minmax(${view === 'week' ? 120 : 56}px, 1fr))`, border: line, borderRadius: token.borderRadius, minWidth: HEAD_WIDTH + columns.length * (view === 'week' ? 120 : 56) }}>
        <div style={{ padding: 6, fontWeight: token.fontWeightStrong, borderRight: line }}>{spec.title ?? ''}</div>
        {columns.map((c) => (
          <div key={c} style={{ padding: 6, textAlign: 'center', fontWeight: token.fontWeightStrong, borderLeft: line }}>
            {view === 'week' ? `${dayjs(c).format('M月D日')} 周${'日一二三四五六'[dayjs(c).day()]}` : `${c.padStart(2, '0')}:00`}
          </div>
        ))}
        {rows.map((r) => (view === 'week' ? weekRow(r) : dayRow(r)).map((cell, i) => <Cell key={`${String(r.value)}-${i}`}>{cell}</Cell>))}
        {!rows.length && <div style={{ gridColumn: `1 / span ${columns.length + 1}`, padding: 16, textAlign: 'center', color: token.colorTextSecondary }}>暂无数据</div>}
      </div>
    </div>
  );
}

const Cell = ({ children }: { children: ReactNode }) => <>{children}</>;
