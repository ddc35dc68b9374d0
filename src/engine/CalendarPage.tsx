import { Alert, Button, Segmented, Space, Tag, theme } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, useCallback, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ActionButton, runAction, type ActionContext, type Row } from './actions.tsx';
import { readField } from './cells.tsx';
import { RESOURCES } from './catalogue.ts';
import type { Page } from './data.ts';
import { FilterCard } from './FilterCard.tsx';
import { Panel } from './Panel.tsx';
import { usePermission } from './permissions.tsx';
import { CalendarRows } from './CalendarRows.tsx';
import type { OpenForm } from './FormContainer.tsx';
import { filtersFromQuery } from './queryFilters.ts';
import { useAnswer } from './useAnswer.ts';
import { CALENDAR_ROWS, calendarDays, dayKey, itemDays } from '../shared/calendar.ts';
import type { CalendarPage as CalendarSchema, EnumOption } from '../shared/schemaTypes.ts';

type View = 'month' | 'week' | 'day';
const VIEW_TEXT: Record<View, string> = { month: '月', week: '周', day: '日' };
const STEP_TEXT: Record<View, [string, string]> = { month: ['上个月', '下个月'], week: ['上一周', '下一周'], day: ['前一天', '后一天'] };
const FormContainer = lazy(() => import('./FormContainer.tsx').then((m) => ({ default: m.FormContainer })));
const WEEKDAYS = ['一', '二', '三', '四', '五', '六', '日'];
/** Items a month cell shows before "还有 N 项" (which opens that week, where every item shows). */
const MONTH_CELL_ITEMS = 4;
/** Colours of an enum without its own, in the order of its values. */
const PALETTE = ['blue', 'green', 'orange', 'purple', 'cyan', 'magenta', 'gold', 'red'];

/**
 * A calendar page: the records of a resource on a month or week grid, each on the days from its
 * date field to its end field, labelled and coloured by the page's fields; the filters of a list;
 * a click runs the page's `open` action. The days in view are the list call's date range.
 */
