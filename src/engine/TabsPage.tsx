import { Tabs } from 'antd';
import { pageByRoute } from './catalogue.ts';
import ListPage from './ListPage.tsx';
import type { TabsPage as TabsSchema } from './schemaTypes.ts';

/** Several list pages under tabs; each tab is its own list instance with its own state. */
export default function TabsPage({ page }: { page: TabsSchema }) {
  return (
    <Tabs
      items={page.tabs.map((tab) => {
        const list = pageByRoute(tab.page);
        return { key: tab.page, label: tab.title, children: list?.kind === 'list' ? <ListPage page={list} /> : null };
      })}
    />
  );
}
