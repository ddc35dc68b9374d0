import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { Button, Input, Layout, Table } from 'antd';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { dropNestedResets } from '../../src/app/fast/antdStyles.ts';

/** The CSS antd writes for a layout, a table, an input and a button, as the app's StyleProvider has it written (or not). */
function css(transformers: (typeof dropNestedResets)[]): string {
  const cache = createCache();
  const ui = [createElement(Table, { key: 't', columns: [{ title: '名称', dataIndex: 'name' }], dataSource: [{ key: 1, name: '甲' }] }), createElement(Input, { key: 'i' }), createElement(Button, { key: 'b' }, '保存'), createElement(Layout, { key: 'l' })];
  renderToString(createElement(StyleProvider, { cache, transformers }, ui));
  return extractStyle(cache, { plain: true, types: ['style'] });
}

// A rule whose ancestor part is a component reset's attribute selector on class, or a component's root class.
const NESTED_RESET = /(\[class\^="ant-[\w-]+"\]|\.ant-[\w-]+)[^{},]*\s\[class[\^*]="/;

describe("antd's component resets (src/app/fast/antdStyles.ts)", () => {
  it('drops the nested copy of each reset, which styles.css gives on the element itself', () => {
    expect(css([])).toMatch(NESTED_RESET);
    const styles = css([dropNestedResets]);
    expect(NESTED_RESET.test(styles)).toBe(false);
    expect(css([])).toContain('.ant-btn [class^="ant-btn"]');
    expect(styles).not.toContain('.ant-btn [class^="ant-btn"]');
    // The component roots keep their reset.
    for (const component of ['ant-table', 'ant-input']) {
      const root = new RegExp(`\\[class\\^="${component}"\\],[^{]*\\[class\\*=" ${component}"\\]\\{[^}]*box-sizing:border-box`);
      expect(root.test(styles), component).toBe(true);
    }
    // The layout's box-sizing for every element inside it (styles.css gives it to every element) stays on the layout only.
    const layoutAndInside = /\.ant-layout,[^{,]*\.ant-layout \*\{box-sizing:border-box;?$/;
    expect(css([]).split('}').some((r) => layoutAndInside.test(r))).toBe(true);
    expect(styles.split('}').some((r) => layoutAndInside.test(r) || /\.ant-layout \*/.test(r))).toBe(false);
    expect(styles).toMatch(/\.ant-layout\{display:flex;[^}]*box-sizing:border-box/);
    // Nothing else is dropped: but for the nested rules (and the cache's record of style hashes), the two are the same CSS.
    const rules = (text: string) => text.split('}').filter((r) => !NESTED_RESET.test(r) && !layoutAndInside.test(r) && !r.includes('cssinjs-cache-path')).map((r) => r.replace(/(\.ant-layout\{display:flex;[^}]*);box-sizing:border-box;?$/, '$1;'));
    expect(rules(styles)).toEqual(rules(css([])));
    const dropped = css([]).split('}').filter((r) => NESTED_RESET.test(r));
    for (const rule of dropped) expect(rule).toMatch(/\{box-sizing:border-box;?$/);
  });
});
