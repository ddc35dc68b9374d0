import { Button, Form, Input, Modal, Select, Switch, TreeSelect } from 'antd';
import { useState } from 'react';
import { FilterCard } from '../../engine/FilterCard.tsx';
import { Permission, usePermission } from '../../engine/permissions.tsx';
import { downloadGet, downloadPost, post, succeeded, type ClassifyNode, type Page } from './api.ts';
import { actionsColumn, POINT_COLUMNS } from './columns.tsx';
import { BatchDeleteButton, RemarkItem } from './controls.tsx';
import { classifyFilter, classifyTreeData, ListCard, PageStack, projectFilter, selectFilter, textFilter, timeOf, useClassifyTree, usePagedList, useProjects, useRowSelection, type Row } from './shared.tsx';

function PointForm({ point, tree, onClose, onSaved }: { point: Row | null; tree: ClassifyNode[]; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm();
  const projects = useProjects();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    const body = { ...values, enabled: values.enabled ? 1 : 0 };
    const res = point ? await post('/pt/update', { ...body, projectId: undefined, id: point.id }) : await post('/pt/add', body);
    setSaving(false);
    if (succeeded(res, '')) onSaved();
  };
  return (
    <Modal open title={point ? '编辑点位' : '新增点位'} onCancel={onClose} onOk={save} confirmLoading={saving} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={point ? { ...point, enabled: point.enabled === 1 } : { enabled: true }}>
        <Form.Item name="projectId" label="所属项目" rules={[{ required: true, message: '请选择所属项目' }]}>
          <Select options={projects} disabled={Boolean(point)} placeholder="请选择项目" />
        </Form.Item>
        <Form.Item name="classifyId" label="点位分类" rules={[{ required: true, message: '请选择点位分类' }]}>
          <TreeSelect treeDefaultExpandAll treeData={classifyTreeData(tree)} placeholder="请选择分类" />
        </Form.Item>
        <Form.Item name="name" label="点位名称" rules={[{ required: true, whitespace: true, message: '请填写点位名称' }, { max: 50 }]}>
          <Input placeholder="如：1栋大堂灭火器" />
        </Form.Item>
        <Form.Item name="location" label="位置" rules={[{ required: true, whitespace: true, message: '请填写点位位置' }, { max: 100 }]}>
          <Input placeholder="如：1栋一层大堂电梯厅东侧" />
        </Form.Item>
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch />
        </Form.Item>
        <RemarkItem />
      </Form>
    </Modal>
  );
}

/** /routingInspectionV2/locationManage: patrol points, their QR labels and their records. */
export default function LocationManage() {
  const can = usePermission();
  const { nodes } = useClassifyTree();
  const [filters, setFilters] = useState<Row>({});
  const { ids, clear, rowSelection } = useRowSelection();
  const [editing, setEditing] = useState<Row | null | undefined>(undefined);
  const list = usePagedList<Row>((q) => post<Page<Row>>('/pt/query', q), filters);
  const done = () => {
    clear();
    list.reload();
  };

  return (
    <PageStack>
      <FilterCard
        fields={{ ...projectFilter, ...classifyFilter, ...textFilter('keyword', '关键字', '名称、编码或位置'), ...selectFilter('enabled', '状态', [{ label: '启用', value: 1 }, { label: '停用', value: 0 }]) }}
        onSearch={(v) => {
          list.resetPage();
          setFilters(v);
        }}
      />
      <ListCard
        title="巡查点位"
        toolbar={
          <>
            <BatchDeleteButton code="patrol-point:delete" count={ids.length} noun="点位" onConfirm={async () => succeeded(await post('/pt/deleteBatch', { ids }), '') && done()} />
            <Permission code="patrol-point:qr">
              <Button disabled={!ids.length} onClick={() => downloadPost('/pt/downloadPtListQr', { ids })}>
                打印所选二维码
              </Button>
            </Permission>
            <Permission code="patrol-point:export">
              <Button onClick={() => downloadPost('/pt/exportPtExcelByParam', filters)}>导出</Button>
            </Permission>
            <Permission code="patrol-point:add">
              <Button type="primary" onClick={() => setEditing(null)}>
                新增点位
              </Button>
            </Permission>
          </>
        }
        table={{
          ...list.table,
          rowSelection: can(['patrol-point:delete', 'patrol-point:qr']) ? rowSelection : undefined,
          columns: [
            ...POINT_COLUMNS,
            { title: '状态', dataIndex: 'enabled', render: (v) => (v ? '启用' : '停用') },
            { title: '所在计划', dataIndex: 'planCount' },
            { title: '最近巡查', dataIndex: 'lastCheckedAt', render: timeOf },
            actionsColumn((row) => (
              <>
                <Permission code="patrol-point:edit">
                  <Button type="link" onClick={() => setEditing(row)}>
                    编辑
                  </Button>
                </Permission>
                <Permission code="patrol-point:qr">
                  <Button type="link" onClick={() => downloadGet(`/qr/exportQrCodePDF/point/${String(row.id)}`)}>
                    二维码
                  </Button>
                </Permission>
                <Permission code="patrol-point:records">
                  <Button type="link" onClick={() => downloadPost('/pt/exportPtPatrolRecordExcel', { ptId: row.id })}>
                    巡查记录
                  </Button>
                </Permission>
              </>
            )),
          ],
        }}
      />
      {editing !== undefined && (
        <PointForm
          point={editing}
          tree={nodes}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            list.reload();
          }}
        />
      )}
    </PageStack>
  );
}
