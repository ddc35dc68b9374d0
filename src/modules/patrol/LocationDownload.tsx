import { Button, Card, Form, Select, Space, Typography } from 'antd';
import { useRequest } from 'ahooks';
import { useState } from 'react';
import { Permission } from '../../engine/permissions.tsx';
import { downloadGet, downloadPost, post, succeeded, type Page } from './api.ts';
import { PROJECT_POINT_COLUMNS } from './columns.tsx';
import { ListCard, PageStack, usePagedList, useProjects, type Row } from './shared.tsx';

/** /locationDownload: printable QR labels of a project, of a plan's points in order, or of chosen points. */
export default function LocationDownload() {
  const projects = useProjects();
  const [projectId, setProjectId] = useState<number>();
  const [planId, setPlanId] = useState<number>();
  const [selected, setSelected] = useState<number[]>([]);
  const { data: plans } = useRequest(
    async () => {
      const res = await post<Page<Row>>('/tbpPlan/query', { projectId, pageSize: 200 });
      return succeeded(res) ? (res.data?.records ?? []).map((p) => ({ label: String(p.name), value: p.id as number })) : [];
    },
    { ready: Boolean(projectId), refreshDeps: [projectId] },
  );
  const chooseProject = (id: number) => {
    setProjectId(id);
    setPlanId(undefined);
    setSelected([]);
  };
  const list = usePagedList<Row>((q) => (projectId ? post<Page<Row>>('/qr/queryQRcodeList', q) : Promise.resolve({ status: '200', code: '200', message: '', data: { records: [], total: 0, pageNum: 1, pageSize: 10 } })), { projectId });

  return (
    <PageStack>
      <Card size="small" title={<Typography.Text strong>点位二维码下载</Typography.Text>}>
        <Form layout="inline">
          <Form.Item label="所属项目">
            <Select aria-label="所属项目" style={{ width: 220 }} placeholder="请选择项目" options={projects} value={projectId} onChange={chooseProject} />
          </Form.Item>
          <Form.Item label="巡查计划">
            <Select aria-label="巡查计划" style={{ width: 260 }} allowClear placeholder="可选：按计划顺序打印" options={projectId ? (plans ?? []) : []} value={planId} onChange={setPlanId} disabled={!projectId} />
          </Form.Item>
        </Form>
        <Permission code="patrol-download:qr">
          <Space wrap style={{ marginTop: 12 }}>
            <Button type="primary" disabled={!projectId} onClick={() => downloadGet(`/qr/exportQrCodePDF/project/${String(projectId)}`)}>
              下载项目全部点位
            </Button>
            <Button disabled={!planId} onClick={() => downloadGet(`/qr/exportQrCodePDF/plan/${String(planId)}`)}>
              下载计划点位
            </Button>
            <Button disabled={!selected.length} onClick={() => downloadPost('/pt/downloadPtListQr', { ids: selected })}>
              下载所选点位（{selected.length}）
            </Button>
          </Space>
        </Permission>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          标签为 A4 纸每页 6 枚，含项目、分类、点位名称、编码与位置；请用不干胶纸打印后贴在点位处，巡查人员用 App 扫码打卡。
        </Typography.Paragraph>
      </Card>
      <ListCard
        title="项目点位"
        table={{
          ...list.table,
          rowSelection: { selectedRowKeys: selected, preserveSelectedRowKeys: true, onChange: (keys) => setSelected(keys as number[]) },
          columns: [
            ...PROJECT_POINT_COLUMNS,
            { title: '打印次数', dataIndex: 'printCount' },
          ],
        }}
      />
    </PageStack>
  );
}
