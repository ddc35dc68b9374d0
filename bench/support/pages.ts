// The bench screens in each version, with what shows that each has loaded.
import { FORM_FIELDS, LIST_ROWS } from '../peers/shared/shape.ts';
import type { Peer } from '../peers/build.ts';
import { ROUTES } from './benchSchemas.ts';
import type { Ready } from './measure.ts';

export type Version = 'ours' | Peer;
type Screen = Record<Version, { path: string; ready: Ready }>;

export const LIST_SCREEN: Screen = {
  ours: { path: ROUTES.list, ready: { selector: '.ant-table-row', count: LIST_ROWS } },
  antd: { path: '/peers/antd/list.html', ready: { selector: '.ant-table-row', count: LIST_ROWS } },
  amis: { path: '/peers/amis/list.html', ready: { selector: '.cxd-Table-table-tr', count: LIST_ROWS } },
};

/**
 * The form is there when each of its 200 fields has its control (input, select or date picker)
 * in the DOM, not only its label's wrapper: a control whose code loads later is not usable yet.
 */
const controls = (item: string, kinds: string[]) => ({ selector: kinds.map((k) => `${item} ${k}`).join(', '), count: FORM_FIELDS });
const ANTD_CONTROLS = ['input.ant-input', '.ant-select', '.ant-picker'];

export const FORM_SCREEN: Screen = {
  ours: { path: ROUTES.form, ready: controls('.ant-formily-item', ANTD_CONTROLS) },
  antd: { path: '/peers/antd/form.html', ready: controls('.ant-form-item', ANTD_CONTROLS) },
  amis: { path: '/peers/amis/form.html', ready: controls('.cxd-Form-item', ['.cxd-TextControl-input', '.cxd-Select', '.cxd-DatePicker']) },
};

/** The text inputs of the form, by field number (fields 1, 4, 7, … are inputs). */
export const FORM_INPUT: Record<Version, (field: number) => string> = {
  ours: (i) => `input[aria-label="表单字段${i}"]`,
  antd: (i) => `input[aria-label="表单字段${i}"]`,
  amis: (i) => `input[name="f${i}"]`,
};

export const SIGN_IN_SCREEN = { path: '/userlogin', ready: { selector: 'input[placeholder="请输入账号"]', count: 1 } };
