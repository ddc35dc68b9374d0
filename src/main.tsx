import '@ant-design/v5-patch-for-react-19';
import { StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider, message } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { dropNestedResets } from './app/fast/antdStyles.ts';
import { APP_ENGINE_HOST } from './app/engineHost.ts';
import { AppRouter, preloadRoute } from './app/router.tsx';
import { findRoute } from './app/routes.ts';
import { hasQueryLogin } from './core/queryLogin.ts';
import { loadRuntimeConfig } from './core/runtimeConfig.ts';
import { isLoggedIn } from './core/session.ts';
import { markAppRendered } from './core/sessionEnd.ts';
import { setEngineHost } from './engine/host.ts';
import { loadMenusEarly } from './engine/permissions.tsx';
import './styles.css';

// The renderer reaches the app (history, routes, push notices) only through this host.
setEngineHost(APP_ENGINE_HOST);

// Spec 9: toasts 80 px from the top, 3 seconds.
message.config({ top: 80, duration: 3 });
// Static dialogs and toasts (Modal.confirm holding a form's date picker) render outside the app's
// tree: the same locale and style transformers reach them, or their pickers speak English.
ConfigProvider.config({
  holderRender: (children) => (
    <StyleProvider transformers={[dropNestedResets]}>
      <ConfigProvider locale={zhCN}>{children}</ConfigProvider>
    </StyleProvider>
  ),
});

// A chunk Vite preloads for a page that no longer exists after a deployment: reload (spec 8).
window.addEventListener('vite:preloadError', () => window.location.reload());

// The first screen's code loads alongside the runtime config, so it renders in one go.
// Not a top-level await: that would turn off the bundler's merging of small shared chunks.
// A signed-in screen's shell waits for the user's menus, and a list for its rows: they are asked
// for once requests can be signed, while that code still loads, not once the screen has rendered.
const config = loadRuntimeConfig().catch((error) => console.warn('runtime config unavailable, using same-origin services', error));
const first = findRoute(window.location.pathname);
if (first && !first.public && isLoggedIn() && !hasQueryLogin(new URLSearchParams(window.location.search))) {
  void config.then(loadMenusEarly);
  // Before the screen's code is asked for: the few small chunks it needs come first of the six connections.
  void first.component.prefetch?.(config, window.location.search);
}
function Rendered() {
  useEffect(markAppRendered, []);
  return null;
}

void Promise.all([config, preloadRoute(window.location.pathname)]).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <StyleProvider transformers={[dropNestedResets]}>
        <ConfigProvider locale={zhCN}>
          <AppRouter />
          <Rendered />
        </ConfigProvider>
      </StyleProvider>
    </StrictMode>,
  ),
);
