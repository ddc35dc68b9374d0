import { badRequest, conflict } from '../../../platform/http/envelope.ts';
import type { AnyDB, ResourceHooks } from '../../../engine/hooks.ts';

/** Levels a category tree may have (一级、二级、三级分类). */
const MAX_DEPTH = 3;

interface Node {
  id: number;
  parent_id: number | null;
  name: string;
  kind: string;
  enabled: number;
}

async function loadTree(trx: AnyDB): Promise<Map<number, Node>> {
  const rows = (await trx.selectFrom('service_category').select(['id', 'parent_id', 'name', 'kind', 'enabled']).execute()) as Node[];
  return new Map(rows.map((r) => [r.id, r]));
}

/** Ids of a node and everything below it. */
function subtree(nodes: Map<number, Node>, id: number): number[] {
  const out = [id];
  for (let i = 0; i < out.length; i++) for (const n of nodes.values()) if (n.parent_id === out[i]) out.push(n.id);
  return out;
}

function depthOf(nodes: Map<number, Node>, id: number): number {
  let depth = 0;
  for (let n = nodes.get(id); n; n = n.parent_id === null ? undefined : nodes.get(n.parent_id)) depth++;
  return depth;
}

/** Levels from a node down to its deepest descendant (1 for a leaf). */
function heightOf(nodes: Map<number, Node>, id: number): number {
  const children = [...nodes.values()].filter((n) => n.parent_id === id);
  return 1 + Math.max(0, ...children.map((c) => heightOf(nodes, c.id)));
}

/**
 * The category tree stays a tree: no node under itself or its descendants, at most three
 * levels, children of the same kind as their parent, names unique among siblings, and a
 * disabled category takes its descendants with it.
 */
export const serviceCategoryHooks: ResourceHooks = {
  async beforeSave({ trx, id, values, current }) {
    const nodes = await loadTree(trx);
    const parentId = (values.parent_id !== undefined ? values.parent_id : (current?.parent_id ?? null)) as number | null;
    const kind = String(values.kind ?? current?.kind);
    const name = String(values.name ?? current?.name);
    if (parentId !== null) {
      if (id !== null && subtree(nodes, id).includes(parentId)) throw badRequest('不能把分类移动到它自己或它的下级分类之下');
      const parent = nodes.get(parentId)!;
      if (parent.kind !== kind) throw badRequest('子分类的类型必须与上级分类一致');
      const height = id === null ? 1 : heightOf(nodes, id);
      if (depthOf(nodes, parentId) + height > MAX_DEPTH) throw badRequest(`分类最多 ${MAX_DEPTH} 级，不能放在「${parent.name}」之下`);
    }
    if (id !== null && values.kind !== undefined && values.kind !== current?.kind && [...nodes.values()].some((n) => n.parent_id === id)) {
      throw badRequest('该分类下还有子分类，不能修改分类类型');
    }
    const sibling = [...nodes.values()].find((n) => n.id !== id && n.parent_id === parentId && n.name === name);
    if (sibling) throw conflict(`同一上级下已有分类「${name}」`);
  },

  async afterEnable({ trx, id, enabled }) {
    const nodes = await loadTree(trx);
    const node = nodes.get(id)!;
    if (enabled === 1) {
      const parent = node.parent_id === null ? undefined : nodes.get(node.parent_id);
      if (parent && !parent.enabled) throw badRequest(`上级分类「${parent.name}」已停用，请先启用上级分类`);
      return;
    }
    const below = subtree(nodes, id).slice(1);
    if (below.length) await trx.updateTable('service_category').set({ enabled: 0, updated_at: Date.now() }).where('id', 'in', below).execute();
  },
};
