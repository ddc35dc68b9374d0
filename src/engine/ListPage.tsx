import { Button, Space, message } from 'antd';
import type { TableProps } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ActionButton, expandAction, shownFor, type ActionContext, type Row } from './actions.tsx';
import { cellContent, columnValue, EnableSwitch, readField, renderCell, withStates } from './cells.tsx';
import { columnWidth, MAX_WIDTH, useTableMetrics } from './columnWidths.ts';
import { call, listCall, openingState, totalText, useDictionaries, type Page } from './data.ts';
import { DataTable, SELECTION_WIDTH } from './DataTable.tsx';
import { useDragSort } from './dragSort.tsx';
import { useAnswer } from './useAnswer.ts';
import type { OpenForm } from './FormContainer.tsx';
import { FilterCard } from './FilterCard.tsx';
import { filtersFromQuery } from './queryFilters.ts';
import { Panel } from './Panel.tsx';
import { usePermission } from './permissions.tsx';
import { engineHost } from './host.ts';
import type { Action, ListPage as ListSchema } from '../shared/schemaTypes.ts';
import { pageSizeOptionsOf } from '../shared/tablePreferences.ts';
import { useTablePreference } from './tablePreferences.ts';
import { arrangeColumns } from './arrangeColumns.ts';

/**
 * Past this many rows on a page the table renders only the rows in view (antd's virtual
 * table): 10,000 rows of 40 columns would otherwise be 400,000 cells in the DOM. Up to it the
 * plain table keeps its natural height, so ordinary pages of 10 to 100 rows look as before.
 */
const VIRTUAL_ROWS = 100;
const VIRTUAL_HEIGHT = 600;
/** A column without a width in its schema is as wide as its content on this many rows, the first. */
const MEASURED_ROWS = 100;
const NO_ROWS: Row[] = [];

// The tree beside a list is rare: lists without one do not load antd's Tree.
const TreePanel = lazy(() => import('./TreePanel.tsx'));
// So is the add/edit form (Formily with every field kind): it loads when the user opens it.
const FormContainer = lazy(() => import('./FormContainer.tsx').then((m) => ({ default: m.FormContainer })));
// And the column settings: they load when the user opens them.
const ColumnSettings = lazy(() => import('./ColumnSettings.tsx'));

/** The actions column's width: room for the widest row's visible link buttons (about a character's 14 px each, 16 px around). */
function actionsWidth(actions: (Action & { label: string })[], rows: Row[]): number {
  const widest = Math.max(0, ...rows.map((row) => actions.filter((a) => shownFor(a, row)).reduce((sum, a) => sum + a.label.length * 14 + 16, 0)));
  return Math.max(80, (rows.length ? widest : actions.reduce((sum, a) => sum + a.label.length * 14 + 16, 0)) + 16);
}

/** Reloads on push notices: all of them, or those of the listed types. */
function useRefreshOnPush(types: boolean | string[] | undefined, reload: () => void) {
  const key = JSON.stringify(types ?? false);
  useEffect(() => {
    const wanted = JSON.parse(key) as boolean | string[];
    if (!wanted) return undefined;
    return engineHost().onPushMessage((m) => {
      if (wanted === true || wanted.includes(String(m.pushParams?.type ?? m.type))) reload();
    });
  }, [key, reload]);
}

/**
 * A list page: filter form (Formily, grid of span 6), toolbar, table with typed cells,
 * pagination, sorting, row selection with batch actions, row actions, enable switches,
 * import and export, and optionally a tree beside it. All state belongs to this page
 * instance, so two screens never share it and keepAlive keeps it.
 */
