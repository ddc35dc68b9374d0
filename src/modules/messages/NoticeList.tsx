import { App, Badge, Button, Card, Descriptions, Modal, Radio, Space, Tabs, Typography } from 'antd';
import { DataTable } from '../../engine/DataTable.tsx';
import { useRequest } from 'ahooks';
import { useEffect, useState } from 'react';
import { messages, type MessageFilters, type MessageRow } from './api.ts';
import { onPushMessage } from './events.ts';
import { NoticeTag } from './PushCenter.tsx';
import { refreshUnread, setNoticeState } from './state.ts';
import { viewTask } from './view.ts';

type ReadFilter = 'all' | 0 | 1;

/** /notice/list: the user's to-dos and reminders, read and marked read here. */
export default function NoticeList() {
  const { message, notification } = App.useApp();
  const [category, setCategory] = useState('all');
  const [isRead, setIsRead] = useState<ReadFilter>('all');
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 });
  const [selected, setSelected] = useState<number[]>([]);
  const [opened, setOpened] = useState<MessageRow | null>(null);

  const filters: MessageFilters = { category: category === 'all' ? undefined : category, isRead: isRead === 'all' ? undefined : isRead };
  const list = useRequest(() => messages.categoryPage({ ...filters, ...paging }), { refreshDeps: [category, isRead, paging] });
  const counts = useRequest(async () => {
    const [todo, reminder, total] = await Promise.all([messages.pageCount({ category: '1', isRead: 0 }), messages.pageCount({ category: '2', isRead: 0 }), messages.totalCount()]);
    return { todo: todo.data?.records ?? 0, reminder: reminder.data?.records ?? 0, total: total.data?.records ?? 0 };
  });
  const { refresh: refreshList } = list;
  const { refresh: refreshCounts } = counts;

  // Opening the list answers the alert and puts away the notices it now shows; a new notice refreshes it.
  useEffect(() => {
    setNoticeState({ noticePageAlert: false });
    notification.destroy();
  }, [notification]);
  useEffect(
    () =>
      onPushMessage(() => {
        refreshList();
        refreshCounts();
      }),
    [refreshList, refreshCounts],
  );

  function reload() {
    refreshList();
    refreshCounts();
    void refreshUnread();
  }

  async function markRead(ids: number[], quiet = false) {
    const answer = await messages.markRead(ids);
    if (answer.status !== '200') {
      message.error(answer.message || '操作失败');
      return;
    }
    if (!quiet) message.success(answer.message);
    setSelected((s) => s.filter((id) => !ids.includes(id)));
    reload();
  }

  async function read(row: MessageRow) {
    const answer = await messages.detail(row.id);
    if (answer.status !== '200' || !answer.data) {
      message.error(answer.message || '消息不存在或已被删除');
      return;
    }
    setOpened(answer.data);
    if (!row.isRead) await markRead([row.id], true);
  }

  async function view(row: MessageRow) {
    if (row.functionId && (await viewTask(row.id, row.functionId))) reload();
  }

  const page = list.data?.data;
  return (
    <Card>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Tabs
          activeKey={category}
          onChange={(key) => {
            setCategory(key);
            setPaging((p) => ({ ...p, pageNum: 1 }));
          }}
          items={[
            { key: 'all', label: `全部消息（${counts.data?.total ?? 0}）` },
            { key: '1', label: <Badge count={counts.data?.todo ?? 0} size="small" offset={[8, 0]}>待办</Badge> },
            { key: '2', label: <Badge count={counts.data?.reminder ?? 0} size="small" offset={[8, 0]}>提醒</Badge> },
          ]}
        />
        <Space>
          <Radio.Group
            optionType="button"
            value={isRead}
            onChange={(e) => {
              setIsRead(e.target.value);
              setPaging((p) => ({ ...p, pageNum: 1 }));
            }}
            options={[
              { label: '全部', value: 'all' },
              { label: '未读', value: 0 },
              { label: '已读', value: 1 },
            ]}
          />
          <Button disabled={!selected.length} onClick={() => markRead(selected)}>
            标为已读
          </Button>
        </Space>
      </Space>
      <DataTable<MessageRow>
        rowKey="id"
        loading={list.loading}
        dataSource={page?.records ?? []}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]), getCheckboxProps: (row) => ({ disabled: row.isRead === 1 }) }}
        pagination={{
          current: paging.pageNum,
          pageSize: paging.pageSize,
          total: page?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => `共 ${total} 条`,
          onChange: (pageNum, pageSize) => setPaging({ pageNum, pageSize }),
        }}
        columns={[
          { title: '类型', dataIndex: 'category', width: 90, render: (value: string) => <NoticeTag category={value} /> },
          {
            title: '内容',
            dataIndex: 'content',
            render: (value: string, row) => (
              <Typography.Link onClick={() => read(row)} strong={!row.isRead}>
                {row.title ? `${row.title}：${value}` : value}
              </Typography.Link>
            ),
          },
          { title: '时间', dataIndex: 'time', width: 180 },
          { title: '状态', dataIndex: 'isRead', width: 90, render: (value: number) => (value ? <Badge status="default" text="已读" /> : <Badge status="error" text="未读" />) },
          {
            title: '操作',
            key: 'actions',
            width: 170,
            render: (_, row) => (
              <Space>
                {row.functionId ? (
                  <Button type="link" size="small" onClick={() => view(row)}>
                    查看
                  </Button>
                ) : null}
                {row.isRead ? null : (
                  <Button type="link" size="small" onClick={() => markRead([row.id])}>
                    标为已读
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={Boolean(opened)}
        title="消息详情"
        onCancel={() => setOpened(null)}
        footer={
          opened?.functionId ? (
            <Button type="primary" onClick={() => opened && viewTask(opened.id, opened.functionId!).then((ok) => ok && setOpened(null))}>
              查看
            </Button>
          ) : null
        }
      >
        {opened ? (
          <Descriptions column={1} size="small">
            <Descriptions.Item label="类型">
              <NoticeTag category={opened.category} />
            </Descriptions.Item>
            {opened.title ? <Descriptions.Item label="标题">{opened.title}</Descriptions.Item> : null}
            <Descriptions.Item label="内容">{opened.content}</Descriptions.Item>
            <Descriptions.Item label="时间">{opened.time}</Descriptions.Item>
          </Descriptions>
        ) : null}
      </Modal>
    </Card>
  );
}
