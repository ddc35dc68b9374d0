import { useEffect, useState } from 'react';
import { Cascader, TreeSelect, type CascaderProps, type TreeSelectProps } from 'antd';
import { call } from './data.ts';

// Tree select and cascader fed by an endpoint, as plain antd components: the filter form loads
// them on first use as they are, the Formily forms through remoteFields.tsx.

interface TreeSelectRemoteProps extends TreeSelectProps {
  endpoint: string;
  params?: Record<string, unknown>;
  /** Set while a `paramsFrom` field of the form (remoteFields.tsx) is still empty: nothing to offer yet. */
  waiting?: boolean;
}

/**
 * A tree select whose nodes come from an endpoint answering a tree (organisations,
 * departments): nodes `{ label, value, children }`, or other keys named by `fieldNames`.
 * `params` are sent as written; in a Formily form `paramsFrom` (remoteFields.tsx) maps a parameter to another field
 * whose value it takes (the departments of the chosen organisation).
 */
export function TreeSelectRemote({ endpoint, params, waiting, fieldNames, ...props }: TreeSelectRemoteProps) {
  const [tree, setTree] = useState<unknown[]>([]);
  const key = JSON.stringify(params ?? {});
  useEffect(() => {
    if (waiting) return;
    let live = true;
    call<unknown[]>(endpoint, JSON.parse(key)).then((r) => live && setTree(Array.isArray(r.data) ? r.data : []));
    return () => {
      live = false;
    };
  }, [endpoint, key, waiting]);
  return (
    <TreeSelect
      showSearch
      allowClear
      treeDefaultExpandAll
      treeNodeFilterProp={fieldNames?.label ?? 'label'}
      fieldNames={fieldNames}
      {...props}
      treeData={(waiting ? [] : tree) as TreeSelectProps['treeData']}
    />
  );
}

type TreeNodeOf = Record<string, unknown>;

/** The path of keys from the root to the node whose value is `value`, or [] when absent. */
function pathTo(nodes: TreeNodeOf[], value: unknown, key: string, children: string): unknown[] {
  for (const node of nodes) {
    if (node[key] === value) return [value];
    const below = pathTo((node[children] as TreeNodeOf[] | undefined) ?? [], value, key, children);
    if (below.length) return [node[key], ...below];
  }
  return [];
}

/**
 * Organisation and project cascaders: levels of a tree from an endpoint (company → region →
 * project), the value being the chosen node's id only. With `changeOnSelect` any level may be
 * chosen; without it only the last (a project).
 */
export function CascaderRemote({ endpoint, params, fieldNames, value, onChange, ...props }: Omit<CascaderProps, 'value' | 'onChange'> & { endpoint: string; params?: Record<string, unknown>; value?: unknown; onChange?: (value: unknown) => void }) {
  const [tree, setTree] = useState<TreeNodeOf[]>([]);
  const key = JSON.stringify(params ?? {});
  useEffect(() => {
    let live = true;
    call<TreeNodeOf[]>(endpoint, JSON.parse(key)).then((r) => live && setTree(Array.isArray(r.data) ? r.data : []));
    return () => {
      live = false;
    };
  }, [endpoint, key]);
  const names = { label: fieldNames?.label ?? 'label', value: fieldNames?.value ?? 'value', children: fieldNames?.children ?? 'children' };
  const path = value === undefined || value === null ? undefined : pathTo(tree, value, names.value, names.children);
  return (
    <Cascader
      showSearch
      allowClear
      {...(props as object)}
      options={tree as never}
      fieldNames={names}
      value={path as never}
      onChange={(chosen: unknown) => onChange?.(Array.isArray(chosen) && chosen.length ? chosen[chosen.length - 1] : undefined)}
    />
  );
}