export default function ListPage({ page }: { page: ListSchema }) {
  const can = usePermission();
  const [query] = useSearchParams();
  // The state the early call of a cold load assumed (firstList.ts): its answer is this first call's.
  // Filters named in the address (a landing-page link) apply from the first call and show in the form.
  const [opening] = useState(() => openingState(page, query));
  const [queryFilters] = useState(() => filtersFromQuery(page.filters, query));
  const [filters, setFilters] = useState<Row>(queryFilters);
  const [pageNum, setPageNum] = useState(opening.pageNum);
  const [pageSize, setPageSize] = useState(opening.pageSize);
  const [sorter, setSorter] = useState<{ field?: string; order?: 'ascend' | 'descend' }>({});
  const [selected, setSelected] = useState<Row[]>([]);
  const [node, setNode] = useState<Row | null>(null);
  const [form, setForm] = useState<OpenForm | null>(null);
  // Bumped after every change, so the table and the tree load again.
  const [version, setVersion] = useState(0);
  // The user's saved columns and page size (their server copy, which follows them to any browser).
  const { preference, save: savePreference, reset: resetPreference } = useTablePreference(page.route);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const savedPageSize = preference?.pageSize;
  useEffect(() => {
    if (savedPageSize) {
      setPageSize(savedPageSize);
      setPageNum(1);
    }
  }, [savedPageSize]);

  const allFilters = useMemo(
    () => ({ ...(page.tree && node ? { ...filters, [page.tree.filterField]: node.id } : filters), ...page.fixedFilters }),
    [filters, node, page.tree, page.fixedFilters],
  );
  const { answer: data, loading } = useAnswer<Page<Row>>(...listCall(page, { pageNum, pageSize, sorter, filters: allFilters }), version);
  const result = data?.data;
  if (data && data.status !== '200' && !loading) message.error({ content: data.message, key: `list-${page.route}` });

  const reload = useCallback(() => {
    setSelected([]);
    setVersion((v) => v + 1);
  }, []);
  useRefreshOnPush(page.refreshOnPush, reload);

  // The table and its inputs are memoized: a render of the page that changes none of them does
  // not render its rows again. Every route change renders each hidden keepAlive page: React
  // passes a change of the router's location context on into hidden (Activity) trees to every
  // reader of that context, here useSearchParams, though the page reads its own nested
  // provider (KeepAliveOutlet). Unmemoized, that was each hidden list's 2,000 cells again (#11).
  const ctx: ActionContext = useMemo(
    () => ({
      query: Object.fromEntries(query.entries()),
      selected,
      node: node ?? undefined,
      filters: allFilters,
      resource: page.resource,
      reload,
      openForm: (action, id, initialValues) => setForm({ action, id, initialValues }),
    }),
    [query, selected, node, allFilters, page.resource, reload],
  );

  const toggle = useCallback(
    async (row: Row, enabled: 0 | 1): Promise<boolean> => {
      const res = await call(`${page.resource}.enable`, { id: row.id, enabled });
      if (res.status !== '200') {
        message.error(res.message);
        return true;
      }
      message.success(res.message);
      reload();
      return true;
    },
    [page.resource, reload],
  );

  // Every column has a width, so the table lays out only the rows in view (DataTable): the
  // schema's, or that of the column's content on the first rows, its dictionary's labels once known.
  const metrics = useTableMetrics('middle');
  const dictionaries = useDictionaries(useMemo(() => [...new Set(page.columns.flatMap((c) => (c.cell === 'dict' && c.dict ? [c.dict] : [])))], [page.columns]));
  const records = result?.records;
  const widths = useMemo(() => {
    const measured: Record<string, number> = {};
    const rows = (records ?? []).slice(0, MEASURED_ROWS);
    for (const c of page.columns) {
      if (c.width !== undefined) continue;
      const spec = withStates(c, page.resource);
      const cells = rows.map((row) => cellContent(spec, columnValue(c, row), c.dict ? dictionaries[c.dict] : undefined));
      measured[c.field] = columnWidth(c.title, Boolean(c.sortable), cells, metrics);
    }
    return measured;
  }, [page.columns, page.resource, records, dictionaries, metrics]);

  const permittedColumns = useMemo(() => page.columns.filter((c) => c.cell === 'enableSwitch' || !c.btnCode || can(c.btnCode)), [page.columns, can]);
  const columns = useMemo(() => {
    const columns: NonNullable<TableProps<Row>['columns']> = arrangeColumns(permittedColumns, preference?.columns)
      .map((c) => ({
        key: c.field,
        dataIndex: c.field.split('.'),
        title: c.title,
        width: c.width ?? widths[c.field],
        fixed: c.fixed,
        // A column as wide as columns get shows the whole text of a cell cut short on hover.
        ellipsis: c.ellipsis ?? (widths[c.field] === MAX_WIDTH || undefined),
        sorter: c.sortable,
        sortOrder: sorter.field === c.field ? sorter.order : null,
        render: (_: unknown, row: Row) =>
          c.cell === 'enableSwitch' ? (
            <EnableSwitch value={readField(row, c.field)} editable={can(c.btnCode)} onToggle={(enabled) => toggle(row, enabled)} />
          ) : (
            renderCell(withStates(c, page.resource), columnValue(c, row))
          ),
      }));
    const rowActions = (page.rowActions ?? []).map((a) => expandAction(a, page.resource));
    if (rowActions.some((a) => can(a.btnCode))) {
      columns.push({
        key: '__actions',
        title: '操作',
        fixed: 'right',
        // As wide as the most actions a row on this page shows (a transition shows only in its states), not all declared.
        width: actionsWidth(rowActions.filter((a) => can(a.btnCode)), records ?? NO_ROWS),
        render: (_: unknown, row: Row) => (
          <Space size={0}>
            {rowActions.map((a) => (
              <ActionButton key={a.label} action={a} ctx={{ ...ctx, row }} link />
            ))}
          </Space>
        ),
      });
    }
    return columns;
  }, [page, can, sorter, toggle, ctx, widths, permittedColumns, preference, records]);
  const drag = useDragSort(page, records ?? NO_ROWS, Boolean(sorter.field && sorter.order), reload);
  // A batch action has no one row to show it for: a transition's states are checked per record on the server.
  const batch = (page.batchActions ?? []).map((a) => ({ ...expandAction(a, page.resource), ...(a.type === 'transition' ? { visibleWhen: undefined } : {}) })).filter((a) => can(a.btnCode));
  const hasBatch = batch.length > 0;

  const table = useMemo(() => {
    const records = result?.records ?? [];
    const virtual = records.length > VIRTUAL_ROWS;
    const scroll = virtual
      ? { x: columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 0), hasBatch ? SELECTION_WIDTH : 0), y: VIRTUAL_HEIGHT }
      : undefined;
    return (
      <DataTable<Row>
        rowKey="id"
        size="middle"
        loading={loading}
        columns={drag.column ? [drag.column, ...columns] : columns}
        onRow={drag.onRow}
        dataSource={records}
        virtual={virtual}
        scroll={scroll}
        rowSelection={hasBatch ? { selectedRowKeys: selected.map((r) => r.id as number), onChange: (_, rows) => setSelected(rows) } : undefined}
        pagination={{
          current: pageNum,
          pageSize,
          total: result?.total ?? 0,
          showSizeChanger: true,
          // Large sizes only where the resource allows them (its maxPageSize, checked by the schema lint).
          pageSizeOptions: pageSizeOptionsOf(page),
          showTotal: (total) => totalText(total, result?.totalCapped),
        }}
        onChange={(pagination, _filters, sort, extra) => {
          if (extra.action === 'paginate') {
            setPageNum(pagination.current ?? 1);
            setPageSize(pagination.pageSize ?? pageSize);
            // A new page size is the user's choice for this screen from now on, in any browser.
            if (pagination.pageSize && pagination.pageSize !== pageSize) void savePreference({ pageSize: pagination.pageSize });
          }
          if (extra.action === 'sort') {
            const s = Array.isArray(sort) ? sort[0] : sort;
            setSorter({ field: s?.columnKey as string | undefined, order: s?.order ?? undefined });
            setPageNum(1);
          }
        }}
      />
    );
  }, [columns, drag, result, loading, hasBatch, selected, pageNum, pageSize, page, savePreference]);

  const list = (
    <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 16 }}>
      {page.filters && (
        <FilterCard
          fields={page.filters}
          openingValues={queryFilters}
          onSearch={(values) => {
            setPageNum(1);
            setFilters(values);
          }}
        />
      )}
      <Panel
        title={page.title}
        extra={
          <Space wrap>
            {batch.map((a) => (
              <ActionButton key={a.label} action={a} ctx={ctx} disabled={selected.length === 0} />
            ))}
            {(page.toolbar ?? []).map((a) => (
              <ActionButton key={a.label} action={a} ctx={ctx} />
            ))}
            <Button onClick={() => setSettingsOpen(true)}>列设置</Button>
          </Space>
        }
      >
        {table}
      </Panel>
    </div>
  );

  return (
    <>
      {page.tree ? (
        <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
          <Suspense fallback={null}>
            <TreePanel tree={page.tree} selected={node} onSelect={(n) => (setNode(n), setPageNum(1))} ctx={ctx} version={version} />
          </Suspense>
          {list}
        </div>
      ) : (
        list
      )}
      {settingsOpen && (
        <Suspense fallback={null}>
          <ColumnSettings
            columns={permittedColumns}
            preference={preference}
            pageSize={pageSize}
            pageSizeOptions={pageSizeOptionsOf(page)}
            onSave={savePreference}
            onReset={resetPreference}
            onClose={() => setSettingsOpen(false)}
          />
        </Suspense>
      )}
      {form && (
        <Suspense fallback={null}>
          <FormContainer open={form} onClose={() => setForm(null)} onSaved={reload} />
        </Suspense>
      )}
    </>
  );
}
