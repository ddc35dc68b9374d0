import { useRequest } from 'ahooks';
import { Card, Empty, List, Progress, Result, Space, Spin, Statistic, Tag, Typography } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { DataTable } from '../../engine/DataTable.tsx';
import { call } from '../../engine/data.ts';
import { formatTime } from '../../shared/format.ts';

interface ItemAnalysis {
  key: string;
  no: number;
  label: string;
  componentText: string;
  answered: number;
  options?: { option: string; count: number; percent: number; alarm: boolean }[];
  average?: number | null;
  texts?: { text: string; at: number }[];
}

interface Analysis {
  name: string;
  description: string | null;
  answerCount: number;
  alarmCount: number;
  targetCount: number | null;
  version: number;
  items: ItemAnalysis[];
}

function ItemCard({ item }: { item: ItemAnalysis }) {
  return (
    <Card size="small" title={`${item.no}. ${item.label}`} extra={<Space><Tag>{item.componentText}</Tag><Typography.Text type="secondary">{`${item.answered} 人作答`}</Typography.Text></Space>}>
      {item.options && (
        <DataTable
          size="small"
          pagination={false}
          rowKey="option"
          dataSource={item.options}
          columns={[
            { title: '选项', dataIndex: 'option', render: (v: string, r) => (r.alarm ? <Space>{v}<Tag color="error">预警</Tag></Space> : v) },
            { title: '人数', dataIndex: 'count', width: 80 },
            { title: '占比', dataIndex: 'percent', width: 240, render: (v: number) => <Progress percent={v} size="small" /> },
          ]}
        />
      )}
      {item.average !== undefined && <Statistic title="平均分" value={item.average ?? '-'} />}
      {item.texts && (item.texts.length ? <List size="small" dataSource={item.texts} renderItem={(t, i) => <List.Item key={i} extra={formatTime(t.at)}>{t.text}</List.Item>} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无回答" />)}
    </Card>
  );
}

/** A questionnaire's answers item by item (/quest-analysis?id=): counts and shares per option, score averages, the texts. */
export default function QuestAnalysis() {
  const [query] = useSearchParams();
  const id = Number(query.get('id'));
  const { data, loading } = useRequest(() => call<Analysis>('quest.analysis', { id }), { ready: id > 0, refreshDeps: [id] });
  if (!id) return <Result status="info" title="请从问卷列表选择要分析的问卷" />;
  if (loading || !data) return <Spin />;
  if (data.status !== '200' || !data.data) return <Result status="404" title="问卷不存在" subTitle={data.message} />;
  const a = data.data;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title={a.name}>
        <Space size={48}>
          <Statistic title="答卷数" value={a.answerCount} />
          <Statistic title="预警答卷" value={a.alarmCount} />
          <Statistic title="回收率" value={a.targetCount ? Math.round((a.answerCount / a.targetCount) * 1000) / 10 : '-'} suffix={a.targetCount ? '%' : undefined} />
          <Statistic title="当前版本" value={`第 ${a.version} 版`} />
        </Space>
      </Card>
      {a.items.map((item) => (
        <ItemCard key={item.key} item={item} />
      ))}
    </Space>
  );
}
