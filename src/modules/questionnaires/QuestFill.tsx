import { Alert, Button, Card, Input, Result, Space, Spin, Typography, message } from 'antd';
import { useMemo, useState } from 'react';
import { DynamicForm, useRuntimeForm } from '../../engine/DynamicForm.tsx';
import { call } from '../../engine/data.ts';
import { filledAnswers, type Answers } from '../../shared/runtimeForm.ts';
import { useQuest, type Quest } from './useQuest.ts';

/** A steward fills a questionnaire on an owner's behalf (/quest-manager/quest-fill?id=): who, which house, the answers. */
export default function QuestFill() {
  const { id, data, loading } = useQuest();
  if (!id) return <Result status="info" title="请从管家问卷列表选择要填写的问卷" />;
  if (loading || !data) return <Spin />;
  if (data.status !== '200' || !data.data) return <Result status="404" title="问卷不存在" subTitle={data.message} />;
  return <Sheet quest={data.data} />;
}

function Sheet({ quest }: { quest: Quest }) {
  const [round, setRound] = useState(0);
  const [respondent, setRespondent] = useState('');
  const [house, setHouse] = useState('');
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(0);
  const initial = useMemo(() => ({}) as Answers, [round]); // eslint-disable-line react-hooks/exhaustive-deps -- a new sheet per round
  const form = useRuntimeForm(quest.form, initial);

  async function submit() {
    if (!respondent.trim()) {
      message.error('请填写受访客户');
      return;
    }
    try {
      await form.validate();
    } catch {
      return;
    }
    setSaving(true);
    const res = await call('quest_answer.add', { quest_id: quest.id, project_id: quest.project_id, respondent: respondent.trim(), house_name: house.trim() || null, channel: 'steward', answers: filledAnswers(form.values as Answers) });
    setSaving(false);
    if (res.status !== '200') {
      message.error(res.message || '提交失败');
      return;
    }
    message.success('答卷已提交');
    setDone((n) => n + 1);
    setRespondent('');
    setHouse('');
    setRound((r) => r + 1);
  }

  return (
    <Card title={quest.name} style={{ maxWidth: 760 }} extra={quest.project_name}>
      {quest.status !== 'published' && <Alert type="warning" showIcon message="该问卷不在进行中，不能提交答卷" style={{ marginBottom: 12 }} />}
      {done > 0 && <Alert type="success" showIcon message={`本次已提交 ${done} 份答卷，可继续填写下一位业主`} style={{ marginBottom: 12 }} />}
      {quest.description && <Typography.Paragraph>{quest.description}</Typography.Paragraph>}
      <Space style={{ marginBottom: 12 }} wrap>
        <Input aria-label="受访客户" placeholder="受访客户姓名" maxLength={20} value={respondent} onChange={(e) => setRespondent(e.target.value)} style={{ width: 200 }} />
        <Input aria-label="房屋" placeholder="房屋（如 1栋 2单元 1201）" maxLength={60} value={house} onChange={(e) => setHouse(e.target.value)} style={{ width: 280 }} />
      </Space>
      <DynamicForm key={round} definition={quest.form} form={form} />
      <Button type="primary" loading={saving} disabled={quest.status !== 'published'} onClick={submit}>
        提交答卷
      </Button>
    </Card>
  );
}
