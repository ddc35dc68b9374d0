// The select at rest (src/engine/fast/restingSelect.tsx) against the real one: for the props it rests
// with, its markup is the closed antd Select's, element for element; for the others it renders
// the real select from the start.
import { ConfigProvider, Select } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { restingSelect, type SelectProps } from '../../src/engine/fast/restingSelect.tsx';

const render = (component: ComponentType<SelectProps>, props: SelectProps) =>
  renderToStaticMarkup(createElement(ConfigProvider, { locale: zhCN }, createElement(component, props))).replace(/<style[^>]*>.*?<\/style>/gs, '');

const Real = () => createElement('i', null, 'the real select');
const Resting = restingSelect(Real);
const options = [
  { label: '男', value: 'm' },
  { label: '启用', value: 1 },
];
// As Formily's Select passes them to antd's (its dataSource as options, the field's loading state).
const field = { id: 'gender', disabled: false, readOnly: false, ref: null, onChange: () => undefined, onFocus: () => undefined, onBlur: () => undefined, 'aria-label': '性别', options, loading: false };

describe('the select at rest', () => {
  it.each([
    ['empty', {}],
    ['empty, with a placeholder', { placeholder: '请选择性别' }],
    ['with a value', { value: 'm' }],
    ['with a number value', { value: 1, placeholder: '请选择' }],
    ['clearable, empty', { allowClear: true }],
    ['clearable, with a value', { value: 'm', allowClear: true }],
    ['clearable, with an empty text value', { value: '', allowClear: true }],
    ['with a value no option has', { value: 'x' }],
    ['with null', { value: null }],
    ['without options', { options: undefined, value: 'm' }],
  ])('shows what the closed select shows: %s', (_, props) => {
    const real = render(Select as unknown as ComponentType<SelectProps>, { ...field, ...props });
    expect(real).toContain('class="ant-select ');
    expect(render(Resting, { ...field, ...props })).toBe(real);
  });

  it.each([
    ['disabled (and read-pretty)', { disabled: true }],
    ['read-only', { readOnly: true }],
    ['loading', { loading: true }],
    ['with several values', { mode: 'multiple', value: ['m'] }],
    ['searchable', { showSearch: true }],
    ['a look of its own', { size: 'small' }],
    ['a label that is not text', { value: 'm', options: [{ label: createElement('b', null, '男'), value: 'm' }] }],
    ['a value that is not text', { value: { label: '男', value: 'm' } }],
    ['a ref to hold', { ref: () => undefined }],
  ])('leaves to the real select a field %s', (_, props) => {
    expect(render(Resting, { ...field, ...props })).toBe('<i>the real select</i>');
  });
});
