import { useState } from 'react';
import { Button, Checkbox, InputNumber, Modal, Select, Space, message } from 'antd';
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, type ColumnPreference, type TablePreference } from '../shared/tablePreferences.ts';
import type { ApiResponse } from '../core/request.ts';

interface ColumnInfo {
  field: string;
  title: string;
  hidden?: boolean;
  width?: number;
}

/** Every column of the page in the saved order (hidden ones included), as rows of the settings. */
function startingRows(columns: ColumnInfo[], saved: ColumnPreference[] | undefined): ColumnPreference[] {
  const byKey = new Map((saved ?? []).map((s) => [s.key, s]));
  const known = (saved ?? []).filter((s) => columns.some((c) => c.field === s.key));
  const added = columns.filter((c) => !byKey.has(c.field)).map((c) => ({ key: c.field, hidden: Boolean(c.hidden) }));
  return [...known.map((s) => ({ ...s, hidden: Boolean(s.hidden) })), ...added];
}

/**
 * The column settings of a list (loaded when opened): which columns show, their order and
 * widths, and the page size; saved for the user on the server, so any browser shows them.
 */
export default function ColumnSettings({
  columns,
  preference,
  pageSize,
  pageSizeOptions,
  onSave,
  onReset,
  onClose,
}: {
  columns: ColumnInfo[];
  preference: TablePreference | undefined;
  pageSize: number;
  pageSizeOptions: number[];
  onSave: (p: TablePreference) => Promise<ApiResponse<unknown>>;
  onReset: () => Promise<ApiResponse<unknown>>;
  onClose: () => void;
}) {
  const [rows, setRows] = useState(() => startingRows(columns, preference?.columns));
  const [size, setSize] = useState(pageSize);
  const [busy, setBusy] = useState(false);
  const titleOf = (key: string) => columns.find((c) => c.field === key)?.title ?? key;
  const change = (i: number, patch: Partial<ColumnPreference>) => setRows((list) => list.map((r, at) => (at === i ? { ...r, ...patch } : r)));
  const move = (i: number, by: number) =>
    setRows((list) => {
      const next = [...list];
      const [row] = next.splice(i, 1);
      next.splice(i + by, 0, row!);
      return next;
    });
  const finish = async (answer: Promise<ApiResponse<unknown>>) => {
    setBusy(true);
    const res = await answer;
    setBusy(false);
    if (res.status !== '200') return void message.error(res.message);
    message.success(res.message);
    onClose();
  };
  const save = () => {
    if (rows.every((r) => r.hidden)) return void message.error('至少显示一列');
    // Only what differs from "shown, as wide as its content" is kept.
    const saved = rows.map((r) => ({ key: r.key, ...(r.hidden ? { hidden: true } : {}), ...(r.width ? { width: r.width } : {}) }));
    void finish(onSave({ columns: saved, pageSize: size }));
  };
  return (
    <Modal
      open
      title="列设置"
      width={560}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={() => void finish(onReset())} disabled={busy}>
            恢复默认
          </Button>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" onClick={save} loading={busy}>
            保存
          </Button>
        </Space>
      }
    >
      <div role="list" aria-label="列" style={{ maxHeight: 420, overflowY: 'auto' }}>
        {rows.map((r, i) => (
          <div role="listitem" key={r.key} data-column={r.key} style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '4px 0' }}>
            <Checkbox checked={!r.hidden} onChange={(e) => change(i, { hidden: !e.target.checked })} style={{ flex: 1 }}>
              {titleOf(r.key)}
            </Checkbox>
            <Button size="small" aria-label={`上移${titleOf(r.key)}`} disabled={i === 0} onClick={() => move(i, -1)}>
              上移
            </Button>
            <Button size="small" aria-label={`下移${titleOf(r.key)}`} disabled={i === rows.length - 1} onClick={() => move(i, 1)}>
              下移
            </Button>
            <InputNumber
              size="small"
              aria-label={`${titleOf(r.key)}列宽`}
              placeholder="自动"
              min={MIN_COLUMN_WIDTH}
              max={MAX_COLUMN_WIDTH}
              precision={0}
              value={r.width}
              onChange={(w) => change(i, { width: w ?? undefined })}
              style={{ width: 90 }}
            />
          </div>
        ))}
      </div>
      <Space style={{ marginTop: 12 }}>
        每页条数
        <Select aria-label="每页条数" value={size} onChange={setSize} options={pageSizeOptions.map((n) => ({ label: `${n} 条/页`, value: n }))} style={{ width: 120 }} />
      </Space>
    </Modal>
  );
}
