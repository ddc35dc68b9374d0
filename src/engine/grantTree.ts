/**
 * The role grant tree's rules, apart from its rendering: groups ("g:…") hold screens ("m:…"),
 * screens hold buttons ("b:…") and notes of the buttons they borrow ("r:…", never granted). The value is the set of granted screens and buttons; what a node
 * shows (checked, half-checked) is derived from it, and ticking a node grants or takes away the
 * node with everything under it.
 */
export interface GrantNode {
  key: string;
  title: string;
  checkable?: boolean;
  children?: GrantNode[];
}

/** The keys a node stands for: itself unless a group or a borrowed button's note ("r:…", granted under its own screen), and all below it. */
export function keysUnder(node: GrantNode): string[] {
  if (node.key.startsWith('r:')) return [];
  const own = node.key.startsWith('g:') ? [] : [node.key];
  return [...own, ...(node.children ?? []).flatMap(keysUnder)];
}

/** Fully checked and half-checked keys of the tree for a granted set. */
export function checkState(tree: GrantNode[], granted: ReadonlySet<string>): { checked: string[]; halfChecked: string[] } {
  const checked: string[] = [];
  const halfChecked: string[] = [];
  const visit = (node: GrantNode) => {
    (node.children ?? []).forEach(visit);
    const keys = keysUnder(node);
    const held = keys.filter((k) => granted.has(k)).length;
    if (keys.length && held === keys.length) checked.push(node.key);
    else if (held > 0) halfChecked.push(node.key);
  };
  tree.forEach(visit);
  return { checked, halfChecked };
}

/**
 * Ticking a node: when all it stands for is granted, all of it is taken away; otherwise all of it
 * is granted. A button comes with its screen (as the server adds it).
 */
export function toggle(node: GrantNode, granted: ReadonlySet<string>, screenOf: ReadonlyMap<string, string>): Set<string> {
  const keys = keysUnder(node);
  const next = new Set(granted);
  if (keys.length && keys.every((k) => granted.has(k))) {
    keys.forEach((k) => next.delete(k));
  } else {
    keys.forEach((k) => next.add(k));
    const screen = screenOf.get(node.key);
    if (screen) next.add(screen);
  }
  return next;
}

/** Each button's screen, for toggle(). */
export function screensOfButtons(tree: GrantNode[]): Map<string, string> {
  const map = new Map<string, string>();
  const visit = (node: GrantNode) => {
    for (const child of node.children ?? []) {
      if (child.key.startsWith('b:') && node.key.startsWith('m:')) map.set(child.key, node.key);
      visit(child);
    }
  };
  tree.forEach(visit);
  return map;
}

/**
 * The tree cut down to what matches a search (case-insensitive, in titles): a matching node keeps
 * everything under it, other nodes stay only as the way to a match. `open` lists the nodes to
 * expand so that every match shows.
 */
export function searchTree(tree: GrantNode[], query: string): { tree: GrantNode[]; open: string[] } {
  const q = query.trim().toLowerCase();
  if (!q) return { tree, open: [] };
  const open: string[] = [];
  const cut = (node: GrantNode): GrantNode | undefined => {
    if (node.title.toLowerCase().includes(q)) return node;
    const children = (node.children ?? []).map(cut).filter((c): c is GrantNode => c !== undefined);
    if (!children.length) return undefined;
    open.push(node.key);
    return { ...node, children };
  };
  return { tree: tree.map(cut).filter((c): c is GrantNode => c !== undefined), open };
}

/** Nodes of the tree by key (one entry each: the same key twice is kept once, where first met). */
export function uniqueTree(tree: GrantNode[]): GrantNode[] {
  const seen = new Set<string>();
  const walk = (nodes: GrantNode[]): GrantNode[] =>
    nodes.flatMap((n) => {
      if (seen.has(n.key)) return [];
      seen.add(n.key);
      return [{ ...n, children: n.children ? walk(n.children) : undefined }];
    });
  return walk(tree);
}
