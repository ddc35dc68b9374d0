import { Tabs } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { call } from './data.ts';
import { usePage } from './pageIndex.ts';
import ListPage from './ListPage.tsx';
import { usePermission } from './permissions.tsx';
import type { TabsPage as TabsSchema } from '../shared/schemaTypes.ts';

/**
 * Several list pages under tabs; each tab is its own list instance with its own state. A tab
 * with a btnCode shows only with that permission; with `counts` each tab's number follows its
 * title, asked again whenever a tab is chosen (an act in one tab changes the others' numbers).
 */
export default function TabsPage({ page }: { page: TabsSchema }) {
  const can = usePermission();
  const [version, setVersion] = useState(0);
  const [counts, setCounts] = useState<Record<string, number | null>>();
  useEffect(() => {
    if (!page.counts) return;
    let live = true;
    void call<Record<string, number | null>>(page.counts)
      .then((answer) => live && answer.status === '200' && setCounts(answer.data))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [page.counts, version]);
  return (
    <Tabs
      onChange={() => setVersion((v) => v + 1)}
      items={page.tabs
        .filter((tab) => can(tab.btnCode))
        .map((tab) => {
          const children = (
            <Suspense fallback={null}>
              <TabList route={tab.page} />
            </Suspense>
          );
          const count = tab.count ? counts?.[tab.count] : undefined;
          return { key: tab.page, label: typeof count === 'number' ? `${tab.title}（${count}）` : tab.title, children };
        })}
    />
  );
}

function TabList({ route }: { route: string }) {
  const list = usePage(route);
  return list?.kind === 'list' ? <ListPage page={list} /> : null;
}
