import { Button, Card, Popconfirm, Progress, Space, Tag, Typography, message } from 'antd';
import { useRequest } from 'ahooks';
import { DataTable } from './DataTable.tsx';
import { call, downloadFrom } from './data.ts';
import { formatTime } from '../shared/format.ts';

interface Job {
  id: number;
  title: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  progress: number;
  row_count: number;
  file_name: string | null;
  size: number | null;
  error: string | null;
  created_at: number;
  finished_at: number | null;
  expires_at: number | null;
}

const STATUS: Record<Job['status'], { text: string; color: string }> = {
  queued: { text: '排队中', color: 'default' },
  running: { text: '生成中', color: 'processing' },
  done: { text: '已完成', color: 'success' },
  failed: { text: '失败', color: 'error' },
};

const sizeText = (bytes: number | null) => (bytes === null ? '-' : bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** 下载中心: the caller's background exports, their progress while they run (polled), and the finished files until they expire. */
export default function DownloadCenter() {
  const { data, loading, refresh } = useRequest(() => call<Job[]>('downloadCenter.list'), {
    pollingInterval: 2000,
    pollingWhenHidden: false,
  });
  const jobs = data?.status === '200' ? data.data : [];
  async function act(id: 'downloadCenter.delete' | 'downloadCenter.regenerate', job: Job) {
    const res = await call(id, { id: job.id });
    if (res.status === '200') message.success(res.message);
    else message.error(res.message);
    refresh();
  }
  return (
    <Card size="small" title={<Typography.Text strong>下载中心</Typography.Text>} extra={<Typography.Text type="secondary">后台导出的文件保留一段时间后自动删除，只有导出人可以下载</Typography.Text>}>
      <DataTable
        rowKey={(r) => String(r.id)}
        size="middle"
        loading={loading && !data}
        dataSource={jobs}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'title', title: '文件', dataIndex: 'title', render: (v: string, r: Job) => r.file_name ?? v },
          { key: 'status', title: '状态', dataIndex: 'status', render: (v: Job['status'], r: Job) => (r.status === 'running' ? <Progress percent={r.progress} size="small" style={{ width: 140 }} /> : <Tag color={STATUS[v].color}>{STATUS[v].text}</Tag>) },
          { key: 'rows', title: '行数', dataIndex: 'row_count', align: 'right' },
          { key: 'size', title: '大小', dataIndex: 'size', render: sizeText },
          { key: 'created', title: '申请时间', dataIndex: 'created_at', render: (v: number) => formatTime(v) },
          { key: 'expires', title: '过期时间', dataIndex: 'expires_at', render: (v: number | null) => (v ? formatTime(v) : '-') },
          { key: 'error', title: '说明', dataIndex: 'error', render: (v: string | null) => v ?? '' },
          {
            key: 'actions',
            title: '操作',
            render: (_: unknown, r: Job) => (
              <Space>
                {r.status === 'done' ? <Button type="link" size="small" onClick={() => void downloadFrom('downloadCenter.download', { id: r.id })}>下载</Button> : null}
                {r.status === 'done' || r.status === 'failed' ? (
                  <>
                    <Button type="link" size="small" onClick={() => void act('downloadCenter.regenerate', r)}>重新生成</Button>
                    <Popconfirm title="确定删除该文件？" onConfirm={() => act('downloadCenter.delete', r)}>
                      <Button type="link" size="small" danger>删除</Button>
                    </Popconfirm>
                  </>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
