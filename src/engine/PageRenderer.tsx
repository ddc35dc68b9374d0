import type { PageSchema } from './schemaTypes.ts';
import ListPage from './ListPage.tsx';
import FormRoute from './FormRoute.tsx';
import DetailPage from './DetailPage.tsx';
import TabsPage from './TabsPage.tsx';
import SettingsPage from './SettingsPage.tsx';
import { lazy, Suspense } from 'react';

// Charts are heavy: only report screens load them.
const ReportPage = lazy(() => import('./ReportPage.tsx'));

/** The one renderer of page schemas: each kind of page is one component. */
export default function PageRenderer({ page }: { page: PageSchema }) {
  switch (page.kind) {
    case 'list':
      return <ListPage page={page} />;
    case 'form':
      return <FormRoute page={page} />;
    case 'detail':
      return <DetailPage page={page} />;
    case 'tabs':
      return <TabsPage page={page} />;
    case 'settings':
      return <SettingsPage page={page} />;
    case 'report':
      return (
        <Suspense fallback={null}>
          <ReportPage page={page} />
        </Suspense>
      );
    default:
      return null;
  }
}
