import { Card, Empty, List, Space, Tag, Typography } from 'antd';
import { useRequest } from 'ahooks';
import { Link } from 'react-router-dom';
import { formatTime } from '../../shared/format.ts';
import { call, type Page } from '../../engine/data.ts';
import { RESOURCES } from '../../engine/catalogue.ts';

interface OrderHit {
  id: number;
  code: string;
  title: string;
  status: string;
  statusText: string;
  project_name: string;
  processor_name: string | null;
  created_at: number;
}

interface CallRow {
  id: number;
  direction: string;
  status: string;
  started_at: number;
  staff_id_label: string | null;
  work_order_code: string | null;
  summary: string | null;
}

interface Counts {
  total: number;
  open: number;
  complaints: number;
}

const stateColor = (status: string) => RESOURCES.get('work_order')?.workflow?.states[status]?.color;

/**
 * What the operator sees of a caller while on the phone: their past work orders (the es search:
 * result list and count) and their earlier calls to the hotline.
 */
export function CallerHistory({ phone, customerId, version }: { phone: string; customerId: number | null; version: number }) {
  const search = { phone, customerId: customerId ?? undefined };
  const orders = useRequest(() => call<Page<OrderHit>>('es.workOrderResultList', { ...search, pageSize: 5 }), { refreshDeps: [phone, customerId, version] });
  const counts = useRequest(() => call<Counts>('es.workOrderResultCount', search), { refreshDeps: [phone, customerId, version] });
  const calls = useRequest(() => call<Page<CallRow>>('hotline_call.list', { pageSize: 5, filters: { phone } }), { refreshDeps: [phone, version] });
  const c = counts.data?.data;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={16}>
      <Card
        size="small"
        title="历史工单"
        extra={c ? <Typography.Text type="secondary">{`共 ${c.total} 单 · 未完成 ${c.open} · 投诉 ${c.complaints}`}</Typography.Text> : null}
        loading={orders.loading && !orders.data}
      >
        {orders.data?.data?.records.length ? (
          <List
            size="small"
            dataSource={orders.data.data.records}
            renderItem={(o) => (
              <List.Item key={o.id} extra={<Tag color={stateColor(o.status)}>{o.statusText}</Tag>}>
                <List.Item.Meta
                  title={<Link to={`/task-detail/${o.id}`}>{`${o.code} ${o.title}`}</Link>}
                  description={`${o.project_name} · ${formatTime(o.created_at)}${o.processor_name ? ` · 处理人 ${o.processor_name}` : ''}`}
                />
              </List.Item>
            )}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有历史工单" />
        )}
      </Card>
      <Card size="small" title="通话记录" loading={calls.loading && !calls.data}>
        {calls.data?.data?.records.length ? (
          <List
            size="small"
            dataSource={calls.data.data.records}
            renderItem={(r) => (
              <List.Item key={r.id}>
                <List.Item.Meta
                  title={`${r.direction === 'in' ? '来电' : '外呼'} · ${formatTime(r.started_at)} · ${r.staff_id_label ?? ''}`}
                  description={[r.work_order_code ? `工单 ${r.work_order_code}` : '', r.summary ?? ''].filter(Boolean).join(' · ') || '无小结'}
                />
              </List.Item>
            )}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有通话记录" />
        )}
      </Card>
    </Space>
  );
}
