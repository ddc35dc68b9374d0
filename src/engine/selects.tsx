import { useEffect, useState, type ComponentType } from 'react';
import { Select, Tag, type SelectProps } from 'antd';
import { TAG_COLORS } from '../shared/tagColors.ts';
import { call, useDictionary } from './data.ts';
import { restingSelect, type SelectProps as RestingProps } from './fast/restingSelect.tsx';

// Selects fed by the server, as plain antd components: the filter form uses them as they are,
// the Formily forms through fields.tsx.

/** antd's single select, at rest until touched (restingSelect.tsx): what forms' selects render. */
export const RestingSelect = restingSelect(Select as ComponentType<RestingProps>) as unknown as typeof Select;

/** A select whose options are the items of a dictionary code (basis getDictCode). */
export function DictSelect({ dict, ...props }: SelectProps & { dict: string }) {
  const items = useDictionary(dict) ?? [];
  return <RestingSelect {...props} options={items.map((i) => ({ label: i.label, value: i.value }))} />;
}

/** A colour among antd's presets, each named in Chinese and drawn as its tag. */
export function ColorSelect(props: SelectProps) {
  return <RestingSelect {...props} options={Object.entries(TAG_COLORS).map(([value, name]) => ({ value, label: <Tag color={value}>{name}</Tag> }))} />;
}

/** A select whose options come from an endpoint answering [{ label, value }] (a resource's ".options"). */
export function RemoteSelect({ endpoint, ...props }: SelectProps & { endpoint: string }) {
  const [options, setOptions] = useState<{ label: string; value: string | number }[]>([]);
  useEffect(() => {
    let live = true;
    call<{ label: string; value: string | number }[]>(endpoint, { all: true }).then((r) => live && setOptions(r.data ?? []));
    return () => {
      live = false;
    };
  }, [endpoint]);
  return <Select showSearch optionFilterProp="label" {...props} options={options} />;
}
