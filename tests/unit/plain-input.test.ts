// The plain text input (src/engine/fast/plainInput.tsx) against antd's: for the props of a plain text
// field its markup is antd's Input's, element for element; for any other it is antd's Input.
import { ConfigProvider, Form, Input, Space } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { createElement, type ComponentType, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { plainInput } from '../../src/engine/fast/plainInput.tsx';

type Props = Record<string, unknown>;
const render = (component: ComponentType<Props>, props: Props, wrap = (node: ReactNode) => node) =>
  renderToStaticMarkup(createElement(ConfigProvider, { locale: zhCN }, wrap(createElement(component, props)))).replace(/<style[^>]*>.*?<\/style>/gs, '');

const PlainInput = plainInput(Input) as ComponentType<Props>;
const Real = () => createElement('i', null, 'the real input');
const PlainOrStub = plainInput(Real) as ComponentType<Props>;
// As Formily's connect passes them to a text field's control (its pattern as disabled and read-only, its title as aria-label).
const field = { disabled: false, readOnly: false, ref: null, onChange: () => undefined, onFocus: () => undefined, onBlur: () => undefined, 'aria-label': '姓名' };

describe('the plain text input', () => {
  it.each([
    ['empty', {}],
    ['with a value', { value: '张三' }],
    ['with a number value', { value: 12 }],
    ['with null', { value: null }],
    ['with a placeholder and a length limit', { placeholder: '请输入姓名', maxLength: 20 }],
    ['with an id', { id: 'name' }],
    ['disabled (and read-pretty)', { disabled: true, value: '张三' }],
    ['read-only', { readOnly: true, value: '张三' }],
  ])('renders what antd renders: %s', (_, props) => {
    const antd = render(Input as unknown as ComponentType<Props>, { ...field, ...props });
    expect(antd).toMatch(/^<input [^>]*class="ant-input /);
    expect(render(PlainInput, { ...field, ...props })).toBe(antd);
  });

  const isAntds = (props: Props, wrap?: (node: ReactNode) => ReactNode) =>
    expect(render(PlainOrStub, props, wrap)).toContain('<i>the real input</i>');
  it.each([
    ['clearable', { allowClear: true }],
    ['with a count', { showCount: true, maxLength: 10 }],
    ['with a prefix', { prefix: '¥' }],
    ['with an addon', { addonAfter: '元' }],
    ['small', { size: 'small' }],
    ['borderless', { variant: 'borderless' }],
    ['in error', { status: 'error' }],
    ['a password', { type: 'password' }],
    ['a ref to hold', { ref: () => undefined }],
  ])('leaves to antd a field %s', (_, props) => {
    isAntds({ ...field, ...props });
  });

  it.each([
    ['a small form', (node: ReactNode) => createElement(ConfigProvider, { componentSize: 'small' }, node)],
    ['a disabled form', (node: ReactNode) => createElement(ConfigProvider, { componentDisabled: true }, node)],
    ['a filled form', (node: ReactNode) => createElement(Form, { variant: 'filled' }, node)],
    ['a compact group', (node: ReactNode) => createElement(Space.Compact, null, node)],
    ['right to left', (node: ReactNode) => createElement(ConfigProvider, { direction: 'rtl' }, node)],
  ])('leaves to antd a field in %s', (_, wrap) => {
    // Without a pattern of its own (Formily's connect gives one to its fields), as antd's Form.Item gives it.
    const unset: Props = { ...field, disabled: undefined };
    isAntds(unset, wrap);
  });
});
