import { useEffect, useState } from 'react';
import { Alert, Button, Card, Checkbox, Radio, Result, Space, Spin, Tag, Typography, message } from 'antd';
import { call } from '../../engine/data.ts';
import StudyContent from './StudyContent.tsx';

interface QuizQuestion {
  index: number;
  question: string;
  type: 'single' | 'multiple' | 'judge';
  options: string[];
}

interface Opened {
  recordId: number;
  title: string;
  contentType: string;
  content: string | null;
  files: unknown;
  minReadSec: number;
  openedAt: number;
  serverNow: number;
  status: string;
  quiz: QuizQuestion[];
  /** The server's clock minus the browser's, when the answer came. */
  skew: number;
}

interface Finished {
  status: string;
  score: number | null;
  right: number | null;
  total: number;
  passed: boolean | null;
}

const TYPE_TEXT = { single: '单选', multiple: '多选', judge: '判断' } as const;
const DONE = ['read', 'passed'];

/** Seconds left of the minimum reading time, on the server's clock (its answer says when reading began and what time it was). */
function useSecondsLeft(opened: Opened | null): number {
  const [left, setLeft] = useState(opened?.minReadSec ?? 0);
  useEffect(() => {
    if (!opened) return;
    const count = () => setLeft(Math.max(0, Math.ceil((opened.openedAt + opened.minReadSec * 1000 - (Date.now() + opened.skew)) / 1000)));
    count();
    const timer = window.setInterval(count, 1000);
    return () => window.clearInterval(timer);
  }, [opened]);
  return left;
}

/**
 * One required-reading record: the course read (the server's clock starts at the first
 * opening), finishing allowed after the minimum time, and the quiz, sent without its answers,
 * answered here and scored by the server.
 */
export default function RequiredReader({ recordId, onBack }: { recordId: number; onBack: () => void }) {
  const [opened, setOpened] = useState<Opened | null>(null);
  const [error, setError] = useState('');
  const [answers, setAnswers] = useState<number[][]>([]);
  const [result, setResult] = useState<{ data: Finished; message: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const left = useSecondsLeft(opened);

  useEffect(() => {
    void call<Omit<Opened, 'skew'>>('myRequired.open', { recordId }).then((res) => {
      if (res.status !== '200' || !res.data) return setError(res.message || '阅读任务打开失败');
      setOpened({ ...res.data, skew: res.data.serverNow - Date.now() });
      setAnswers(res.data.quiz.map(() => []));
    });
  }, [recordId]);

  async function finish() {
    if (!opened) return;
    setSaving(true);
    const res = await call<Finished>('myRequired.finish', { recordId, ...(opened.quiz.length ? { answers } : {}) });
    setSaving(false);
    if (res.status !== '200' || !res.data) return void message.error(res.message || '提交失败');
    setResult({ data: res.data, message: res.message });
    if (res.data.passed === false) setAnswers(opened.quiz.map(() => []));
  }

  if (error) return <Result status="warning" title={error} extra={<Button onClick={onBack}>返回我的学习</Button>} />;
  if (!opened) return <Spin />;
  const finished = DONE.includes(opened.status) || (result !== null && DONE.includes(result.data.status));
  return (
    <Card title={opened.title} extra={<Button onClick={onBack}>返回我的学习</Button>}>
      <StudyContent type={opened.contentType} files={opened.files} content={opened.content} />
      {result && <Alert style={{ marginTop: 16 }} showIcon type={DONE.includes(result.data.status) ? 'success' : 'error'} message={result.message} description={result.data.score !== null ? `得分 ${result.data.score}` : undefined} data-testid="reading-result" />}
      {!finished && opened.quiz.length > 0 && (
        <Card size="small" title="随堂测验" style={{ marginTop: 16 }}>
          {opened.quiz.map((q, i) => (
            <div key={q.index} style={{ marginBottom: 12 }}>
              <Typography.Paragraph strong>
                {i + 1}. {q.question} <Tag>{TYPE_TEXT[q.type]}</Tag>
              </Typography.Paragraph>
              {q.type === 'multiple' ? (
                <Checkbox.Group value={answers[i]} onChange={(v) => setAnswers((a) => a.map((x, k) => (k === i ? (v as number[]) : x)))} options={q.options.map((o, k) => ({ label: o, value: k }))} />
              ) : (
                <Radio.Group value={answers[i]?.[0]} onChange={(e) => setAnswers((a) => a.map((x, k) => (k === i ? [e.target.value as number] : x)))} options={q.options.map((o, k) => ({ label: o, value: k }))} />
              )}
            </div>
          ))}
        </Card>
      )}
      {!finished && (
        <Space style={{ marginTop: 16 }}>
          <Button type="primary" loading={saving} disabled={left > 0} onClick={finish}>
            {left > 0 ? `请至少阅读 ${opened.minReadSec} 秒（还剩 ${left} 秒）` : opened.quiz.length ? '提交测验' : '完成阅读'}
          </Button>
        </Space>
      )}
      {DONE.includes(opened.status) && !result && <Alert style={{ marginTop: 16 }} showIcon type="success" message="今日已完成阅读" />}
    </Card>
  );
}
