import { useRequest } from 'ahooks';
import { useSearchParams } from 'react-router-dom';
import { Button, Card, Empty, Progress, Tabs, Tag, Typography } from 'antd';
import { DataTable } from '../../engine/DataTable.tsx';
import { call } from '../../engine/data.ts';
import { formatTime } from '../../shared/format.ts';
import CourseStudy from './CourseStudy.tsx';
import RequiredReader from './RequiredReader.tsx';

interface MyCourse {
  id: number;
  name: string;
  type: string;
  duration_min: number;
  credit: number;
  required: number;
  percent: number;
  status: string;
  assigned: boolean;
  deadline: number | null;
}

interface MyReading {
  id: number;
  status: string;
  deadline_at: number;
  quiz_score: number | null;
  item_title: string;
  title: string;
  content_type: string;
  min_read_sec: number;
  quiz_count: number;
}

const COURSE_TYPE: Record<string, string> = { video: '视频', doc: '文档', article: '图文', live: '直播回放', pdf: '文档' };
const COURSE_STATUS: Record<string, [string, string]> = { new: ['未开始', 'default'], learning: ['学习中', 'processing'], done: ['已学完', 'success'] };
const READ_STATUS: Record<string, [string, string]> = { unread: ['未读', 'default'], read: ['已读', 'success'], passed: ['测验通过', 'success'], failed: ['测验未通过', 'error'] };

const rowsOf = async <T,>(id: string): Promise<T[]> => {
  const res = await call<T[]>(id);
  if (res.status !== '200') throw new Error(res.message);
  return res.data ?? [];
};

/**
 * 我的学习: the signed-in staff member's courses (assigned ones first, with their deadline) and
 * today's required reading; `?course=` or `?read=` opens one to study, so a reload resumes it.
 */
export default function MyStudy() {
  const [query, setQuery] = useSearchParams();
  const courseId = Number(query.get('course'));
  const recordId = Number(query.get('read'));
  const tab = query.get('tab') === 'required' ? 'required' : 'courses';
  const back = () => setQuery(tab === 'required' ? { tab } : {});
  if (courseId > 0) return <CourseStudy courseId={courseId} onBack={back} />;
  if (recordId > 0) return <RequiredReader recordId={recordId} onBack={back} />;
  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={(key) => setQuery(key === 'required' ? { tab: key } : {})}
        items={[
          { key: 'courses', label: '我的课程', children: <Courses open={(id) => setQuery({ course: String(id) })} /> },
          { key: 'required', label: '今日必读', children: <Readings open={(id) => setQuery({ tab: 'required', read: String(id) })} /> },
        ]}
      />
    </Card>
  );
}

function Courses({ open }: { open: (id: number) => void }) {
  const { data, loading } = useRequest(() => rowsOf<MyCourse>('myCourse.list'));
  return (
    <DataTable<MyCourse>
      rowKey="id"
      size="middle"
      loading={loading}
      dataSource={data}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      locale={{ emptyText: <Empty description="暂无可学习的课程" /> }}
      columns={[
        {
          title: '课程', dataIndex: 'name',
          render: (name: string, c) => (
            <span>
              {name} {c.assigned && <Tag color="orange">学习任务</Tag>}
              {c.required === 1 && <Tag>必修</Tag>}
            </span>
          ),
        },
        { title: '类型', dataIndex: 'type', width: 90, render: (t: string) => COURSE_TYPE[t] ?? t },
        { title: '时长', dataIndex: 'duration_min', width: 90, render: (m: number) => `${m} 分钟` },
        { title: '学分', dataIndex: 'credit', width: 70 },
        { title: '完成期限', dataIndex: 'deadline', width: 170, render: (d: number | null) => (d ? formatTime(d, 'YYYY-MM-DD HH:mm') : '—') },
        { title: '进度', dataIndex: 'percent', width: 180, render: (p: number) => <Progress percent={p} size="small" /> },
        { title: '状态', dataIndex: 'status', width: 90, render: (s: string) => <Tag color={COURSE_STATUS[s]?.[1]}>{COURSE_STATUS[s]?.[0] ?? s}</Tag> },
        {
          title: '操作', key: 'op', width: 100,
          render: (_, c) => (
            <Button type="link" size="small" onClick={() => open(c.id)}>
              {c.status === 'new' ? '开始学习' : c.status === 'done' ? '复习' : '继续学习'}
            </Button>
          ),
        },
      ]}
    />
  );
}

function Readings({ open }: { open: (id: number) => void }) {
  const { data, loading } = useRequest(() => rowsOf<MyReading>('myRequired.list'));
  return (
    <DataTable<MyReading>
      rowKey="id"
      size="middle"
      loading={loading}
      dataSource={data}
      pagination={false}
      locale={{ emptyText: <Empty description="今天没有需要阅读的内容" /> }}
      columns={[
        { title: '必读任务', dataIndex: 'item_title' },
        { title: '课程', dataIndex: 'title', render: (t: string, r) => <Typography.Text>{t}（{COURSE_TYPE[r.content_type] ?? r.content_type}）</Typography.Text> },
        { title: '最短阅读', dataIndex: 'min_read_sec', width: 100, render: (s: number) => `${s} 秒` },
        { title: '测验', dataIndex: 'quiz_count', width: 80, render: (n: number) => (n ? `${n} 题` : '无') },
        { title: '截止时间', dataIndex: 'deadline_at', width: 150, render: (d: number) => formatTime(d, 'MM-DD HH:mm') },
        { title: '状态', dataIndex: 'status', width: 110, render: (s: string, r) => <Tag color={READ_STATUS[s]?.[1]}>{READ_STATUS[s]?.[0] ?? s}{r.quiz_score !== null ? ` ${r.quiz_score}分` : ''}</Tag> },
        {
          title: '操作', key: 'op', width: 90,
          render: (_, r) => (
            <Button type="link" size="small" onClick={() => open(r.id)}>
              {r.status === 'read' || r.status === 'passed' ? '查看' : '去阅读'}
            </Button>
          ),
        },
      ]}
    />
  );
}
