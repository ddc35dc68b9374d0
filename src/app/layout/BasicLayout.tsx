import MenuFoldOutlined from '@ant-design/icons/es/icons/MenuFoldOutlined';
import MenuUnfoldOutlined from '@ant-design/icons/es/icons/MenuUnfoldOutlined';
import { App as AntApp, Button, Layout, Spin } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { memo, useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { mayOpenPath, startupMenus, storedMenus, useButtonPermissions } from '../../engine/permissions.tsx';
import { clearSession, getMobile, getStaffName, isLoggedIn } from '../../core/session.ts';
import { PushCenter } from '../../modules/messages/PushCenter.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { KeepAliveOutlet } from './KeepAliveOutlet.tsx';
import { ScreenSearch } from './ScreenSearch.tsx';
import { SideMenu } from './SideMenu.tsx';
import { UserMenu } from './UserMenu.tsx';
import { mountWatermark } from './watermark.ts';

// Date pickers speak Chinese. Set here, with the screens that have them: the sign-in page does not load dayjs.
dayjs.locale('zh-cn');

/** Spec 9: menu 200 wide, 0 when collapsed. */
export const MENU_WIDTH = 200;

/** Spec 9: staff name plus the last 4 digits of the phone number (geometry in watermark.ts). */
function watermarkText() {
  return `${getStaffName()}${getMobile().slice(-4)}`;
}

export default function BasicLayout() {
  const location = useLocation();

  const loggedIn = isLoggedIn();
  const [menusReady, setMenusReady] = useState(() => storedMenus().length > 0);
  useButtonPermissions(menusReady);
  useEffect(() => {
    // The user's menus (and so the screens they may open) are refreshed at every start.
    if (loggedIn) startupMenus().then((menus) => setMenusReady(menus.length > 0));
  }, [loggedIn]);
  useEffect(() => {
    // Spec 2.1 and 4: no session, so clear local storage and go to the single sign-on.
    if (!loggedIn) {
      clearSession();
      // The sign-on code (crypto-js for PKCE) loads only when it is needed.
      void import('../../core/sso.ts').then(({ startSignOn }) => startSignOn(location.pathname + location.search));
    }
  }, [loggedIn, location.pathname, location.search]);
  if (!loggedIn) return <Spin fullscreen tip="正在跳转到统一身份认证…" />;
  if (!menusReady) return <Spin fullscreen tip="正在加载菜单…" />;
  // Spec 6: a screen the user's menus do not grant lands on the no-permission page.
  if (!mayOpenPath(location.pathname)) return <Navigate to="/noauth" replace />;
  return <LayoutFrame />;
}

/**
 * The menu, top bar and content area. Memoised without props: a navigation re-renders only what
 * reads the location (the menu's selection, the outlet), not the watermark, layout and header.
 */
const LayoutFrame = memo(function LayoutFrame() {
  const [collapsed, setCollapsed] = useState(false);
  useEffect(() => mountWatermark(watermarkText()), []);

  return (
    // The notice hooks (App.useApp) are the signed-in shell's alone: the sign-in page does not load them.
    // Push notices stay until closed: past a few, older ones leave the screen (they are in the message
    // list), since each new one re-measures every notice on screen and slows down with their number.
    <AntApp notification={{ maxCount: 5 }}>
      <Layout style={{ height: '100vh' }}>
        {/* A long menu scrolls inside the side bar: the page itself never scrolls (a click would land where the page moved from). */}
        <Layout.Sider width={MENU_WIDTH} collapsedWidth={0} collapsed={collapsed} trigger={null} collapsible style={{ overflow: 'auto' }}>
          <div style={{ height: 56, color: '#fff', fontSize: 18, fontWeight: 600, display: 'flex', alignItems: 'center', paddingLeft: 24 }}>
            PMS 物业管理
          </div>
          <SideMenu />
        </Layout.Sider>
        <Layout>
          <Layout.Header style={{ background: '#fff', padding: '0 16px', display: 'flex', alignItems: 'center', gap: 12, height: 56, borderBottom: '1px solid #f0f0f0' }}>
            <Button
              type="text"
              aria-label={collapsed ? '展开菜单' : '收起菜单'}
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={() => setCollapsed(!collapsed)}
            />
            <Breadcrumbs />
            <div style={{ flex: 1 }} />
            <ScreenSearch />
            <PushCenter />
            <UserMenu />
          </Layout.Header>
          {/* The page tabs and the content area. */}
          <KeepAliveOutlet />
        </Layout>
      </Layout>
    </AntApp>
  );
});
