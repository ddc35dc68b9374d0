import { lazy, Suspense, useState } from 'react';
import { Button, Modal } from 'antd';
import { geoSummary, geoValue } from '../../shared/geo.ts';

// A `geo` value in a list or a detail: its summary, and 地图 opening it read-only on the map
// (Leaflet loads only then, so a list page carries none of it).

const GeoMap = lazy(() => import('./GeoMap.tsx').then((m) => ({ default: m.GeoMap })));

export default function GeoCell({ value }: { value: unknown }) {
  const [open, setOpen] = useState(false);
  const geo = geoValue(value);
  if (!geo) return null;
  return (
    <>
      {geoSummary(geo)}
      <Button type="link" size="small" onClick={() => setOpen(true)}>地图</Button>
      {open && (
        <Modal open title="地图位置" width={720} footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
          <Suspense fallback={null}>
            <GeoMap mode={geo.type === 'Point' ? 'point' : 'polygon'} value={geo} height={420} />
          </Suspense>
        </Modal>
      )}
    </>
  );
}
