import { useEffect, useMemo, useState } from 'react';
import { Input, Tree } from 'antd';
import { call } from './data.ts';
import { checkState, searchTree, screensOfButtons, toggle, uniqueTree, type GrantNode } from './grantTree.ts';

/**
 * A checkable tree of menus and their buttons (the role grant form), fed by an endpoint that
 * answers the grantable tree in menu order; its value is the granted screen and button keys.
 * Collapsed at first (some 300 screens), searchable, and a group or screen granted only in part
 * shows half-checked.
 */
export function PermissionTreeBase({ endpoint, value, onChange }: { endpoint: string; value?: string[]; onChange?: (keys: string[]) => void }) {
  const [tree, setTree] = useState<GrantNode[]>([]);
  const [query, setQuery] = useState('');
  const [expanded, setExpanded] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    call<GrantNode[]>(endpoint).then((r) => live && setTree(uniqueTree(r.data ?? []).map((g) => ({ ...g, checkable: true }))));
    return () => {
      live = false;
    };
  }, [endpoint]);
  const granted = useMemo(() => new Set(value ?? []), [value]);
  const screenOf = useMemo(() => screensOfButtons(tree), [tree]);
  const found = useMemo(() => searchTree(tree, query), [tree, query]);
  const state = useMemo(() => checkState(tree, granted), [tree, granted]);
  const nodes = useMemo(() => {
    const byKey = new Map<string, GrantNode>();
    const index = (n: GrantNode) => (byKey.set(n.key, n), n.children?.forEach(index));
    found.tree.forEach(index);
    return byKey;
  }, [found]);
  return (
    <div>
      <Input.Search allowClear placeholder="搜索菜单或按钮" style={{ maxWidth: 320, marginBottom: 8 }} onChange={(e) => setQuery(e.target.value)} onPressEnter={(e) => e.preventDefault()} />
      <Tree
        checkable
        checkStrictly
        height={560}
        treeData={found.tree}
        expandedKeys={query.trim() ? found.open : expanded}
        onExpand={(keys) => setExpanded(keys as string[])}
        checkedKeys={state}
        // While searching, ticking a node grants what is shown under it, not hidden screens.
        onCheck={(_, info) => {
          const node = nodes.get(String(info.node.key));
          if (node) onChange?.([...toggle(node, granted, screenOf)]);
        }}
      />
    </div>
  );
}
