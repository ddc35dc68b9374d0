import { Modal, message } from 'antd';
import { call } from './data.ts';
import type { Row } from './row.ts';

/** What a batch move needs of the list (actions.tsx's ActionContext, without importing it back). */
interface BatchContext {
  resource?: string;
  selected?: Row[];
  reload: () => void;
}
import type { WorkflowTransition } from '../shared/schemaTypes.ts';

interface Result {
  id: number;
  ok: boolean;
  message: string;
}

/**
 * One move on the selected rows (a batch dispatch): its inputs and note asked once, each record
 * moved in its own transaction by the server, and what happened to each shown by its name.
 */
export async function batchTransition(transition: WorkflowTransition, ctx: BatchContext): Promise<void> {
  const selected = ctx.selected ?? [];
  let values: Row | undefined;
  let note: string | undefined;
  if (transition.inputs || transition.note) {
    const { askInputs } = await import('./transitionInputs.tsx');
    const answer = await askInputs({ ...transition, label: `${transition.label}（已选 ${selected.length} 条）` }, {});
    if (!answer) return;
    values = answer.values;
    note = answer.note || undefined;
  }
  const res = await call<Result[]>(`${ctx.resource}.batchTransition`, { ids: selected.map((r) => r.id), action: transition.name, note, values });
  if (res.status !== '200' || !res.data) {
    message.error(res.message || '操作失败');
    return;
  }
  const nameOf = (id: number) => String(selected.find((r) => r.id === id)?.code ?? id);
  Modal.info({
    title: res.message,
    width: 560,
    content: (
      <ul data-batch-results style={{ paddingLeft: 16, margin: 0, maxHeight: 360, overflowY: 'auto' }}>
        {res.data.map((r) => (
          <li key={r.id} style={{ color: r.ok ? undefined : '#cf1322' }}>
            {nameOf(r.id)}：{r.ok ? '成功' : r.message}
          </li>
        ))}
      </ul>
    ),
  });
  ctx.reload();
}
