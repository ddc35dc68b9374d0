import { Tabs } from 'antd';
import { Suspense } from 'react';
import { usePage } from './pageIndex.ts';
import ListPage from './ListPage.tsx';
import type { TabsPage as TabsSchema } from '../shared/schemaTypes.ts';

/** Several list pages under tabs; each tab is its own list instance with its own state. */
export default function TabsPage({ page }: { page: TabsSchema }) {
  return (
    <Tabs
      items={page.tabs.map((tab) => {
        const children = (
          <Suspense fallback={null}>
            <TabList route={tab.page} />
          </Suspense>
        );
        return { key: tab.page, label: tab.title, children };
      })}
    />
  );
}

function TabList({ route }: { route: string }) {
  const list = usePage(route);
  return list?.kind === 'list' ? <ListPage page={list} /> : null;
}
