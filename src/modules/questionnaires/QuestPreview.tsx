import { Card, Result, Spin, Typography } from 'antd';
import { DynamicForm } from '../../engine/DynamicForm.tsx';
import { useQuest } from './useQuest.ts';

/** A questionnaire as the owner sees it (/quest-preview?id=): the designed form, answerable, nothing sent. */
export default function QuestPreview() {
  const { id, data, loading } = useQuest();
  if (!id) return <Result status="info" title="请从问卷列表选择要预览的问卷" />;
  if (loading || !data) return <Spin />;
  if (data.status !== '200' || !data.data) return <Result status="404" title="问卷不存在" subTitle={data.message} />;
  const quest = data.data;
  return (
    <Card title={`${quest.name}（预览）`} style={{ maxWidth: 760 }}>
      {quest.description && <Typography.Paragraph>{quest.description}</Typography.Paragraph>}
      <DynamicForm definition={quest.form} />
    </Card>
  );
}
