import { describe, expect, it } from 'vitest';
import { findScreens, screensOf } from '../../src/app/layout/screenSearch.ts';
import { initialsOf } from '../../server/modules/auth/initials.ts';
import type { MenuGroup } from '../../src/engine/permissions.tsx';

const item = (menuId: number, menuRouter: string, menuName: string, show = 1, access: string | null = null) => ({ menuId, menuRouter, menuName, show, access, menuInitials: initialsOf(menuName) });
const MENUS: MenuGroup[] = [
  { groupPrefix: '/index', groupName: '首页', groupInitials: initialsOf('首页'), items: [item(1, '/index/home_index', '首页')] },
  {
    groupPrefix: '/home_task',
    groupName: '服务工单',
    groupInitials: initialsOf('服务工单'),
    items: [item(2, '/home_task/taskList', '工单管理'), item(3, '/home_task/draft', '工单草稿箱'), item(4, '/home_task/detailsTask', '工单详情', 0), item(5, '/home_task/oa', '工单处理（OA）', 1, 'oa')],
  },
  { groupPrefix: '/user-manager', groupName: '客户管理', groupInitials: initialsOf('客户管理'), items: [item(6, '/user-manager/user-lists', '客户列表'), item(7, '/user-manager/key', '重点客户')] },
  { groupPrefix: '/yxl-manager', groupName: 'YXL管理', groupInitials: initialsOf('YXL管理'), items: [item(8, '/yxl-manager/list', 'YXL 门店')] },
];

describe('pinyin initials of menu names (server)', () => {
  it('takes the first letter of each character, keeps letters and digits, drops the rest', () => {
    expect(initialsOf('工单管理')).toBe('gdgl');
    expect(initialsOf('YXL管理')).toBe('yxlgl');
    expect(initialsOf('400 来电（历史）')).toBe('400ldls');
    expect(initialsOf('重点客户')).toBe('zdkh');
  });
});

describe('finding a screen', () => {
  const screens = screensOf(MENUS, '');
  const titles = (query: string) => findScreens(screens, query).map((s) => s.title);

  it('offers the shown entries of the menu only, for the access cookie', () => {
    expect(screens.map((s) => s.path)).not.toContain('/home_task/detailsTask');
    expect(screens.map((s) => s.path)).not.toContain('/home_task/oa');
    expect(screensOf(MENUS, 'oa').map((s) => s.path)).toContain('/home_task/oa');
  });

  it('finds by pinyin initials: 「gd」 finds 工单管理 first', () => {
    expect(titles('gd')).toEqual(['工单管理', '工单草稿箱']);
    expect(titles('GDGL')).toEqual(['工单管理']);
    expect(titles('zdkh')).toEqual(['重点客户']);
  });

  it('ranks the title before initials, group and address, menu order among equals', () => {
    expect(titles('工单')).toEqual(['工单管理', '工单草稿箱']);
    expect(titles('客户')[0]).toBe('客户列表');
    // The group names its screens: 服务工单 and its initials.
    expect(titles('服务工单')).toEqual(['工单管理', '工单草稿箱']);
    expect(titles('fwgd')).toEqual(['工单管理', '工单草稿箱']);
    expect(titles('fwgdcg')).toEqual(['工单草稿箱']);
    expect(titles('user-lists')).toEqual(['客户列表']);
    expect(titles('yxl 门店')).toEqual(['YXL 门店']);
    expect(titles('没有这个')).toEqual([]);
    expect(titles('  ')).toHaveLength(screens.length);
  });
});
