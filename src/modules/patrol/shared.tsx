import { Card, Space, Typography, message, type TableProps } from 'antd';
import { DataTable } from '../../engine/DataTable.tsx';
import { useRequest } from 'ahooks';
import { useEffect, useState, type Key, type ReactNode } from 'react';
import type { ApiResponse } from '../../core/request.ts';
import { renderCell } from '../../engine/cells.tsx';
import { totalText } from '../../engine/data.ts';
import { formatTime } from '../../shared/format.ts';
import type { FieldMap } from '../../shared/schemaTypes.ts';
import { loadProjects, loadStripes, post, type ClassifyNode, type Option, type Page } from './api.ts';

export type Row = Record<string, unknown>;

/** A tag for a value of one of the patrol enumerations (states, results), through the engine's cell registry. */
export const tagOf = (options: Record<string, { text: string; color: string }>, value: unknown) => renderCell({ cell: 'enum', enum: options }, value);
/** Spec 9 date format, or '-' when there is no time. */
export const timeOf = (value: unknown): string => (typeof value === 'number' || typeof value === 'string' ? formatTime(value) || '-' : '-');

/**
 * The paged table state of a patrol screen: page number and size, the filters, a version to
 * reload after a change, and the failure toast of the list call.
 */
export function usePagedList<T extends Row>(load: (query: Row) => Promise<ApiResponse<Page<T>>>, filters: Row, deps: unknown[] = []) {
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [version, setVersion] = useState(0);
  const { data, loading } = useRequest(() => load({ ...filters, pageNum, pageSize }), { refreshDeps: [pageNum, pageSize, JSON.stringify(filters), version, ...deps] });
  useEffect(() => {
    if (data && data.status !== '200') message.error(data.message || '服务器异常');
  }, [data]);
  const page = data?.status === '200' ? data.data : undefined;
  const records = page?.records ?? [];
  const pagination = {
    current: pageNum,
    pageSize,
    total: page?.total ?? 0,
    showSizeChanger: true,
    showTotal: (total: number) => totalText(total, page?.totalCapped),
    onChange: (n: number, size: number) => {
      setPageNum(size === pageSize ? n : 1);
      setPageSize(size);
    },
  };
  return {
    records,
    total: page?.total ?? 0,
    loading,
    reload: () => setVersion((v) => v + 1),
    resetPage: () => setPageNum(1),
    pagination,
    /** The table props of the page: spread into a ListCard's table beside its columns. */
    table: { loading, dataSource: records, pagination },
  };
}

/** The rows ticked in a list, by id, with the table's rowSelection that keeps them. */
export function useRowSelection() {
  const [rows, setRows] = useState<Row[]>([]);
  const ids = rows.map((r) => r.id as number);
  return { ids, clear: () => setRows([]), rowSelection: { selectedRowKeys: ids, onChange: (_: Key[], selected: Row[]) => setRows(selected) } };
}

/** The column of cards every patrol screen stacks its filters and lists in. */
export function PageStack({ children }: { children: ReactNode }) {
  return <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>{children}</div>;
}

/** A titled card with its toolbar, holding a table; the layout every patrol list shares. */
export function ListCard<T extends Row>({ title, toolbar, table }: { title: string; toolbar?: ReactNode; table: TableProps<T> }) {
  return (
    <Card size="small" title={<Typography.Text strong>{title}</Typography.Text>} extra={<Space wrap>{toolbar}</Space>}>
      <DataTable<T> rowKey="id" size="middle" scroll={{ x: 'max-content' }} {...table} />
    </Card>
  );
}

/** Options loaded once when a screen or form opens. */
function useOptions(load: () => Promise<Option[]>): Option[] {
  const [options, setOptions] = useState<Option[]>([]);
  useEffect(() => {
    let live = true;
    load().then((o) => live && setOptions(o));
    return () => {
      live = false;
    };
  }, [load]);
  return options;
}

/** The business-line options (the error toast of spec 8 on failure). */
export const useStripes = () => useOptions(loadStripes);

/** The projects the user may work in. */
export const useProjects = () => useOptions(loadProjects);

// ---- filter fields of the engine's FilterCard (Formily JSON Schema) ----

export const projectFilter: FieldMap = {
  projectId: { type: 'number', title: '所属项目', 'x-decorator': 'FormItem', 'x-component': 'RemoteSelect', 'x-component-props': { endpoint: 'org.projects', placeholder: '全部项目', allowClear: true } },
};

export const classifyFilter: FieldMap = {
  classifyId: {
    type: 'number',
    title: '点位分类',
    'x-decorator': 'FormItem',
    'x-component': 'TreeSelectRemote',
    'x-component-props': { endpoint: 'patrol.classifyTree', fieldNames: { label: 'name', value: 'id', children: 'children' }, placeholder: '全部分类' },
  },
};

export const textFilter = (name: string, title: string, placeholder = `请输入${title}`): FieldMap => ({
  [name]: { type: 'string', title, 'x-decorator': 'FormItem', 'x-component': 'Input', 'x-component-props': { placeholder, allowClear: true } },
});

export const daysFilter = (title = '日期'): FieldMap => ({
  days: { type: 'array', title, 'x-decorator': 'FormItem', 'x-component': 'DatePicker.RangePicker', 'x-component-props': { format: 'YYYY-MM-DD' } },
});

export const selectFilter = (name: string, title: string, options: Record<string, { text: string }> | Option[]): FieldMap => ({
  [name]: {
    type: 'string',
    title,
    'x-decorator': 'FormItem',
    'x-component': 'Select',
    'x-component-props': { placeholder: '全部', allowClear: true },
    enum: (Array.isArray(options) ? options : Object.entries(options).map(([value, o]) => ({ label: o.text, value }))) as never,
  },
});

/** The category tree (POST /newTbpClassify/treeList), reloaded when `version` changes. */
export function useClassifyTree(version = 0) {
  const { data, loading } = useRequest(() => post<ClassifyNode[]>('/newTbpClassify/treeList', {}), { refreshDeps: [version] });
  return { nodes: data?.status === '200' ? (data.data ?? []) : [], loading };
}

/** Category nodes as antd tree / tree-select data, titled by `label` (the name by default). */
export interface ClassifyTreeNode {
  title: string;
  value: number;
  key: number;
  node: ClassifyNode;
  children: ClassifyTreeNode[];
}

export function classifyTreeData(nodes: ClassifyNode[], label: (n: ClassifyNode) => string = (n) => n.name): ClassifyTreeNode[] {
  return nodes.map((n) => ({ title: label(n), value: n.id, key: n.id, node: n, children: classifyTreeData(n.children, label) }));
}
