// A form's fields draw some antd controls without antd's components (src/engine/fast/plainInput.tsx,
// the resting select and date picker), so those components never register their styles. The
// build's CSS file has them; without it (a development server) FieldItemStyles must register them.
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';
import { FieldItemStyles } from '../../src/engine/FieldItem.tsx';

it("registers the styles of the controls a form's fields draw without antd's components", () => {
  const cache = createCache();
  renderToString(createElement(StyleProvider, { cache }, createElement(ConfigProvider, null, createElement(FieldItemStyles, null, 'fields'))));
  const css = extractStyle(cache, { plain: true });
  for (const rule of ['.ant-formily-item', '.ant-input', '.ant-input-outlined', '.ant-select-single', '.ant-select-selector', '.ant-picker', '.ant-picker-input']) {
    expect(css, rule).toContain(`${rule}`);
  }
});
