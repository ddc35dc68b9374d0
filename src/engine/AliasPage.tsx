import DetailPage from './DetailPage.tsx';
import { loadPage, usePage } from './pageIndex.ts';
import type { AliasPage as AliasSchema, DetailPage as DetailSchema } from '../shared/schemaTypes.ts';

/** The detail page's schema loads with the alias's, so the screen renders in one pass. */
export const preload = (page: AliasSchema) => loadPage(page.of);

/** The detail page an alias route shows, its record's id read as the alias says. */
export default function AliasPage({ page }: { page: AliasSchema }) {
  const detail = usePage(page.of) as DetailSchema;
  return <DetailPage page={{ ...detail, idParam: page.idParam ?? detail.idParam }} />;
}
