import { Card, Empty, List, Progress, Result, Select, Space, Spin, Statistic, Tag, Typography } from 'antd';
import { DataTable } from '../../engine/DataTable.tsx';
import { useRequest } from 'ahooks';
import { useSearchParams } from 'react-router-dom';
import { call } from '../../engine/data.ts';
import { formatTime } from '../../shared/format.ts';

interface Collected {
  key: string;
  no: number;
  title: string;
  type: string;
  typeText: string;
  answered: number;
  alarms: number;
  options?: { option: string; count: number; percent: number; alarm: boolean }[];
  maxScore?: number;
  passScore?: number;
  average?: number | null;
  spread?: { score: number; count: number }[];
  texts?: { text: string; at: number }[];
}

interface Collection {
  id: number;
  name: string;
  description: string | null;
  visits: number;
  questions: Collected[];
}

/** One question's answers: options with counts and shares, the score spread and average, or the latest texts. */
function QuestionCard({ q }: { q: Collected }) {
  return (
    <Card
      size="small"
      title={`${q.no}. ${q.title}`}
      extra={
        <Space>
          <Tag>{q.typeText}</Tag>
          <Typography.Text type="secondary">{`${q.answered} 人作答`}</Typography.Text>
          {q.alarms > 0 && <Tag color="error">{`不满意 ${q.alarms}`}</Tag>}
        </Space>
      }
    >
      {q.options && (
        <DataTable
          size="small"
          pagination={false}
          rowKey="option"
          dataSource={q.options}
          columns={[
            { title: '选项', dataIndex: 'option', render: (v: string, r) => (r.alarm ? <Space>{v}<Tag color="error">视为不满意</Tag></Space> : v) },
            { title: '人数', dataIndex: 'count', width: 80 },
            { title: '占比', dataIndex: 'percent', width: 240, render: (v: number) => <Progress percent={v} size="small" /> },
          ]}
        />
      )}
      {q.spread && (
        <Space align="start" size={32}>
          <Statistic title={`平均分（满分 ${q.maxScore}）`} value={q.average ?? '-'} />
          <DataTable
            size="small"
            pagination={false}
            rowKey="score"
            dataSource={q.spread}
            columns={[
              { title: '分数', dataIndex: 'score', render: (v: number) => `${v} 分${v < (q.passScore ?? 0) ? '（不满意）' : ''}` },
              { title: '人数', dataIndex: 'count' },
            ]}
          />
        </Space>
      )}
      {q.texts &&
        (q.texts.length ? (
          <List size="small" dataSource={q.texts} renderItem={(t, i) => <List.Item key={i} extra={formatTime(t.at)}>{t.text}</List.Item>} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无回答" />
        ))}
    </Card>
  );
}

/** A questionnaire's collected answers, question by question (/questionnaireCollect?id=). */
export default function QuestionnaireCollect() {
  const [query, setQuery] = useSearchParams();
  const id = query.get('id');
  const options = useRequest(() => call<{ label: string; value: number }[]>('questionnaire.options', { all: true }));
  const { data, loading } = useRequest(() => call<Collection>('questionnaire.collect', { id: Number(id) }), { ready: Boolean(id), refreshDeps: [id] });
  const chooser = (
    <Select
      aria-label="选择问卷"
      style={{ width: 320 }}
      placeholder="请选择问卷"
      value={id ? Number(id) : undefined}
      options={options.data?.data ?? []}
      onChange={(value: number) => setQuery({ id: String(value) })}
    />
  );
  if (!id) return <Result status="info" title="请选择要查看的问卷" extra={chooser} />;
  if (loading || !data) return <Spin />;
  if (data.status !== '200' || !data.data) return <Result status="404" title="问卷不存在" subTitle={data.message} extra={chooser} />;
  const c = data.data;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title={c.name} extra={chooser}>
        <Space size={48}>
          <Statistic title="答卷数" value={c.visits} />
          <Statistic title="题目数" value={c.questions.length} />
        </Space>
        {c.description && <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>{c.description}</Typography.Paragraph>}
      </Card>
      {c.questions.map((q) => (
        <QuestionCard key={q.key} q={q} />
      ))}
    </Space>
  );
}