export default function CalendarPage({ page }: { page: CalendarSchema }) {
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const views = page.views ?? ['month', 'week'];
  const [view, setView] = useState<View>(views[0]!);
  const [anchor, setAnchor] = useState<Dayjs>(() => dayjs());
  // Today as the page opened: the highlighted day (a page left open past midnight keeps it).
  const [today] = useState(() => dayKey(Date.now()));
  const [queryFilters] = useState(() => filtersFromQuery(page.filters, query));
  const [filters, setFilters] = useState<Row>(queryFilters);
  const [version, setVersion] = useState(0);
  const [form, setForm] = useState<OpenForm | null>(null);
  const can = usePermission();
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  const days = useMemo(() => calendarDays(view, anchor.format('YYYY-MM-DD')), [view, anchor]);
  const first = days[0]!;
  const last = days[days.length - 1]!;
  // With an end field a record overlaps the view when it starts by its last day and ends from its first.
  const range = page.endField ? { [page.dateField]: [null, last], [page.endField]: [first, null] } : { [page.dateField]: [first, last] };
  const params = { pageNum: 1, pageSize: CALENDAR_ROWS, filters: { ...filters, ...page.fixedFilters, ...range } };
  const { answer, loading } = useAnswer<Page<Row>>(`${page.resource}.list`, params, version);
  const records = answer?.data?.records;

  const legend = useMemo(() => legendOf(page), [page]);
  const byDay = useMemo(() => {
    const map = new Map<string, Row[]>();
    for (const row of records ?? []) {
      const start = readField(row, page.dateField);
      const end = page.endField ? readField(row, page.endField) : undefined;
      for (const day of itemDays(start, end, first, last)) map.set(day, [...(map.get(day) ?? []), row]);
    }
    return map;
  }, [records, page.dateField, page.endField, first, last]);

  const ctx: ActionContext = { query: Object.fromEntries(query.entries()), filters, resource: page.resource, reload, openForm: (action, id, initialValues) => setForm({ action, id, initialValues }) };
  const open = (row: Row) => void runAction(page.open, { ...ctx, row }, navigate);
  // An empty hour of a row: the slot action with the row (its value, copied fields) and the hour as the record's.
  const slot = page.slot && page.rows && can(page.slot.btnCode) ? (row: Row, start: number, end: number) => void runAction(page.slot!, { ...ctx, row: { ...row, [page.dateField]: start, ...(page.endField ? { [page.endField]: end } : {}) } }, navigate) : undefined;
  const step = (n: number) => setAnchor((a) => a.add(n, view));
  const month = anchor.month();

  const item = (row: Row) => {
    const value = page.colorField ? String(readField(row, page.colorField) ?? '') : '';
    const sub = page.subField ? readField(row, page.subField) : null;
    const text = `${String(readField(row, page.labelField) ?? '')}${sub ? ` · ${String(sub)}` : ''}`;
    return (
      <Tag
        key={String(row.id)}
        role="button"
        tabIndex={0}
        color={legend[value]?.color}
        title={legend[value] ? `${text}（${legend[value].text}）` : text}
        onClick={() => open(row)}
        onKeyDown={(e) => e.key === 'Enter' && open(row)}
        style={{ display: 'block', margin: '0 0 2px', cursor: 'pointer', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {text}
      </Tag>
    );
  };

  const cell = (day: string) => {
    const rows = byDay.get(day) ?? [];
    const shown = view === 'month' ? rows.slice(0, MONTH_CELL_ITEMS) : rows;
    const d = dayjs(day);
    const outside = view === 'month' && d.month() !== month;
    return (
      <div key={day} data-day={day} style={{ minWidth: 0, minHeight: view === 'month' ? 120 : 360, padding: 4, borderTop: `1px solid ${token.colorBorderSecondary}`, background: day === today ? token.colorPrimaryBg : undefined, opacity: outside ? 0.55 : 1 }}>
        <div style={{ textAlign: 'right', color: token.colorTextSecondary, marginBottom: 2 }}>{view === 'week' ? d.format('M月D日') : d.date()}</div>
        {shown.map(item)}
        {rows.length > shown.length && (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => (setAnchor(d), setView('week'))}>
            还有 {rows.length - shown.length} 项
          </Button>
        )}
      </div>
    );
  };

  const total = answer?.data?.total ?? 0;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      {page.filters && <FilterCard fields={page.filters} openingValues={queryFilters} onSearch={setFilters} />}
      <Panel
        title={page.title}
        extra={
          <Space wrap>
            {(page.toolbar ?? []).map((a) => (
              <ActionButton key={a.label} action={a} ctx={ctx} />
            ))}
            {views.length > 1 && <Segmented<View> value={view} onChange={setView} options={views.map((v) => ({ label: VIEW_TEXT[v], value: v }))} />}
            <Button onClick={() => step(-1)}>{STEP_TEXT[view][0]}</Button>
            <Button onClick={() => setAnchor(dayjs())}>今天</Button>
            <Button onClick={() => step(1)}>{STEP_TEXT[view][1]}</Button>
          </Space>
        }
      >
        <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8, marginBottom: 8, flexWrap: 'wrap' }}>
          <strong aria-live="polite">{view === 'month' ? anchor.format('YYYY年M月') : view === 'day' ? anchor.format('YYYY年M月D日') : `${dayjs(first).format('YYYY年M月D日')} – ${dayjs(last).format('M月D日')}`}</strong>
          <Space size={4} wrap>
            {Object.entries(legend).map(([value, o]) => (
              <Tag key={value} color={o.color}>
                {o.text}
              </Tag>
            ))}
            <span style={{ color: token.colorTextSecondary }}>{loading ? '加载中…' : `共 ${total} 项`}</span>
          </Space>
        </div>
        {answer && answer.status !== '200' && <Alert type="error" showIcon message={answer.message} style={{ marginBottom: 8 }} />}
        {records && total > records.length && <Alert type="warning" showIcon message={`共 ${total} 项，只显示了前 ${records.length} 项，请用筛选条件缩小范围`} style={{ marginBottom: 8 }} />}
        {page.rows && view !== 'month' ? (
          <CalendarRows page={page} view={view} days={days} records={records ?? []} filters={filters} version={version} item={item} onSlot={slot} onDay={(day) => (setAnchor(dayjs(day)), setView('day'))} />
        ) : (
        <div role="grid" aria-label={page.title} style={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadius }}>
          {WEEKDAYS.map((w) => (
            <div key={w} style={{ padding: 4, textAlign: 'center', fontWeight: token.fontWeightStrong }}>
              周{w}
            </div>
          ))}
          {days.map(cell)}
        </div>
        )}
      </Panel>
      <FormContainer open={form} onClose={() => setForm(null)} onSaved={reload} />
    </div>
  );
}

/** Text and colour of each value of the colour field: the page's, else the workflow's states, else none. */
function legendOf(page: CalendarSchema): Record<string, EnumOption> {
  const states = RESOURCES.get(page.resource)?.workflow;
  const own = page.colors ?? (states && states.field === page.colorField ? states.states : {});
  return Object.fromEntries(Object.entries(own).map(([value, o], i) => [value, { text: o.text, color: o.color ?? PALETTE[i % PALETTE.length] }]));
}
