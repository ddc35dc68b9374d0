// antd's styles as a CSS file made at build time (antd's documented static extraction, as
// @ant-design/static-style-extract does it for antd 6): every antd component is rendered once
// on the server side with the app's StyleProvider and ConfigProvider, and the styles antd's
// CSS-in-JS registered are written out with its cache-path map. In the browser cssinjs reads
// that map and, for every style it finds there, neither runs the style's function nor
// serialises and inserts it: a cold load of the bench form spent ~300 ms of script on that (#11).
// A style the file lacks (another theme, a component rendered only in some state) is still
// made at run time, as before.
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { createElement as h, Fragment, type ComponentType, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { Plugin } from 'vite';
import { dropNestedResets } from '../../src/app/fast/antdStyles.ts';

// antd and Formily's CommonJS builds: the ES ones import without extensions, which Node refuses.
const require = createRequire(import.meta.url);

/**
 * Left out: components with no style of their own or that need props to render on the server
 * (their panels are rendered instead), and those the product does not use, which would more
 * than double the file (Transfer alone is 137 KB with what it contains). Any of them still gets
 * its style at run time.
 */
const SKIPPED = new Set([
  ...['ConfigProvider', 'Grid', 'Drawer', 'Modal', 'Popconfirm', 'Popover', 'Tooltip'],
  ...['Affix', 'Anchor', 'AutoComplete', 'BackTop', 'Calendar', 'Carousel', 'ColorPicker', 'FloatButton', 'Mentions', 'QRCode', 'Rate', 'Slider', 'Splitter', 'Steps', 'Transfer'],
]);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- antd's CommonJS exports, read by name
type AnyComponent = ComponentType<any> & { _InternalPanelDoNotUseOrYouWillBeFired?: ComponentType<any> };

/** The Formily components the product renders that have styles of their own: folder and class prefix. */
const FORMILY_STYLES = { 'form-item': 'ant-formily-item', 'preview-text': 'ant-form-text', 'array-base': 'ant-formily-array-base', 'array-items': 'ant-formily-array-items' };

/** What renders the styles of each antd component the product uses, and of Formily's styled ones. */
function everyComponent(): ReactNode[] {
  const antd = require('antd');
  const special: Record<string, () => ReactNode> = {
    Dropdown: () => h(antd.Dropdown, { menu: { items: [] } }, h('div')),
    Menu: () => h(antd.Menu, { items: [] }),
    Tree: () => h(antd.Tree, { treeData: [] }),
  };
  const nodes = Object.keys(antd)
    .filter((name) => /^[A-Z]/.test(name) && !SKIPPED.has(name))
    .map((name) => special[name]?.() ?? h(antd[name] as AnyComponent));
  // The dialogs and popups render into a portal, which a server render leaves out: their panels
  // have the same styles without one.
  const panel = (name: string) => h((antd[name] as AnyComponent)._InternalPanelDoNotUseOrYouWillBeFired!);
  nodes.push(...['Popconfirm', 'Popover', 'Tooltip', 'Drawer', 'message', 'notification'].map(panel));
  // Modal's panel has a theme of its own (no motion): a closed dialog and the confirm's style instead.
  const ConfirmStyle = require('antd/lib/modal/style/confirm').default as AnyComponent;
  nodes.push(h(antd.Modal, { open: false }), h(ConfirmStyle, { prefixCls: 'ant-modal' }));
  // Parts with styles of their own (antd's genStyleHooks and genSubStyleComponent with two names).
  const { Badge, Button, Form, Input, Layout, Space, Tag } = antd;
  nodes.push(
    h(Layout.Sider),
    h(Input.TextArea),
    h(Tag, { color: 'blue' }),
    h(Tag, { color: 'success' }),
    h(Badge.Ribbon, {}, h('div')),
    h(Space.Compact, {}, h(Button), h(Space.Addon ?? 'span')),
    h(Form, {}, h(Form.Item)),
  );
  // Formily's components with styles, by their folder and class prefix.
  for (const [folder, prefix] of Object.entries(FORMILY_STYLES)) {
    const useStyle = require(`@formily/antd-v5/lib/${folder}/style`).default as (prefix: string) => unknown;
    nodes.push(h(() => (useStyle(prefix), null)));
  }
  return nodes.map((node, i) => h(Fragment, { key: i }, node));
}

/** The CSS of every antd component as the app renders it (src/main.tsx's providers), with cssinjs's cache-path map. */
export function antdStaticCss(): string {
  const { ConfigProvider } = require('antd') as { ConfigProvider: ComponentType<Record<string, unknown>> };
  const zhCN = require('antd/lib/locale/zh_CN').default;
  const cache = createCache();
  renderToString(h(StyleProvider, { cache, transformers: [dropNestedResets] }, h(ConfigProvider, { locale: zhCN }, everyComponent())));
  return extractStyle(cache, true);
}

/**
 * Writes antd's CSS file into the build and links it first in index.html's head, so the app's
 * own styles (styles.css) still come after antd's. Build only: `npm run dev` makes styles at
 * run time as before.
 */
export function antdStaticStylePlugin(): Plugin {
  let fileName = '';
  return {
    name: 'pms-antd-static-style',
    apply: 'build',
    buildStart() {
      const css = antdStaticCss();
      fileName = `assets/antd-${crypto.createHash('sha256').update(css).digest('base64url').slice(0, 8)}.css`;
      this.emitFile({ type: 'asset', fileName, source: css });
    },
    transformIndexHtml: () => [{ tag: 'link', attrs: { rel: 'stylesheet', href: `/${fileName}` }, injectTo: 'head-prepend' }],
  };
}
