import { useEffect, useState } from 'react';
import { connect, mapProps } from '@formily/react';
import { Cascader, Tree, TreeSelect, Upload, message, type CascaderProps, type TreeSelectProps } from 'antd';
import { uploadFile } from '../core/upload.ts';
import { call } from './data.ts';

// Fields that bring large antd components (tree, tree select, cascader, upload): fields.tsx
// loads this module only when a form uses one of them.

interface TreeNode {
  key: string;
  title: string;
  children?: TreeNode[];
}

/**
 * A checkable tree of menus and their buttons (the role grant form), fed by an endpoint that
 * answers the grantable tree; its value is the checked keys.
 */
function PermissionTreeBase({ endpoint, value, onChange }: { endpoint: string; value?: string[]; onChange?: (keys: string[]) => void }) {
  const [tree, setTree] = useState<TreeNode[]>([]);
  useEffect(() => {
    let live = true;
    call<TreeNode[]>(endpoint).then((r) => live && setTree(r.data ?? []));
    return () => {
      live = false;
    };
  }, [endpoint]);
  // Each screen and button is checked on its own; the server adds a button's screen itself.
  const leafOrScreen = (keys: string[]) => keys.filter((k) => !k.startsWith('g:'));
  return (
    <Tree
      checkable
      checkStrictly
      defaultExpandAll
      key={tree.length}
      treeData={tree}
      checkedKeys={value ?? []}
      onCheck={(checked) => onChange?.(leafOrScreen((Array.isArray(checked) ? checked : checked.checked) as string[]))}
    />
  );
}

export const PermissionTree = connect(PermissionTreeBase);

interface TreeSelectRemoteProps extends TreeSelectProps {
  endpoint: string;
  params?: Record<string, unknown>;
  /** Set by the mapper below while a `paramsFrom` field is still empty: nothing to offer yet. */
  waiting?: boolean;
}

/**
 * A tree select whose nodes come from an endpoint answering a tree (organisations,
 * departments): nodes `{ label, value, children }`, or other keys named by `fieldNames`.
 * `params` are sent as written; `paramsFrom` maps a parameter to another field of the form
 * whose value it takes (the departments of the chosen organisation).
 */
function TreeSelectRemoteBase({ endpoint, params, waiting, fieldNames, ...props }: TreeSelectRemoteProps) {
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

/** `paramsFrom` read through mapProps' observer: the tree reloads when those fields change. */
function paramsFromForm(props: Record<string, unknown>, field: { form: { values: Record<string, unknown> } }) {
  const from = props.paramsFrom as Record<string, string> | undefined;
  if (!from) return props;
  const taken = Object.fromEntries(Object.entries(from).map(([param, name]) => [param, field.form.values[name]]));
  const rest = { ...props };
  delete rest.paramsFrom;
  return { ...rest, params: { ...(props.params as object), ...taken }, waiting: Object.values(taken).some((v) => v === undefined || v === null || v === '') };
}

export const TreeSelectRemote = connect(TreeSelectRemoteBase, mapProps(paramsFromForm as never));

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
function CascaderRemoteBase({ endpoint, params, fieldNames, value, onChange, ...props }: Omit<CascaderProps, 'value' | 'onChange'> & { endpoint: string; params?: Record<string, unknown>; value?: unknown; onChange?: (value: unknown) => void }) {
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

export const CascaderRemote = connect(CascaderRemoteBase);

/**
 * Photos of a record (work order, inspection): uploaded through the file service with the
 * spec's compression tiers; the value is the list of their URLs.
 */
function ImageUploadBase({ value, onChange, maxCount = 9, disabled }: { value?: string[]; onChange?: (urls: string[]) => void; maxCount?: number; disabled?: boolean }) {
  const urls = Array.isArray(value) ? value : [];
  const [uploading, setUploading] = useState(false);
  return (
    <Upload
      listType="picture-card"
      accept="image/*"
      multiple
      disabled={disabled}
      fileList={urls.map((url) => ({ uid: url, name: url.split('/').pop() ?? url, status: 'done' as const, url }))}
      onRemove={(file) => onChange?.(urls.filter((u) => u !== file.url))}
      customRequest={async ({ file, onSuccess, onError }) => {
        setUploading(true);
        const result = await uploadFile(file as File);
        setUploading(false);
        if (result.result === 1 && result.fileInfo) {
          onChange?.([...urls, result.fileInfo.resPath].slice(0, maxCount));
          onSuccess?.(result);
        } else {
          message.error(result.msg || '上传失败');
          onError?.(new Error(result.msg));
        }
      }}
      showUploadList={{ showPreviewIcon: false }}
    >
      {urls.length < maxCount && <div>{uploading ? '上传中…' : '+ 上传图片'}</div>}
    </Upload>
  );
}

export const ImageUpload = connect(ImageUploadBase);
