import { useRequest } from 'ahooks';
import { Alert, Button, Card, Empty, List, Select, Space, Spin, Tag, Typography, message } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { call } from '../../engine/data.ts';
import { usePermission } from '../../engine/permissions.tsx';
import { GeoMap, type OtherShape } from '../../engine/geo/GeoMap.tsx';
import { geoValue, type GeoValue } from '../../shared/geo.ts';

interface Area {
  id: number;
  name: string;
  area_type: string;
  polygon: unknown;
  steward_id_label?: string | null;
}

const TYPES: Record<string, [string, string]> = { public: ['公区', 'blue'], building: ['楼栋片区', 'green'], garage: ['地库', 'purple'], outdoor: ['外围', 'orange'] };
const COLORS: Record<string, string> = { public: '#1677ff', building: '#52c41a', garage: '#722ed1', outdoor: '#fa8c16' };

/**
 * 服务区域地图 (/serviceAreaConfig?projectId=&areaId=): every area of one project on its map at
 * once; the chosen area's boundary is drawn or changed on the map (the engine's GeoMap, which
 * works without tiles) and saved through the resource's own update, so the server checks it as
 * any edit (GeoJSON, closed ring, data scope, serviceArea:edit).
 */
export default function ServiceAreaConfig() {
  const [params, setParams] = useSearchParams();
  const projects = useRequest(() => call<{ label: string; value: number }[]>('org.projects', {}));
  const projectId = Number(params.get('projectId')) || projects.data?.data?.[0]?.value;
  const areaId = Number(params.get('areaId')) || undefined;
  const areas = useRequest(
    async () => (await call<{ records: Area[] }>('service_area.list', { pageNum: 1, pageSize: 200, filters: { project_id: projectId } })).data?.records ?? [],
    { ready: !!projectId, refreshDeps: [projectId] },
  );
  const choose = (next: { projectId?: number; areaId?: number }) =>
    setParams(Object.fromEntries(Object.entries({ projectId: next.projectId ?? projectId, areaId: next.areaId }).filter(([, v]) => v).map(([k, v]) => [k, String(v)])));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap>
          <span>项目</span>
          <Select aria-label="项目" style={{ width: 240 }} placeholder="请选择项目" value={projectId} options={projects.data?.data ?? []} onChange={(v) => choose({ projectId: v })} />
          <Typography.Text type="secondary">选择左侧的区域，在地图上点击绘制其范围；其他区域以灰色显示，点击可切换。</Typography.Text>
        </Space>
      </Card>
      {!projectId ? (
        <Alert type="info" message="请选择项目" />
      ) : areas.loading && !areas.data ? (
        <Spin />
      ) : (
        <Editor key={`${projectId}-${areaId ?? ''}`} areas={areas.data ?? []} areaId={areaId} onChoose={(id) => choose({ areaId: id })} onSaved={areas.refresh} />
      )}
    </Space>
  );
}

function Editor({ areas, areaId, onChoose, onSaved }: { areas: Area[]; areaId?: number; onChoose: (id: number) => void; onSaved: () => void }) {
  const can = usePermission();
  const area = areas.find((a) => a.id === areaId);
  const [draft, setDraft] = useState<GeoValue | null>(() => geoValue(area?.polygon));
  const [saving, setSaving] = useState(false);
  const changed = JSON.stringify(draft) !== JSON.stringify(geoValue(area?.polygon));
  // The saved boundary coming back after a save (or from another editor) replaces the draft.
  const savedText = JSON.stringify(geoValue(area?.polygon));
  const [seenSaved, setSeenSaved] = useState(savedText);
  if (savedText !== seenSaved) {
    setSeenSaved(savedText);
    setDraft(geoValue(area?.polygon));
  }
  const others = useMemo<OtherShape[]>(
    () => areas.filter((a) => a.id !== areaId && geoValue(a.polygon)).map((a) => ({ key: a.id, geometry: geoValue(a.polygon)!, label: a.name, color: area ? '#8c8c8c' : COLORS[a.area_type] })),
    [areas, areaId, area],
  );
  const save = async () => {
    if (!area) return;
    setSaving(true);
    const answer = await call('service_area.update', { id: area.id, polygon: draft });
    setSaving(false);
    if (String(answer.status) === '200') {
      message.success(`「${area.name}」的范围已保存`);
      onSaved();
    } else message.error(answer.message);
  };
  const editable = Boolean(area) && can('serviceArea:edit');
  return (
    <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
      <Card size="small" title={`服务区域（${areas.length}）`} style={{ width: 280, flex: 'none' }}>
        {areas.length ? (
          <List
            size="small"
            dataSource={areas}
            renderItem={(a) => (
              <List.Item style={{ cursor: 'pointer', background: a.id === areaId ? '#e6f4ff' : undefined, paddingInline: 8 }} onClick={() => onChoose(a.id)} aria-current={a.id === areaId}>
                <Space direction="vertical" size={0}>
                  <Typography.Text strong>{a.name}</Typography.Text>
                  <Space size={4}>
                    <Tag color={TYPES[a.area_type]?.[1]}>{TYPES[a.area_type]?.[0] ?? a.area_type}</Tag>
                    {geoValue(a.polygon) ? <Tag>已绘制</Tag> : <Tag color="red">未绘制</Tag>}
                  </Space>
                </Space>
              </List.Item>
            )}
          />
        ) : (
          <Empty description="该项目还没有服务区域" />
        )}
      </Card>
      <Card
        size="small"
        style={{ flex: 1, minWidth: 0 }}
        title={area ? `编辑范围：${area.name}` : '项目全部区域'}
        extra={
          editable && (
            <Space>
              <Button disabled={!changed} onClick={() => setDraft(geoValue(area?.polygon))}>放弃修改</Button>
              <Button type="primary" loading={saving} disabled={!changed} onClick={save}>保存范围</Button>
            </Space>
          )
        }
      >
        {area && !can('serviceArea:edit') && <Alert type="info" showIcon style={{ marginBottom: 8 }} message="您没有编辑服务区域的权限，只能查看" />}
        <GeoMap mode="polygon" aria-label="服务区域地图" height={520} value={draft} onChange={editable ? setDraft : undefined} others={others} onPickOther={(key) => onChoose(Number(key))} />
      </Card>
    </div>
  );
}
