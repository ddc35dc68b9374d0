import { describe, expect, it } from 'vitest';
import { antdStaticCss } from '../../scripts/build/antdStaticStyle.ts';

/** The cache-path map at the end of the file: cssinjs's path of each style (token key first) and the style's hash. */
function cachePaths(css: string): string[] {
  const map = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)";\}/.exec(css);
  return map ? map[1]!.split(';').map((entry) => entry.split(':')[0]!) : [];
}

describe("antd's styles as a build-time CSS file (scripts/build/antdStaticStyle.ts)", () => {
  const css = antdStaticCss();
  const paths = cachePaths(css);

  it('holds the styles of the components the product renders, under the one theme the app uses', () => {
    for (const component of ['Layout-Layout', 'Layout-Sider', 'Menu-Menu', 'Table-Table', 'Form-Form', 'Select-Select', 'DatePicker-DatePicker', 'Button-Button', 'Modal-Modal', 'Modal-confirm', 'Message-Message', 'Tag-preset', 'formily-antd|Form']) {
      expect(paths.some((p) => p.includes(`|${component}|`)), component).toBe(true);
    }
    // A style made under another token (a panel's own theme) would never be the app's.
    expect(new Set(paths.map((p) => p.split('|')[0])).size).toBe(1);
    expect(css).toContain(':where(.css-');
  });

  it("writes the styles as the app's StyleProvider has them: without the nested resets", () => {
    expect(css).toContain('[class^="ant-table"]');
    expect(css).not.toContain('.ant-btn [class^="ant-btn"]');
  });

  it('leaves out components the product does not use, which the browser would parse for nothing', () => {
    for (const component of ['Transfer', 'Calendar', 'ColorPicker']) expect(paths.some((p) => p.includes(`|${component}-`)), component).toBe(false);
  });
});
