import { describe, expect, it } from 'vitest';
import { checkState, searchTree, screensOfButtons, toggle, uniqueTree, type GrantNode } from '../../src/engine/grantTree.ts';

const tree: GrantNode[] = [
  {
    key: 'g:/home_task',
    title: '服务工单',
    children: [
      { key: 'm:1', title: '工单列表', children: [{ key: 'b:task:view', title: '查看工单' }, { key: 'b:task:dispatch', title: '派单' }] },
      { key: 'm:2', title: '预警设置', children: [] },
    ],
  },
  { key: 'g:/logs', title: '日志', children: [{ key: 'm:3', title: '操作日志', children: [] }, { key: 'm:1', title: '工单列表' }] },
];

describe('the role grant tree', () => {
  it('derives checked and half-checked nodes from the granted keys', () => {
    const state = checkState(uniqueTree(tree), new Set(['m:1', 'b:task:view', 'm:2']));
    expect(state.checked.sort()).toEqual(['b:task:view', 'm:2']);
    expect(state.halfChecked.sort()).toEqual(['g:/home_task', 'm:1']);
  });

  it('grants or takes away a node with everything under it; a button brings its screen', () => {
    const screens = screensOfButtons(tree);
    expect([...toggle(tree[0]!, new Set(), screens)].sort()).toEqual(['b:task:dispatch', 'b:task:view', 'm:1', 'm:2']);
    expect([...toggle(tree[0]!.children![0]!.children![1]!, new Set(), screens)].sort()).toEqual(['b:task:dispatch', 'm:1']);
    expect([...toggle(tree[0]!.children![0]!, new Set(['m:1', 'b:task:view', 'b:task:dispatch', 'm:3']), screens)]).toEqual(['m:3']);
  });

  it("never grants a borrowed button's note: the screen is whole without it", () => {
    const borrowing: GrantNode = { key: 'm:5', title: '会议预约', children: [{ key: 'b:meeting:view', title: '查看' }, { key: 'r:5:minutes:add', title: '借用「新增纪要」', checkable: false }] };
    expect([...toggle(borrowing, new Set(), screensOfButtons([borrowing]))].sort()).toEqual(['b:meeting:view', 'm:5']);
    expect(checkState([borrowing], new Set(['m:5', 'b:meeting:view'])).checked.sort()).toEqual(['b:meeting:view', 'm:5']);
  });

  it('searches titles, keeping the way to each match open', () => {
    const found = searchTree(tree, '派单');
    expect(found.open.sort()).toEqual(['g:/home_task', 'm:1']);
    expect(JSON.stringify(found.tree)).not.toContain('预警设置');
    expect(searchTree(tree, '').tree).toBe(tree);
  });

  it('keeps one entry per key', () => {
    const keys = JSON.stringify(uniqueTree(tree)).match(/"m:1"/g);
    expect(keys).toHaveLength(1);
  });
});
