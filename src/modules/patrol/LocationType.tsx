import { Button, Card, Empty, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Switch, Tabs, Tree, TreeSelect, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Permission, usePermission } from '../../engine/permissions.tsx';
import { FilterCard } from '../../engine/FilterCard.tsx';
import { downloadPost, get, post, succeeded, LEVEL, type ClassifyNode, type Page } from './api.ts';
import { ImportExcel, type ImportKind } from './ImportExcel.tsx';
import { actionsColumn } from './columns.tsx';
import { RemarkItem } from './controls.tsx';
import { classifyTreeData, ListCard, selectFilter, tagOf, textFilter, useClassifyTree, usePagedList, type Row } from './shared.tsx';

const IMPORTS: Record<'standard' | 'problem', ImportKind> = {
  standard: { title: '检查标准', template: '/classifyStandard/exportStandardTemplate', upload: '/classifyStandard/importStandard' },
  problem: { title: '标准问题', template: '/classifyStandard/exportStandardProblemTemplate', upload: '/classifyStandard/importStandardProblem' },
};

type ClassifyEdit = { id?: number; parentId?: number | null; name?: string; code?: string; sort?: number; remark?: string };

function ClassifyForm({ initial, tree, onClose, onSaved }: { initial: ClassifyEdit; tree: ClassifyNode[]; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    const res = await post(initial.id ? '/patrol/updateClassify' : '/patrol/addClassify', { ...values, parentId: values.parentId ?? null, id: initial.id, code: values.code || undefined });
    setSaving(false);
    if (succeeded(res, '')) onSaved();
  };
  return (
    <Modal open title={initial.id ? '编辑分类' : '新增分类'} onCancel={onClose} onOk={save} confirmLoading={saving} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={initial}>
        <Form.Item name="parentId" label="上级分类">
          <TreeSelect allowClear treeDefaultExpandAll treeData={classifyTreeData(tree)} placeholder="不选为一级分类" />
        </Form.Item>
        <Form.Item name="name" label="分类名称" rules={[{ required: true, whitespace: true, message: '请填写分类名称' }, { max: 50 }]}>
          <Input placeholder="如：灭火器" />
        </Form.Item>
        <Form.Item name="code" label="分类编码" extra="导入检查标准时按编码找分类；不填自动生成" rules={[{ pattern: /^[A-Za-z0-9_-]{1,32}$/, message: '1 到 32 位字母、数字、下划线或连字符' }]}>
          <Input placeholder="如：XF-MHQ" />
        </Form.Item>
        <Form.Item name="sort" label="排序">
          <InputNumber min={0} max={9999} style={{ width: '100%' }} />
        </Form.Item>
        <RemarkItem />
      </Form>
    </Modal>
  );
}

function StandardForm({ id, classifyId, tree, onClose, onSaved }: { id?: number; classifyId?: number; tree: ClassifyNode[]; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!id) return;
    get<Row>('/classifyStandard/getStandardDetailById', { id }).then((res) => succeeded(res) && form.setFieldsValue({ ...res.data, needPhoto: Boolean(res.data?.needPhoto) }));
  }, [id, form]);
  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    const res = await post('/classifyStandard/save', { ...values, id, problems: (values.problems ?? []).map((p: Row) => ({ id: p.id, description: p.description, level: p.level })) });
    setSaving(false);
    if (succeeded(res, '')) onSaved();
  };
  return (
    <Modal open width={640} title={id ? '编辑检查标准' : '新增检查标准'} onCancel={onClose} onOk={save} confirmLoading={saving} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ classifyId, needPhoto: false, sort: 0, problems: [] }}>
        <Form.Item name="classifyId" label="所属分类" rules={[{ required: true, message: '请选择所属分类' }]}>
          <TreeSelect treeDefaultExpandAll treeData={classifyTreeData(tree)} />
        </Form.Item>
        <Form.Item name="name" label="检查标准" rules={[{ required: true, whitespace: true, message: '请填写检查标准' }, { max: 100 }]}>
          <Input placeholder="如：压力表指针在绿区" />
        </Form.Item>
        <Form.Item name="method" label="检查方法" rules={[{ max: 200 }]}>
          <Input placeholder="如：目视检查压力表" />
        </Form.Item>
        <Space size="large">
          <Form.Item name="needPhoto" label="需要拍照" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="sort" label="排序">
            <InputNumber min={0} max={9999} />
          </Form.Item>
        </Space>
        <Typography.Text strong>标准问题</Typography.Text>
        <Form.List name="problems">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="baseline" style={{ display: 'flex' }}>
                  <Form.Item name={[f.name, 'id']} hidden>
                    <Input />
                  </Form.Item>
                  <Form.Item name={[f.name, 'description']} rules={[{ required: true, whitespace: true, message: '请填写问题描述' }, { max: 200 }]} style={{ width: 380 }}>
                    <Input placeholder="问题描述" aria-label="问题描述" />
                  </Form.Item>
                  <Form.Item name={[f.name, 'level']} initialValue="general">
                    <Select style={{ width: 100 }} aria-label="问题等级" options={Object.entries(LEVEL).map(([value, o]) => ({ value, label: o.text }))} />
                  </Form.Item>
                  <Button type="link" danger onClick={() => remove(f.name)}>
                    移除
                  </Button>
                </Space>
              ))}
              <Button type="dashed" onClick={() => add({ level: 'general' })} block>
                添加问题
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}

