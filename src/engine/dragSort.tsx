import { message } from 'antd';
import type { TableColumnType } from 'antd';
import { useMemo, useRef, useState, type HTMLAttributes } from 'react';
import type { ListPage } from '../shared/schemaTypes.ts';
import type { Row } from './actions.tsx';
import { RESOURCES } from './catalogue.ts';
import { call } from './data.ts';
import { usePermission } from './permissions.tsx';

/** The rows' ids after moving the row at `from` to `to` (the dragged order the server saves). */
export function movedIds(rows: Row[], from: number, to: number): number[] {
  const ids = rows.map((r) => r.id as number);
  const [moved] = ids.splice(from, 1);
  ids.splice(to, 0, moved!);
  return ids;
}

/**
 * A list's drag to reorder (`dragSort`): a handle column, and rows that the handle drags (the
 * browser's own drag and drop, no library: a row is dropped on another row's place). The page's
 * rows in their new order are saved through `<resource>.reorder`, then the list loads again.
 * Off without the resource's reorder permission, and while the user sorts by a column.
 */
export function useDragSort(page: ListPage, rows: Row[], sortedByColumn: boolean, reload: () => void) {
  const can = usePermission();
  const resource = RESOURCES.get(page.resource);
  const enabled = Boolean(page.dragSort && resource?.orderField && can(resource.permissions.reorder)) && !sortedByColumn && rows.length > 1;
  // A row drags only when the drag began on its handle, so text in the row stays selectable.
  const armed = useRef(false);
  const dragged = useRef<number | null>(null);
  const [over, setOver] = useState<number | null>(null);

  return useMemo(() => {
    if (!enabled) return { column: undefined, onRow: undefined };
    const column: TableColumnType<Row> = {
      key: '__drag',
      title: '排序',
      width: 56,
      render: () => (
        <span
          role="button"
          aria-label="拖动排序"
          title="拖动排序"
          style={{ cursor: 'grab', userSelect: 'none', padding: '0 8px', fontSize: 16 }}
          onMouseDown={() => (armed.current = true)}
          onMouseUp={() => (armed.current = false)}
        >
          ⠿
        </span>
      ),
    };
    const onRow = (_row: Row, index?: number): HTMLAttributes<HTMLElement> => ({
      draggable: true,
      style: over === index ? { boxShadow: 'inset 0 2px 0 #1677ff' } : undefined,
      onDragStart: (event) => {
        if (!armed.current) return event.preventDefault();
        dragged.current = index ?? null;
        event.dataTransfer.effectAllowed = 'move';
      },
      onDragOver: (event) => {
        if (dragged.current === null) return;
        event.preventDefault();
        if (over !== index) setOver(index ?? null);
      },
      onDragEnd: () => {
        armed.current = false;
        dragged.current = null;
        setOver(null);
      },
      onDrop: async (event) => {
        event.preventDefault();
        const from = dragged.current;
        armed.current = false;
        dragged.current = null;
        setOver(null);
        if (from === null || index === undefined || from === index) return;
        const res = await call(`${page.resource}.reorder`, { ids: movedIds(rows, from, index) });
        if (res.status === '200') message.success(res.message);
        else message.error(res.message);
        reload();
      },
    });
    return { column, onRow };
  }, [enabled, over, page.resource, rows, reload]);
}
