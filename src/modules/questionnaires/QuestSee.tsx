import { useRequest } from 'ahooks';
import { Card, Descriptions, Result, Spin, Tag } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { DynamicForm } from '../../engine/DynamicForm.tsx';
import { call } from '../../engine/data.ts';
import { formatTime } from '../../shared/format.ts';
import type { Answers, RuntimeForm } from '../../shared/runtimeForm.ts';

interface Sheet {
  quest_name: string;
  respondent: string;
  house_name: string | null;
  filled_by_name: string | null;
  answered_at: number;
  alarm: number;
  form_version: number;
  answers: Answers;
  form: RuntimeForm | null;
}

/** One answer sheet (/quest-see?id=), shown with the version of the questionnaire it was given for. */
export default function QuestSee() {
  const [query] = useSearchParams();
  const id = Number(query.get('id'));
  const { data, loading } = useRequest(() => call<Sheet>('questAnswer.sheet', { id }), { ready: id > 0, refreshDeps: [id] });
  if (!id) return <Result status="info" title="请从答卷列表选择要查看的答卷" />;
  if (loading || !data) return <Spin />;
  if (data.status !== '200' || !data.data) return <Result status="404" title="答卷不存在" subTitle={data.message} />;
  const s = data.data;
  return (
    <Card title={s.quest_name} style={{ maxWidth: 760 }}>
      <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="受访客户">{s.respondent}</Descriptions.Item>
        <Descriptions.Item label="房屋">{s.house_name ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="填写人">{s.filled_by_name ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="答卷时间">{formatTime(s.answered_at)}</Descriptions.Item>
        <Descriptions.Item label="问卷版本">{`第 ${s.form_version} 版`}</Descriptions.Item>
        <Descriptions.Item label="预警">{s.alarm ? <Tag color="error">预警</Tag> : '正常'}</Descriptions.Item>
      </Descriptions>
      {s.form && <DynamicForm definition={s.form} initialValues={s.answers} readPretty />}
    </Card>
  );
}
