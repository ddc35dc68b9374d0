import { Space, type TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import { STATUS } from './api.ts';
import { tagOf, type Row } from './shared.tsx';

/** The 操作 column: the row's link buttons side by side, kept at the right edge. */
export function actionsColumn(buttons: (row: Row) => ReactNode, props: TableColumnType<Row> = { fixed: 'right' }): TableColumnType<Row> {
  return { title: '操作', key: 'actions', ...props, render: (_: unknown, row: Row) => <Space size={0}>{buttons(row)}</Space> };
}

/** A point's identity columns, for lists of points of one project (no project column). */
export const PROJECT_POINT_COLUMNS: TableColumnType<Row>[] = [
  { title: '点位编码', dataIndex: 'code' },
  { title: '点位名称', dataIndex: 'name' },
  { title: '点位分类', dataIndex: 'classifyName' },
  { title: '位置', dataIndex: 'location' },
];

/** A point's identity columns with its project, for lists across projects. */
export const POINT_COLUMNS: TableColumnType<Row>[] = [...PROJECT_POINT_COLUMNS.slice(0, 2), { title: '所属项目', dataIndex: 'projectName' }, ...PROJECT_POINT_COLUMNS.slice(2)];

/** A task's columns up to its problem count; `window` adds the round's time window after the day. */
export function taskColumns(window?: TableColumnType<Row>): TableColumnType<Row>[] {
  return [
    { title: '任务名称', dataIndex: 'name' },
    { title: '所属项目', dataIndex: 'projectName' },
    { title: '任务日期', dataIndex: 'taskDay' },
    ...(window ? [window] : []),
    { title: '执行人', dataIndex: 'executorText' },
    { title: '状态', dataIndex: 'status', render: (v) => tagOf(STATUS, v) },
    { title: '进度', key: 'progress', render: (_, r) => `${String(r.doneCount)}/${String(r.pointCount)}` },
    { title: '问题数', dataIndex: 'problemCount' },
  ];
}
