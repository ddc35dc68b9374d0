// The date picker at rest (src/engine/fast/restingDatePicker.tsx) against the real one: for the props
// it rests with, its markup is the closed antd DatePicker's as Formily's DatePicker renders it,
// element for element; for the others it renders the real picker from the start.
import { DatePicker as FormilyDatePicker } from '@formily/antd-v5/esm/date-picker';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { restingDatePicker, type PickerProps } from '../../src/engine/fast/restingDatePicker.tsx';

const render = (component: ComponentType<PickerProps>, props: PickerProps) =>
  renderToStaticMarkup(createElement(ConfigProvider, { locale: zhCN }, createElement(component, props))).replace(/<style[^>]*>.*?<\/style>/gs, '');

const Real = () => createElement('i', null, 'the real picker');
const Resting = restingDatePicker(Real);
const field = { disabled: false, readOnly: false, onChange: () => undefined, onFocus: () => undefined, onBlur: () => undefined, 'aria-label': '入职日期' };

describe('the date picker at rest', () => {
  it.each([
    ['empty', {}],
    ['with a date', { value: '2026-10-08' }],
    ['with its own placeholder and format', { value: '2027-02-28', placeholder: '请选择结束日期', format: 'YYYY-MM-DD' }],
    ['with a time', { value: '2026-10-08 09:30:00', showTime: { format: 'HH:mm' } }],
    ['empty, with a time', { showTime: true, allowClear: true }],
  ])('shows what the closed picker shows: %s', (_, props) => {
    const real = render(FormilyDatePicker as unknown as ComponentType<PickerProps>, { ...field, ...props });
    expect(real).toContain('class="ant-picker ');
    expect(render(Resting, { ...field, ...props })).toBe(real);
  });

  it.each([
    ['disabled (and read-pretty)', { disabled: true }],
    ['read-only', { readOnly: true }],
    ['another kind of picker', { picker: 'month' }],
    ['a look of its own', { size: 'small' }],
    ['a value only its own parsing reads', { value: '08/10/2026' }],
    ['a value in another format', { value: '2026-10-08T09:30:00Z' }],
    ['a value that is not text', { value: 1791072000000 }],
  ])('leaves to the real picker a field %s', (_, props) => {
    expect(render(Resting, { ...field, ...props })).toBe('<i>the real picker</i>');
  });
});
