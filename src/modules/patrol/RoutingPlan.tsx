import { Button, Checkbox, Descriptions, Drawer, Empty, Modal, Select, Space, Switch } from 'antd';
import { DataTable } from '../../engine/DataTable.tsx';
import { useEffect, useState } from 'react';
import { request } from '../../core/request.ts';
import { FilterCard } from '../../engine/FilterCard.tsx';
import { Permission, usePermission } from '../../engine/permissions.tsx';
import { downloadPost, get, post, succeeded, PLAN_STATUS, type Option, type Page } from './api.ts';
import { actionsColumn, PROJECT_POINT_COLUMNS } from './columns.tsx';
import { PlanForm } from './PlanForm.tsx';
import { ListCard, PageStack, projectFilter, selectFilter, tagOf, textFilter, usePagedList, useProjects, useStripes, type Row } from './shared.tsx';

/** A plan's details and its points in order. */
function PlanDetail({ planId, onClose }: { planId: number; onClose: () => void }) {
  const [plan, setPlan] = useState<Row | null>(null);
  useEffect(() => {
    get<Row>(`/tbpPlan/${planId}`).then((res) => succeeded(res) && setPlan(res.data ?? null));
  }, [planId]);
  return (
    <Drawer open width={640} title="巡查计划详情" onClose={onClose}>
      {plan && (
        <>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="计划名称" span={2}>{String(plan.name)}</Descriptions.Item>
            <Descriptions.Item label="所属项目">{String(plan.projectName)}</Descriptions.Item>
            <Descriptions.Item label="业务线">{String(plan.stripeName)}</Descriptions.Item>
            <Descriptions.Item label="执行" span={2}>{String(plan.assigneeText)}</Descriptions.Item>
            <Descriptions.Item label="频次">{String(plan.frequencyText)}</Descriptions.Item>
            <Descriptions.Item label="状态">{tagOf(PLAN_STATUS, plan.status)}</Descriptions.Item>
            <Descriptions.Item label="计划日期">{`${String(plan.startDate)} 至 ${String(plan.endDate)}`}</Descriptions.Item>
            <Descriptions.Item label="巡查时段">{`${String(plan.startTime)}-${String(plan.endTime)}`}</Descriptions.Item>
            <Descriptions.Item label="提前生成">{`${String(plan.leadMinutes)} 分钟`}</Descriptions.Item>
            <Descriptions.Item label="按顺序巡查">{plan.ordered ? '是' : '否'}</Descriptions.Item>
          </Descriptions>
          <DataTable<Row>
            style={{ marginTop: 16 }}
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={plan.points as Row[]}
            columns={[
              { title: '顺序', key: 'i', render: (_, __, i) => i + 1 },
              ...PROJECT_POINT_COLUMNS,
            ]}
          />
        </>
      )}
    </Drawer>
  );
}

/** The posts of a business line in one project (tbpStripe/queryPost, tbpStripe/update). */
function StripePosts({ onClose }: { onClose: () => void }) {
  const stripes = useStripes();
  const projects = useProjects();
  const [stripeCode, setStripeCode] = useState<string>();
  const [projectId, setProjectId] = useState<number>();
  const [posts, setPosts] = useState<Option[]>([]);
  const [linePosts, setLinePosts] = useState<number[]>([]);
  const [checked, setChecked] = useState<number[]>([]);
  useEffect(() => {
    if (!stripeCode || !projectId) return;
    let live = true;
    Promise.all([request<Option[]>('base', '/crmPost/getPostListByOrgId', { params: { orgId: projectId } }), post<{ postId: number }[]>('/tbpStripe/queryPost', { stripeCode })]).then(([all, line]) => {
      if (!live || !succeeded(all) || !succeeded(line)) return;
      const mine = (all.data ?? []).map((p) => p.value as number);
      const ids = (line.data ?? []).map((p) => p.postId);
      setPosts(all.data ?? []);
      setLinePosts(ids);
      setChecked(ids.filter((id) => mine.includes(id)));
    });
    return () => {
      live = false;
    };
  }, [stripeCode, projectId]);
  const save = async () => {
    const here = posts.map((p) => p.value as number);
    const postIds = [...linePosts.filter((id) => !here.includes(id)), ...checked];
    if (succeeded(await post('/tbpStripe/update', { stripeCode, postIds }), '')) onClose();
  };
  return (
    <Modal open title="业务线岗位" onCancel={onClose} onOk={save} okButtonProps={{ disabled: !stripeCode || !projectId }} destroyOnHidden>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Select aria-label="业务线" style={{ width: '100%' }} placeholder="选择业务线" options={stripes} value={stripeCode} onChange={setStripeCode} />
        <Select aria-label="项目" style={{ width: '100%' }} placeholder="选择项目" options={projects} value={projectId} onChange={setProjectId} />
        {posts.length ? <Checkbox.Group options={posts as never} value={checked} onChange={(v) => setChecked(v as number[])} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="选择业务线和项目后勾选岗位" />}
      </Space>
    </Modal>
  );
}

