import { describe, expect, it } from 'vitest';
import { setUpApi, setUpServer } from '../support/setup.ts';
import { DEMO_STAFF } from '../../server/modules/org/public.ts';

// Issue 42: the screen search matches pinyin initials, computed by the server with the user's menus.
const server = setUpServer();
const admin = setUpApi(server);

interface Group {
  groupName: string;
  groupInitials: string;
  items: { menuRouter: string; menuName: string; menuInitials: string }[];
}
const menuList = async () => (await admin.post('/api/auth/login/menuList', { userId: String(DEMO_STAFF.admin), type: 2 })).body.data as Group[];
const entry = async (router: string) => (await menuList()).flatMap((g) => g.items).find((i) => i.menuRouter === router)!;

describe('the menu list carries the pinyin initials of each name', () => {
  it('for entries and groups, and from the name an administrator gives an entry', async () => {
    const groups = await menuList();
    const workOrders = groups.find((g) => g.items.some((i) => i.menuRouter === '/home_task/taskList'))!;
    expect([workOrders.groupName, workOrders.groupInitials]).toEqual(['服务工单', 'fwgd']);
    expect(await entry('/home_task/taskList')).toMatchObject({ menuName: '全部工单', menuInitials: 'qbgd' });
    for (const item of groups.flatMap((g) => g.items)) expect(item.menuInitials, item.menuName).toMatch(/^[a-z0-9]+$/);

    const menu = await server.app.db.selectFrom('menu').select('id').where('router', '=', '/home_task/taskList').executeTakeFirstOrThrow();
    expect((await admin.post('/api/base/menu/update', { id: menu.id, display_name: '工单管理' })).body.message).toBe('保存成功');
    try {
      expect(await entry('/home_task/taskList')).toMatchObject({ menuName: '工单管理', menuInitials: 'gdgl' });
    } finally {
      await admin.post('/api/base/menu/update', { id: menu.id, display_name: '' });
    }
    expect((await entry('/home_task/taskList')).menuInitials).toBe('qbgd');
  });
});
