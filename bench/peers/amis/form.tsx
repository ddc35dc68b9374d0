// The bench form built with amis: 200 fields (inputs, selects, date pickers) four to a row.
import 'amis/lib/themes/cxd.css';
import 'amis/lib/helper.css';
import 'amis/sdk/iconfont.css';
import { render as renderAmis } from 'amis';
import { createRoot } from 'react-dom/client';
import { fieldTitle, FORM_FIELDS, formKind, range, SELECT_OPTIONS } from '../shared/shape.ts';
import { env } from './env.ts';

const TYPES = { Input: 'input-text', Select: 'select', DatePicker: 'input-date' } as const;

const schema = {
  type: 'page',
  body: {
    type: 'form',
    title: '压测表单',
    mode: 'horizontal',
    columnCount: 4,
    body: range(FORM_FIELDS).map((i) => ({
      type: TYPES[formKind(i)],
      name: `f${i}`,
      label: fieldTitle(i),
      ...(formKind(i) === 'Select' ? { options: SELECT_OPTIONS } : {}),
    })),
    actions: [
      { type: 'submit', level: 'primary', label: '提交' },
      { type: 'reset', label: '取消' },
    ],
  },
};

createRoot(document.getElementById('root')!).render(renderAmis(schema, {}, env));
