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

export const FORM_SCREEN: Screen = {
  ours: { path: ROUTES.form, ready: { selector: '.ant-formily-item', count: FORM_FIELDS } },
  antd: { path: '/peers/antd/form.html', ready: { selector: '.ant-form-item', count: FORM_FIELDS } },
  amis: { path: '/peers/amis/form.html', ready: { selector: '.cxd-Form-item', count: FORM_FIELDS } },
};

/** The text inputs of the form, by field number (fields 1, 4, 7, … are inputs). */
export const FORM_INPUT: Record<Version, (field: number) => string> = {
  ours: (i) => `input[aria-label="表单字段${i}"]`,
  antd: (i) => `input[aria-label="表单字段${i}"]`,
  amis: (i) => `input[name="f${i}"]`,
};

export const SIGN_IN_SCREEN = { path: '/userlogin', ready: { selector: 'input[placeholder="请输入账号"]', count: 1 } };
