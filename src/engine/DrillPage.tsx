import { Card } from 'antd';
import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { REPORTS } from './reportCatalogue.ts';
import { drillTargetFrom } from './drillRoute.ts';
import { DrillTable } from './ReportDrill.tsx';
import { usePermission } from './permissions.tsx';
import type { DrillPage as DrillSchema } from '../shared/schemaTypes.ts';

/** The records behind one report figure on a screen of their own (a report page's `drillRoute`). */
export default function DrillPage({ page }: { page: DrillSchema }) {
  const can = usePermission();
  const { id } = useParams();
  const [search] = useSearchParams();
  const def = REPORTS.get(page.report)!;
  const target = useMemo(() => drillTargetFrom(id, search, page.title), [id, search, page.title]);
  const canExport = Boolean(def.permissions.export && can(def.permissions.export));
  return (
    <Card size="small" title={target.title}>
      {/* Keyed by the address, so another group's link starts again at its first page. */}
      <DrillTable key={`${id}?${search.toString()}`} report={def.name} target={target} canExport={canExport} />
    </Card>
  );
}
