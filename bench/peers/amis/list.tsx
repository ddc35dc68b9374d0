// The bench list built with amis: a CRUD over the same endpoint with the same filter form and
// 20 columns, 100 rows a page.
import 'amis/lib/themes/cxd.css';
import 'amis/lib/helper.css';
import 'amis/sdk/iconfont.css';
import { render as renderAmis } from 'amis';
import { createRoot } from 'react-dom/client';
import { columnTitle, FILTER_FIELDS, LIST_COLUMNS, LIST_PATH, LIST_ROWS, range } from '../shared/shape.ts';
import { env } from './env.ts';

const schema = {
  type: 'page',
  title: '压测列表',
  body: {
    type: 'crud',
    api: {
      method: 'post',
      url: LIST_PATH,
      data: { pageNum: '${page}', pageSize: '${perPage}', filters: Object.fromEntries(range(FILTER_FIELDS).map((i) => [`c${i}`, `\${c${i}}`])) },
    },
    perPage: LIST_ROWS,
    filter: {
      title: '',
      mode: 'horizontal',
      columnCount: 4,
      body: range(FILTER_FIELDS).map((i) => ({ type: 'input-text', name: `c${i}`, label: columnTitle(i) })),
      actions: [
        { type: 'submit', level: 'primary', label: '查询' },
        { type: 'reset', label: '重置' },
      ],
    },
    footerToolbar: ['statistics', 'switch-per-page', 'pagination'],
    columns: range(LIST_COLUMNS).map((i) => ({ name: `c${i}`, label: columnTitle(i) })),
  },
};

createRoot(document.getElementById('root')!).render(renderAmis(schema, {}, env));
