import { Button, Modal, message } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router-dom';
import { RESOURCES } from './catalogue.ts';
import { call, downloadFrom } from './data.ts';
import { usePermission } from './permissions.tsx';
import type { Action, Condition, FormAction, ParamValue, WorkflowTransition } from '../shared/schemaTypes.ts';
import type { Row } from './row.ts';
import { jsonList } from '../shared/jsonList.ts';

// Rare on a screen and heavy (antd's Upload; Formily with every field kind): each loads when used.
const ImportButton = lazy(() => import('./ImportButton.tsx'));

export type { Row };

/** What an action can refer to where it is placed. */
export interface ActionContext {
  row?: Row;
  selected?: Row[];
  query?: Record<string, string>;
  record?: Row;
  node?: Row;
  /** The list's current filters, for exports. */
  filters?: Row;
  /** The resource of the screen (default endpoints of export and import). */
  resource?: string;
  reload: () => void | Promise<void>;
  openForm: (action: FormAction, id: unknown, initialValues: Row) => void;
}

/** A parameter value with its bindings ({ $row }, { $selected }, ...) filled from the context. */
export function resolve(value: ParamValue, ctx: ActionContext): unknown {
  if (Array.isArray(value)) return value.map((v) => resolve(v, ctx));
  if (value && typeof value === 'object') {
    if ('$row' in value) return ctx.row?.[value.$row];
    if ('$record' in value) return ctx.record?.[value.$record];
    if ('$node' in value) return ctx.node?.[value.$node];
    if ('$query' in value) return ctx.query?.[value.$query];
    if ('$selected' in value) return (ctx.selected ?? []).map((r) => r[value.$selected]);
  }
  return value;
}

const resolveAll = (params: Record<string, ParamValue> | undefined, ctx: ActionContext): Row =>
  Object.fromEntries(Object.entries(params ?? {}).map(([k, v]) => [k, resolve(v, ctx)]));

/** "确定删除标签「{name}」吗？" with the row's (or record's) fields and {count} of the selection. */
export function fillText(template: string, ctx: ActionContext): string {
  const source = ctx.row ?? ctx.record ?? ctx.node ?? {};
  return template.replace(/\{(\w+)\}/g, (_, key: string) => (key === 'count' ? String(ctx.selected?.length ?? 0) : String(source[key] ?? '')));
}

/** Whether the row (or record) matches the condition, or every one of a list of conditions. */
export function matches(condition: Condition | Condition[] | undefined, source: Row | undefined): boolean {
  if (!condition) return true;
  if (Array.isArray(condition)) return condition.every((c) => matches(c, source));
  const value = source?.[condition.field];
  if (condition.equals !== undefined && value !== condition.equals) return false;
  if (condition.in && !condition.in.includes(value as never)) return false;
  if (condition.notIn && condition.notIn.includes(value as never)) return false;
  return true;
}

/** Builds the URL of a navigate action: ":name" from params, then the query. */
export function targetUrl(to: string, params: Row, query: Row): string {
  const path = to.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
  const search = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined && v !== null).map(([k, v]) => [k, String(v)])).toString();
  return search ? `${path}?${search}` : path;
}

type Expanded = Action & { label: string; allowedBy?: WorkflowTransition['allowedBy'] };

/** Whether an expanded action shows for the row (or record): its condition, and for a move the record allows per record (allowedBy), its list naming it. */
export function shownFor(action: Expanded, source: Row | undefined): boolean {
  return matches(action.visibleWhen, source) && (!action.allowedBy || jsonList(source?.[action.allowedBy.field]).includes(action.allowedBy.value));
}

/** A transition action with its label, permission, confirmation and states filled from the workflow. */
export function expandAction(action: Action, resource: string | undefined): Expanded {
  if (action.type === 'reveal') return { ...action, label: action.label ?? '查看完整号码', btnCode: action.btnCode ?? RESOURCES.get(resource ?? '')?.permissions.reveal };
  if (action.type !== 'transition') return action;
  const transition = RESOURCES.get(resource ?? '')?.workflow?.transitions.find((t) => t.name === action.transition);
  if (!transition) return { ...action, label: action.label ?? action.transition };
  const field = RESOURCES.get(resource!)!.workflow!.field;
  return {
    ...action,
    label: action.label ?? transition.label,
    btnCode: action.btnCode ?? transition.btnCode,
    confirm: action.confirm ?? transition.confirm,
    danger: action.danger ?? transition.danger,
    visibleWhen: action.visibleWhen ?? { field, in: transition.from },
    allowedBy: transition.allowedBy,
  };
}

/** Asks for the note of a transition; resolves null when the user cancels. */
async function askNote(title: string, required: boolean): Promise<string | null> {
  // The text area loads with the first note asked for: a list page shows none.
  const { default: TextArea } = await import('antd/es/input/TextArea');
  return new Promise((resolve) => {
    let text = '';
    Modal.confirm({
      title,
      icon: null,
      okText: '确定',
      cancelText: '取消',
      content: <TextArea aria-label="说明" rows={4} maxLength={500} showCount placeholder={required ? '请填写说明（必填）' : '说明（选填）'} onChange={(e) => (text = e.target.value)} />,
      // With the close argument the dialog stays open until closed here: a missing note leaves it open, no error thrown.
      onOk: (close: () => void) => {
        if (required && !text.trim()) {
          message.error('请填写说明');
          return;
        }
        resolve(text.trim());
        close();
      },
      onCancel: () => resolve(null),
    });
  });
}

