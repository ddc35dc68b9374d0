import { useEffect, useState } from 'react';
import { connect, mapProps, mapReadPretty } from '@formily/react';
import { Radio, Select, Space } from 'antd';
import { AUDIENCE_MODES } from '../shared/audience.ts';
import type { AudienceKind, AudienceValue } from '../shared/schemaTypes.ts';
import { call } from './data.ts';

// The scope picker (「全部 / 指定组织 / 指定岗位 / 指定人员」, or for owners 「全部 / 指定项目 /
// 指定楼栋」): a mode and the picked ids, stored as { mode, ids }. Its choices come from the
// resource's audienceOptions, within the user's data scope; the server checks the same reach.

interface Props {
  audience: AudienceKind;
  endpoint: string;
  /** The form field's name, sent as `field` (filled in by mapProps). */
  fieldName: string;
  value?: AudienceValue | null;
  onChange?: (value: AudienceValue) => void;
  disabled?: boolean;
  'aria-label'?: string;
}

type Option = { label: string; value: number };

/** The options of one mode, fetched when the mode changes. */
function useOptions(endpoint: string, fieldName: string, mode: string | undefined): Option[] {
  const [loaded, setLoaded] = useState<{ mode: string; options: Option[] } | null>(null);
  useEffect(() => {
    if (!mode || mode === 'all') return;
    let live = true;
    call<Option[]>(endpoint, { field: fieldName, mode }).then((r) => live && setLoaded({ mode, options: r.data ?? [] }));
    return () => {
      live = false;
    };
  }, [endpoint, fieldName, mode]);
  // Options of another mode (the one before a switch) are never shown.
  return loaded && loaded.mode === mode ? loaded.options : [];
}

function AudiencePickerBase({ audience, endpoint, fieldName, value, onChange, disabled, 'aria-label': label }: Props) {
  const modes = AUDIENCE_MODES[audience];
  const mode = value?.mode;
  const options = useOptions(endpoint, fieldName, mode);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Radio.Group
        aria-label={label}
        disabled={disabled}
        value={mode}
        options={Object.entries(modes).map(([v, text]) => ({ value: v, label: text }))}
        onChange={(e) => onChange?.({ mode: e.target.value as string, ids: [] })}
      />
      {mode && mode !== 'all' && (
        <Select
          mode="multiple"
          allowClear
          showSearch
          optionFilterProp="label"
          disabled={disabled}
          aria-label={`${label ?? ''}${modes[mode] ?? ''}`}
          placeholder={`请选择${(modes[mode] ?? '').replace('指定', '')}`}
          value={value?.ids ?? []}
          options={options}
          onChange={(ids: number[]) => onChange?.({ mode, ids })}
        />
      )}
    </Space>
  );
}

/** Read-only: the mode and the picked names. */
function AudienceText({ audience, endpoint, fieldName, value }: Props) {
  const options = useOptions(endpoint, fieldName, value?.mode);
  if (!value?.mode) return <span>-</span>;
  const name = AUDIENCE_MODES[audience][value.mode] ?? value.mode;
  if (value.mode === 'all') return <span>{name}</span>;
  return <span>{`${name}：${value.ids.map((id) => options.find((o) => o.value === id)?.label ?? id).join('、')}`}</span>;
}

const withFieldName = mapProps((props: Record<string, unknown>, field: { props: { name: unknown } }) => ({ ...props, fieldName: String(field.props.name) }));

export const AudiencePicker = connect(AudiencePickerBase, withFieldName as never, mapReadPretty(connect(AudienceText, withFieldName as never)));
