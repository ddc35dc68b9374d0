import { Card, Empty, Space, Tree } from 'antd';
import { useRequest } from 'ahooks';
import { useMemo } from 'react';
import { ActionButton, type ActionContext, type Row } from './actions.tsx';
import { call, type Page } from './data.ts';
import type { TreeSide } from '../shared/schemaTypes.ts';

/** The tree beside a list: choosing a node filters the list; its actions add, edit and delete nodes. */
export default function TreePanel({ tree, selected, onSelect, ctx, version }: { tree: TreeSide; selected: Row | null; onSelect: (node: Row | null) => void; ctx: ActionContext; version: number }) {
  const { data } = useRequest(() => call<Page<Row>>(`${tree.resource}.list`, { pageSize: 200 }), { refreshDeps: [version] });
  const treeData = useMemo(() => {
    const nodes = data?.data?.records ?? [];
    const toNode = (r: Row) => ({ key: String(r.id), title: String(r[tree.labelField] ?? ''), record: r });
    if (!tree.parentField) return nodes.map((r) => ({ ...toNode(r), isLeaf: true }));
    const byParent = new Map<unknown, Row[]>();
    for (const r of nodes) byParent.set(r[tree.parentField] ?? null, [...(byParent.get(r[tree.parentField] ?? null) ?? []), r]);
    const build = (parent: unknown): object[] => (byParent.get(parent) ?? []).map((r) => ({ ...toNode(r), children: build(r.id) }));
    return build(null);
  }, [data, tree.labelField, tree.parentField]);
  const nodeCtx: ActionContext = { ...ctx, node: selected ?? undefined };
  return (
    <Card size="small" title={tree.title} style={{ width: 260, flex: 'none' }} styles={{ body: { padding: 8 } }}>
      <Space wrap size={4} style={{ marginBottom: 8 }}>
        {(tree.actions ?? []).map((a) => {
          const needsNode = JSON.stringify(a).includes('"$node"') && a.type !== 'form';
          const editsNode = a.type === 'form' && a.id !== undefined;
          return <ActionButton key={a.label} action={a} ctx={nodeCtx} link disabled={(needsNode || editsNode) && !selected} />;
        })}
      </Space>
      {treeData.length ? (
        <Tree
          blockNode
          treeData={treeData as never}
          selectedKeys={selected ? [String(selected.id)] : []}
          onSelect={(_, info) => onSelect(info.selected ? ((info.node as unknown as { record: Row }).record ?? null) : null)}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
      )}
    </Card>
  );
}