/** /routingInspectionV2/locationType: the category tree beside the standards and problems of the chosen category. */
export default function LocationType() {
  const can = usePermission();
  const [treeVersion, setTreeVersion] = useState(0);
  const { nodes } = useClassifyTree(treeVersion);
  const [selected, setSelected] = useState<ClassifyNode | null>(null);
  const [classifyForm, setClassifyForm] = useState<ClassifyEdit | null>(null);
  const [standardForm, setStandardForm] = useState<{ id?: number } | null>(null);
  const [importing, setImporting] = useState<ImportKind | null>(null);
  const [tab, setTab] = useState('standard');
  const [filters, setFilters] = useState<Row>({});
  const scope = { ...filters, classifyId: selected?.id };
  const standards = usePagedList<Row>((q) => post<Page<Row>>('/classifyStandard/queryStandard', q), scope);
  const problems = usePagedList<Row>((q) => post<Page<Row>>('/classifyStandard/queryPro', q), scope);
  const refresh = () => {
    standards.reload();
    problems.reload();
    setTreeVersion((v) => v + 1);
  };

  const removeClassify = async () => {
    if (selected && succeeded(await post('/patrol/deleteClassify', { id: selected.id }), '')) {
      setSelected(null);
      refresh();
    }
  };

  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
      <Card size="small" title="巡查分类" style={{ width: 280, flex: 'none' }}>
        <Space wrap size={4} style={{ marginBottom: 8 }}>
          <Permission code="patrol-classify:add">
            <Button size="small" type="link" onClick={() => setClassifyForm({ parentId: selected?.id ?? null, sort: 0 })}>
              新增分类
            </Button>
          </Permission>
          <Permission code="patrol-classify:edit">
            <Button size="small" type="link" disabled={!selected} onClick={() => selected && setClassifyForm({ id: selected.id, parentId: selected.parent_id, name: selected.name, code: selected.code, sort: selected.sort, remark: selected.remark ?? undefined })}>
              编辑
            </Button>
          </Permission>
          <Permission code="patrol-classify:delete">
            <Popconfirm title={`确定删除分类「${selected?.name ?? ''}」吗？`} onConfirm={removeClassify} disabled={!selected}>
              <Button size="small" type="link" danger disabled={!selected}>
                删除
              </Button>
            </Popconfirm>
          </Permission>
        </Space>
        {nodes.length ? (
          <Tree
            blockNode
            defaultExpandAll
            // Remounted when the nodes change, so new children show expanded too.
            key={JSON.stringify(nodes, ['id', 'children'])}
            treeData={classifyTreeData(nodes, (n) => `${n.name}（${n.standardCount}）`)}
            selectedKeys={selected ? [selected.id] : []}
            onSelect={(_, info) => {
              setSelected(info.selected ? (info.node as unknown as { node: ClassifyNode }).node : null);
              standards.resetPage();
              problems.resetPage();
            }}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无分类" />
        )}
      </Card>
      <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 16 }}>
        <FilterCard fields={{ ...textFilter('keyword', '关键字', '标准或问题描述'), ...(tab === 'problem' ? selectFilter('level', '问题等级', LEVEL) : {}) }} onSearch={setFilters} />
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'standard',
              label: '检查标准',
              children: (
                <ListCard
                  title={selected ? `${selected.name} · 检查标准` : '全部检查标准'}
                  toolbar={
                    <>
                      <Permission code="patrol-standard:edit">
                        <Button type="primary" onClick={() => setStandardForm({})}>
                          新增标准
                        </Button>
                      </Permission>
                      <Permission code="patrol-standard:import">
                        <Button onClick={() => setImporting(IMPORTS.standard)}>导入标准</Button>
                      </Permission>
                      <Permission code="patrol-standard:export">
                        <Button onClick={() => downloadPost('/classifyStandard/exportStandard', scope)}>导出标准</Button>
                      </Permission>
                    </>
                  }
                  table={{
                    ...standards.table,
                    columns: [
                      { title: '检查标准', dataIndex: 'name' },
                      { title: '所属分类', dataIndex: 'classifyName' },
                      { title: '检查方法', dataIndex: 'method', render: (v) => v || '-' },
                      { title: '需要拍照', dataIndex: 'needPhoto', render: (v) => (v ? '是' : '否') },
                      { title: '问题数', dataIndex: 'problemCount' },
                      { title: '排序', dataIndex: 'sort' },
                      ...(can(['patrol-standard:edit', 'patrol-standard:delete'])
                        ? [
                            actionsColumn(
                              (row) => (
                                <>
                                  <Permission code="patrol-standard:edit">
                                    <Button type="link" onClick={() => setStandardForm({ id: row.id as number })}>
                                      编辑
                                    </Button>
                                  </Permission>
                                  <Permission code="patrol-standard:delete">
                                    <Popconfirm title={`确定删除检查标准「${String(row.name)}」吗？`} onConfirm={async () => succeeded(await post('/classifyStandard/deleteById', { id: row.id }), '') && refresh()}>
                                      <Button type="link" danger>
                                        删除
                                      </Button>
                                    </Popconfirm>
                                  </Permission>
                                </>
                              ),
                              {},
                            ),
                          ]
                        : []),
                    ],
                  }}
                />
              ),
            },
            {
              key: 'problem',
              label: '标准问题',
              children: (
                <ListCard
                  title={selected ? `${selected.name} · 标准问题` : '全部标准问题'}
                  toolbar={
                    <>
                      <Permission code="patrol-standard:import">
                        <Button onClick={() => setImporting(IMPORTS.problem)}>导入问题</Button>
                      </Permission>
                      <Permission code="patrol-standard:export">
                        <Button onClick={() => downloadPost('/classifyStandard/exportStandardProblemExcel', scope)}>导出问题</Button>
                      </Permission>
                    </>
                  }
                  table={{
                    ...problems.table,
                    columns: [
                      { title: '问题描述', dataIndex: 'description' },
                      { title: '问题等级', dataIndex: 'level', render: (v) => tagOf(LEVEL, v) },
                      { title: '检查标准', dataIndex: 'standardName' },
                      { title: '所属分类', dataIndex: 'classifyName' },
                    ],
                  }}
                />
              ),
            },
          ]}
        />
      </div>
      {classifyForm && (
        <ClassifyForm
          initial={classifyForm}
          tree={nodes}
          onClose={() => setClassifyForm(null)}
          onSaved={() => {
            setClassifyForm(null);
            refresh();
          }}
        />
      )}
      {standardForm && (
        <StandardForm
          id={standardForm.id}
          classifyId={selected?.id}
          tree={nodes}
          onClose={() => setStandardForm(null)}
          onSaved={() => {
            setStandardForm(null);
            refresh();
          }}
        />
      )}
      {importing && <ImportExcel kind={importing} onClose={() => setImporting(null)} onImported={refresh} />}
    </div>
  );
}
