import { Button, Card, Col, Empty, Input, InputNumber, Row, Select, Space, Switch, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { CHOICE_COMPONENTS, formProblems, RUNTIME_COMPONENTS, TEXT_COMPONENTS, type RuntimeComponent, type RuntimeForm, type RuntimeFormItem } from '../shared/runtimeForm.ts';
import { DynamicForm } from './DynamicForm.tsx';

export interface FormDesignerProps {
  value?: RuntimeForm | null;
  onChange?: (value: RuntimeForm) => void;
  disabled?: boolean;
}

const COMPONENT_OPTIONS = Object.entries(RUNTIME_COMPONENTS).map(([value, label]) => ({ value, label }));

/** The next free key: q1, q2, … after the largest used. */
function nextKey(items: RuntimeFormItem[]): string {
  const used = items.map((i) => Number(/^q(\d+)$/.exec(i.key)?.[1] ?? 0));
  return `q${Math.max(0, ...used) + 1}`;
}

/** A new item of a component, with what it needs to be valid at once (two options, a score's bounds). */
function newItem(component: RuntimeComponent, items: RuntimeFormItem[]): RuntimeFormItem {
  const item: RuntimeFormItem = { key: nextKey(items), component, label: `${RUNTIME_COMPONENTS[component]}题`, required: true };
  if (CHOICE_COMPONENTS.includes(component)) item.options = ['选项一', '选项二'];
  if (component === 'NumberPicker') Object.assign(item, { minimum: 1, maximum: 5 });
  return item;
}

/**
 * The form designer (issue 31, capability 2): a staff member adds registered components,
 * orders them and sets each one's label, required mark, options, alarm options, dictionary,
 * bounds and skip logic, and sees the form live beside them as it will be filled. Its value is
 * the definition a `"form": true` field stores; the server checks it again on save.
 */
export function FormDesigner({ value, onChange, disabled }: FormDesignerProps) {
  const items = useMemo(() => value?.items ?? [], [value]);
  const set = (next: RuntimeFormItem[]) => onChange?.({ items: next });
  const change = (index: number, patch: Partial<RuntimeFormItem>) => set(items.map((item, i) => (i === index ? clean({ ...item, ...patch }) : item)));
  const move = (index: number, by: number) => {
    const next = [...items];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    set(next);
  };
  const problems = items.length ? formProblems({ items }) : [];
  // The preview is keyed by the definition, so each change renders a fresh form.
  const preview = useMemo(() => ({ items }), [items]);
  return (
    <Row gutter={16} className="pms-form-designer">
      <Col span={13}>
        <Space direction="vertical" style={{ width: '100%' }}>
          {items.map((item, index) => (
            <Card
              key={item.key}
              size="small"
              title={`第 ${index + 1} 题 · ${RUNTIME_COMPONENTS[item.component]}`}
              extra={
                <Space size={4}>
                  <Button size="small" disabled={disabled || index === 0} onClick={() => move(index, -1)} aria-label={`上移第 ${index + 1} 题`}>上移</Button>
                  <Button size="small" disabled={disabled || index === items.length - 1} onClick={() => move(index, 1)} aria-label={`下移第 ${index + 1} 题`}>下移</Button>
                  <Button size="small" danger disabled={disabled} onClick={() => set(items.filter((_, i) => i !== index))} aria-label={`删除第 ${index + 1} 题`}>删除</Button>
                </Space>
              }
            >
              <ItemEditor item={item} before={items.slice(0, index)} disabled={disabled} onChange={(patch) => change(index, patch)} no={index + 1} />
            </Card>
          ))}
          {!items.length && <Empty description="还没有题目，请在下方添加" />}
          <Space wrap>
            <Typography.Text>添加：</Typography.Text>
            {COMPONENT_OPTIONS.map((o) => (
              <Button key={o.value} size="small" disabled={disabled || items.length >= 60} onClick={() => set([...items, newItem(o.value as RuntimeComponent, items)])}>
                {o.label}
              </Button>
            ))}
          </Space>
          {problems.map((p) => (
            <Typography.Text key={p} type="danger">{p}</Typography.Text>
          ))}
        </Space>
      </Col>
      <Col span={11}>
        <Card size="small" title="预览" className="pms-form-preview">
          {items.length ? <DynamicForm key={JSON.stringify(preview)} definition={preview} /> : <Empty description="暂无题目" />}
        </Card>
      </Col>
    </Row>
  );
}

/** Drops what a component does not use (options of a text, bounds of a choice), so the value stays valid. */
function clean(item: RuntimeFormItem): RuntimeFormItem {
  const out: RuntimeFormItem = { key: item.key, component: item.component, label: item.label, required: !!item.required };
  if (CHOICE_COMPONENTS.includes(item.component)) {
    out.options = item.options?.length ? item.options : ['选项一', '选项二'];
    const alarm = (item.alarm ?? []).filter((a) => out.options!.includes(a));
    if (alarm.length) out.alarm = alarm;
  }
  if (item.component === 'DictSelect' && item.dict) out.dict = item.dict;
  if (TEXT_COMPONENTS.includes(item.component) && item.maxLength) out.maxLength = item.maxLength;
  if (item.component === 'NumberPicker') {
    if (item.minimum != null) out.minimum = item.minimum;
    if (item.maximum != null) out.maximum = item.maximum;
  }
  if (item.showWhen?.key) out.showWhen = item.showWhen;
  return out;
}

function ItemEditor({ item, before, disabled, onChange, no }: { item: RuntimeFormItem; before: RuntimeFormItem[]; disabled?: boolean; onChange: (patch: Partial<RuntimeFormItem>) => void; no: number }) {
  const choice = CHOICE_COMPONENTS.includes(item.component);
  const trigger = before.find((b) => b.key === item.showWhen?.key);
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={6}>
      <Space.Compact style={{ width: '100%' }}>
        <Input value={item.label} maxLength={100} disabled={disabled} aria-label={`第 ${no} 题标题`} onChange={(e) => onChange({ label: e.target.value })} placeholder="题目" />
        <Select value={item.component} options={COMPONENT_OPTIONS} disabled={disabled} style={{ width: 130 }} aria-label={`第 ${no} 题题型`} onChange={(component) => onChange({ component })} />
      </Space.Compact>
      <Space wrap>
        <span>
          必答 <Switch size="small" checked={!!item.required} disabled={disabled} aria-label={`第 ${no} 题必答`} onChange={(required) => onChange({ required })} />
        </span>
        {item.component === 'NumberPicker' && (
          <>
            <InputNumber size="small" value={item.minimum} disabled={disabled} addonBefore="最小" aria-label={`第 ${no} 题最小值`} onChange={(v) => onChange({ minimum: v ?? undefined })} />
            <InputNumber size="small" value={item.maximum} disabled={disabled} addonBefore="最大" aria-label={`第 ${no} 题最大值`} onChange={(v) => onChange({ maximum: v ?? undefined })} />
          </>
        )}
        {TEXT_COMPONENTS.includes(item.component) && (
          <InputNumber size="small" min={1} max={2000} value={item.maxLength} disabled={disabled} addonBefore="字数上限" aria-label={`第 ${no} 题字数上限`} onChange={(v) => onChange({ maxLength: v ?? undefined })} />
        )}
        {item.component === 'DictSelect' && (
          <Input size="small" value={item.dict} disabled={disabled} addonBefore="字典编码" aria-label={`第 ${no} 题字典编码`} maxLength={50} onChange={(e) => onChange({ dict: e.target.value })} />
        )}
      </Space>
      {choice && (
        <Select mode="tags" value={item.options} disabled={disabled} style={{ width: '100%' }} aria-label={`第 ${no} 题选项`} placeholder="输入选项后回车" onChange={(options: string[]) => onChange({ options: options.map((o) => o.slice(0, 50)) })} />
      )}
      {choice && (
        <Tooltip title="选中这些选项的答卷会进入回访">
          <Select mode="multiple" value={item.alarm ?? []} options={(item.options ?? []).map((o) => ({ label: o, value: o }))} disabled={disabled} style={{ width: '100%' }} aria-label={`第 ${no} 题预警选项`} placeholder="预警选项（可选）" onChange={(alarm: string[]) => onChange({ alarm })} />
        </Tooltip>
      )}
      {before.some((b) => CHOICE_COMPONENTS.includes(b.component)) && (
        <Space.Compact style={{ width: '100%' }}>
          <Select
            allowClear
            value={item.showWhen?.key}
            placeholder="跳题：总是显示"
            style={{ width: 200 }}
            disabled={disabled}
            aria-label={`第 ${no} 题显示条件`}
            options={before.filter((b) => CHOICE_COMPONENTS.includes(b.component)).map((b) => ({ label: `当「${b.label}」`, value: b.key }))}
            onChange={(key?: string) => onChange({ showWhen: key ? { key, in: [] } : undefined })}
          />
          {trigger && (
            <Select mode="multiple" value={item.showWhen?.in ?? []} placeholder="选择其中之一时显示" style={{ flex: 1 }} disabled={disabled} aria-label={`第 ${no} 题显示条件选项`} options={(trigger.options ?? []).map((o) => ({ label: o, value: o }))} onChange={(values: string[]) => onChange({ showWhen: { key: trigger.key, in: values } })} />
          )}
        </Space.Compact>
      )}
    </Space>
  );
}
