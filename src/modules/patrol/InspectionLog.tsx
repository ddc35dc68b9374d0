import { Button, Descriptions, Drawer, Form, Input, Modal, Radio, Typography } from 'antd';
import { DataTable } from '../../engine/DataTable.tsx';
import { useEffect, useState } from 'react';
import { ImageCell } from '../../engine/cells.tsx';
import { FilterCard } from '../../engine/FilterCard.tsx';
import { Permission } from '../../engine/permissions.tsx';
import { downloadPost, post, succeeded, taskSync, withDays, HANDLE, RESULT, type Page } from './api.ts';
import { RecordItems } from './TaskDetail.tsx';
import { actionsColumn } from './columns.tsx';
import { daysFilter, ListCard, PageStack, projectFilter, selectFilter, tagOf, textFilter, timeOf, usePagedList, type Row } from './shared.tsx';

type Item = { standardName: string; result: string; problems: string[]; note: string | null; photos: string[]; workOrderCode: string | null };

const problemsOf = (items: Item[]) =>
  items
    .filter((i) => i.result === 'fail')
    .map((i) => `${i.standardName}：${[...i.problems, i.note].filter(Boolean).join('、')}`)
    .join('；');

/** One record: what was checked, the photos, and the work orders its problems raised (mkf getTaskListForPt). */
function RecordDetail({ record, onClose }: { record: Row; onClose: () => void }) {
  const [orders, setOrders] = useState<Row[]>([]);
  useEffect(() => {
    if (!record.problemCount) return;
    let live = true;
    taskSync<Row[]>('/rest/syncTaskInfo/getTaskListForPt', { recordId: record.id }).then((res) => live && succeeded(res) && setOrders(res.data ?? []));
    return () => {
      live = false;
    };
  }, [record]);
  return (
    <Drawer open width={680} title="巡查记录详情" onClose={onClose}>
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label="点位" span={2}>{`${String(record.pointName)}（${String(record.pointCode)}）`}</Descriptions.Item>
        <Descriptions.Item label="位置" span={2}>{String(record.location)}</Descriptions.Item>
        <Descriptions.Item label="任务">{String(record.taskName)}</Descriptions.Item>
        <Descriptions.Item label="巡查人">{String(record.staffName)}</Descriptions.Item>
        <Descriptions.Item label="巡查时间">{timeOf(record.checkedAt)}</Descriptions.Item>
        <Descriptions.Item label="结果">{tagOf(RESULT, record.result)}</Descriptions.Item>
        <Descriptions.Item label="处理状态">{tagOf(HANDLE, record.handleStatus)}</Descriptions.Item>
        <Descriptions.Item label="处理说明">{String(record.handleNote ?? '-')}</Descriptions.Item>
        <Descriptions.Item label="备注" span={2}>{String(record.remark ?? '-')}</Descriptions.Item>
        <Descriptions.Item label="现场照片" span={2}>{(record.photos as string[]).length ? <ImageCell value={record.photos} /> : '-'}</Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        检查结果
      </Typography.Title>
      <RecordItems items={record.items as never} />
      {orders.length > 0 && (
        <>
          <Typography.Title level={5}>问题工单</Typography.Title>
          <DataTable<Row>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={orders}
            columns={[
              { title: '工单编号', dataIndex: 'code' },
              { title: '标题', dataIndex: 'title' },
              { title: '状态', dataIndex: 'statusText' },
              { title: '处理人', dataIndex: 'processorName', render: (v) => v ?? '-' },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}

/** Marks a record's problems handled (with a note) or pending again. */
function HandleRecord({ record, onClose, onDone }: { record: Row; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm();
  const save = async () => {
    const v = await form.validateFields();
    if (succeeded(await post('/tbpRecord/updateRecord', { id: record.id, ...v }), '')) onDone();
  };
  return (
    <Modal open title="处理巡查问题" onCancel={onClose} onOk={save} destroyOnHidden>
      <Typography.Paragraph type="danger">{problemsOf(record.items as Item[])}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ handleStatus: 'handled', handleNote: record.handleNote ?? '' }}>
        <Form.Item name="handleStatus" label="处理状态">
          <Radio.Group options={[{ label: '已处理', value: 'handled' }, { label: '待处理', value: 'pending' }]} />
        </Form.Item>
        <Form.Item name="handleNote" label="处理说明" rules={[{ max: 200 }, ({ getFieldValue }) => ({ required: getFieldValue('handleStatus') === 'handled', whitespace: true, message: '请填写处理说明' })]}>
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Turns the record's problems without a work order into work orders (the work-order intake), after asking. */
function toWorkOrder(record: Row, reload: () => void) {
  Modal.confirm({
    title: '转为工单',
    content: `将「${String(record.pointName)}」的问题转为报修工单，由调度员派单处理：${problemsOf(record.items as Item[])}`,
    okText: '转工单',
    cancelText: '取消',
    onOk: async () => {
      if (succeeded(await post('/tbpRecord/toWorkOrder', { id: record.id }), '')) reload();
    },
  });
}

/** /routingInspectionV2/inspectionLog: every check-in, its problems and photos, and their handling. */
export default function InspectionLog() {
  const [filters, setFilters] = useState<Row>({});
  const [viewing, setViewing] = useState<Row | null>(null);
  const [handling, setHandling] = useState<Row | null>(null);
  const list = usePagedList<Row>((q) => post<Page<Row>>('/tbpRecord/pageQueryPost', q), filters);
  return (
    <PageStack>
      <FilterCard
        fields={{
          ...projectFilter,
          ...textFilter('pointName', '点位', '名称或编码'),
          ...textFilter('staffName', '巡查人'),
          ...selectFilter('result', '巡查结果', RESULT),
          ...selectFilter('handleStatus', '处理状态', HANDLE),
          ...daysFilter('任务日期'),
        }}
        onSearch={(v) => {
          list.resetPage();
          setFilters(withDays(v));
        }}
      />
      <ListCard
        title="巡查记录"
        toolbar={
          <Permission code="patrol-record:export">
            <Button onClick={() => downloadPost('/tbpRecord/export', filters)}>导出</Button>
          </Permission>
        }
        table={{
          ...list.table,
          columns: [
            { title: '巡查时间', dataIndex: 'checkedAt', render: timeOf },
            { title: '所属项目', dataIndex: 'projectName' },
            { title: '点位', dataIndex: 'pointName' },
            { title: '任务', dataIndex: 'taskName' },
            { title: '巡查人', dataIndex: 'staffName' },
            { title: '结果', dataIndex: 'result', render: (v) => tagOf(RESULT, v) },
            { title: '问题', key: 'problems', ellipsis: true, render: (_, r) => problemsOf(r.items as Item[]) || '-' },
            { title: '照片', dataIndex: 'photos', render: (v: string[]) => (v.length ? <ImageCell value={v} /> : '-') },
            { title: '处理状态', dataIndex: 'handleStatus', render: (v) => tagOf(HANDLE, v) },
            actionsColumn((row) => (
              <>
                <Button type="link" onClick={() => setViewing(row)}>
                  详情
                </Button>
                {Number(row.problemCount) > 0 && (
                  <Permission code="patrol-record:handle">
                    <Button type="link" onClick={() => setHandling(row)}>
                      处理
                    </Button>
                    {(row.items as Item[]).some((i) => i.result === 'fail' && !i.workOrderCode) && (
                      <Button type="link" onClick={() => void toWorkOrder(row, list.reload)}>
                        转工单
                      </Button>
                    )}
                  </Permission>
                )}
              </>
            )),
          ],
        }}
      />
      {viewing && <RecordDetail record={viewing} onClose={() => setViewing(null)} />}
      {handling && (
        <HandleRecord
          record={handling}
          onClose={() => setHandling(null)}
          onDone={() => {
            setHandling(null);
            list.reload();
          }}
        />
      )}
    </PageStack>
  );
}