/** Carries out an action; resolves true when the screen should reload. */
export async function runAction(action: Action, ctx: ActionContext, navigate: NavigateFunction): Promise<void> {
  switch (action.type) {
    case 'request': {
      const res = await call(action.endpoint, resolveAll(action.params, ctx));
      if (res.status !== '200') {
        message.error(res.message || '操作失败');
        return;
      }
      // A reset password is answered once: it stays a minute, long enough to pass on.
      message.success(action.success ?? res.message ?? '操作成功', (res.data as { password?: unknown } | null)?.password ? 60 : undefined);
      ctx.reload();
      return;
    }
    case 'navigate': {
      const url = targetUrl(action.to, resolveAll(action.params, ctx), resolveAll(action.query, ctx));
      if (action.newTab) window.open(url, '_blank', 'noopener');
      else navigate(url);
      return;
    }
    case 'form':
      ctx.openForm(action, action.id === undefined ? undefined : resolve(action.id, ctx), resolveAll(action.initialValues, ctx));
      return;
    case 'export':
      await downloadFrom(action.endpoint ?? `${ctx.resource}.export`, { filters: JSON.stringify(ctx.filters ?? {}) });
      return;
    case 'import':
      // The file picker is rendered by ActionButton; nothing to do without a file.
      return;
    case 'reveal': {
      const record = ctx.row ?? ctx.record;
      const masked = RESOURCES.get(ctx.resource ?? '')?.masked;
      if (!record || !masked) return;
      const res = await call<Row>(`${ctx.resource}.reveal`, { id: record.id });
      if (res.status !== '200' || !res.data) {
        message.error(res.message || '操作失败');
        return;
      }
      const values = res.data;
      Modal.info({
        title: '完整信息',
        okText: '关闭',
        content: (
          <div>
            {Object.entries(masked).map(([name, title]) => (
              <p key={name}>
                {title}：{values[name] == null || values[name] === '' ? '—' : String(values[name])}
              </p>
            ))}
            <p style={{ color: '#8c8c8c', marginBottom: 0 }}>{res.message || '本次查看已记录'}</p>
          </div>
        ),
      });
      return;
    }
    case 'transition': {
      const workflow = RESOURCES.get(ctx.resource ?? '')?.workflow;
      const transition = workflow?.transitions.find((t) => t.name === action.transition);
      const record = ctx.row ?? ctx.record;
      // On the selected rows of a list (a batch dispatch): asked once, moved one by one on the server.
      if (transition && !record && ctx.selected?.length) {
        const { batchTransition } = await import('./batchTransition.tsx');
        await batchTransition(transition, ctx);
        return;
      }
      if (!transition || !record) return;
      let note: string | null | undefined;
      let values: Row | undefined;
      if (transition.inputs) {
        const { askInputs } = await import('./transitionInputs.tsx');
        const answer = await askInputs(transition, record, ctx.resource);
        if (!answer) return;
        ({ values, note } = answer);
      } else if (transition.note) {
        note = await askNote(transition.label, transition.note === 'required');
        if (note === null) return;
      }
      const res = await call(`${ctx.resource}.transition`, { id: record.id, action: transition.name, note: note || undefined, values });
      if (res.status !== '200') {
        message.error(res.message || '操作失败');
        return;
      }
      message.success(res.message || '操作成功');
      ctx.reload();
      return;
    }
  }
}

/** One action as a button (toolbar) or link (table row), guarded by its btnCode and condition. */
export function ActionButton({ action: declared, ctx, link = false, disabled = false }: { action: Action; ctx: ActionContext; link?: boolean; disabled?: boolean }) {
  const navigate = useNavigate();
  const can = usePermission();
  const [busy, setBusy] = useState(false);
  const action = expandAction(declared, ctx.resource);
  if (!can(action.btnCode) || !shownFor(action, ctx.row ?? ctx.record ?? ctx.node)) return null;

  const type = link ? 'link' : action.type === 'navigate' || action.type === 'form' ? 'primary' : 'default';
  const size = link ? 'small' : 'middle';
  if (action.type === 'import') {
    const id = action.endpoint ?? `${ctx.resource}.import`;
    return (
      <Suspense fallback={<Button disabled>{action.label}</Button>}>
        <ImportButton id={id} label={action.label} disabled={disabled} reload={ctx.reload} />
      </Suspense>
    );
  }

  async function act() {
    setBusy(true);
    try {
      await runAction(action, ctx, navigate);
    } finally {
      setBusy(false);
    }
  }

  function onClick() {
    if (!action.confirm) {
      void act();
      return;
    }
    Modal.confirm({
      title: '提示',
      content: fillText(action.confirm, ctx),
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: action.danger },
      onOk: act,
    });
  }

  return (
    <Button type={type} size={size} danger={action.danger} loading={busy} disabled={disabled} onClick={onClick}>
      {action.label}
    </Button>
  );
}