/** /routingInspectionV2/routingPlan: patrol plans, enabled or stopped, with their points in order. */
export default function RoutingPlan() {
  const can = usePermission();
  const stripes = useStripes();
  const [filters, setFilters] = useState<Row>({});
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const [viewing, setViewing] = useState<number | null>(null);
  const [stripePosts, setStripePosts] = useState(false);
  const list = usePagedList<Row>((q) => post<Page<Row>>('/tbpPlan/query', q), filters);

  const toggle = async (row: Row, on: boolean) => {
    if (succeeded(await post('/tbpPlan/updatePlanStatus', { id: row.id, status: on ? 'running' : 'stopped' }), '')) list.reload();
  };

  return (
    <PageStack>
      <FilterCard
        fields={{ ...projectFilter, ...textFilter('name', '计划名称'), ...selectFilter('status', '状态', PLAN_STATUS), ...selectFilter('stripeCode', '业务线', stripes) }}
        onSearch={(v) => {
          list.resetPage();
          setFilters(v);
        }}
      />
      <ListCard
        title="巡查计划"
        toolbar={
          <>
            <Permission code="patrol-stripe:edit">
              <Button onClick={() => setStripePosts(true)}>业务线岗位</Button>
            </Permission>
            <Permission code="patrol-plan:export">
              <Button onClick={() => downloadPost('/tbpPlan/exportPatrolPlanExcel', filters)}>导出</Button>
            </Permission>
            <Permission code="patrol-plan:add">
              <Button type="primary" onClick={() => setEditing(null)}>
                新增计划
              </Button>
            </Permission>
          </>
        }
        table={{
          ...list.table,
          columns: [
            { title: '计划名称', dataIndex: 'name' },
            { title: '所属项目', dataIndex: 'projectName' },
            { title: '业务线', dataIndex: 'stripeName' },
            { title: '执行', dataIndex: 'assigneeText' },
            { title: '频次', dataIndex: 'frequencyText' },
            { title: '计划日期', key: 'dates', render: (_, r) => `${String(r.startDate)} 至 ${String(r.endDate)}` },
            { title: '巡查时段', key: 'window', render: (_, r) => `${String(r.startTime)}-${String(r.endTime)}` },
            { title: '点位数', dataIndex: 'pointCount' },
            {
              title: '状态',
              dataIndex: 'status',
              render: (v, row) =>
                can('patrol-plan:status') ? <Switch checked={v === 'running'} checkedChildren="执行中" unCheckedChildren="已停用" onChange={(on) => toggle(row, on)} /> : tagOf(PLAN_STATUS, v),
            },
            actionsColumn((row) => (
              <>
                <Button type="link" onClick={() => setViewing(row.id as number)}>
                  查看
                </Button>
                <Permission code="patrol-plan:edit">
                  <Button type="link" onClick={() => setEditing(row.id as number)}>
                    编辑
                  </Button>
                </Permission>
              </>
            )),
          ],
        }}
      />
      {editing !== undefined && (
        <PlanForm
          planId={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            list.reload();
          }}
        />
      )}
      {viewing !== null && <PlanDetail planId={viewing} onClose={() => setViewing(null)} />}
      {stripePosts && <StripePosts onClose={() => setStripePosts(false)} />}
    </PageStack>
  );
}
