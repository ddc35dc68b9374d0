import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Descriptions, Progress, Result, Spin, Tag, message } from 'antd';
import { call } from '../../engine/data.ts';
import StudyContent from './StudyContent.tsx';

interface Opened {
  course: { id: number; name: string; type: string; files: unknown; content: string | null; duration_min: number; done_ratio: number; credit: number; hours: number; intro: string | null };
  progress: CourseProgress;
}

interface CourseProgress {
  position: number;
  watchedSec: number;
  durationSec: number;
  percent: number;
  status: string;
}

const TYPE_TEXT: Record<string, string> = { video: '视频', doc: '文档', article: '图文', live: '直播回放' };

/**
 * One course studied: opened on the server (which starts the clock of the next report), its
 * content, and the position reported as the learner plays or reads; the share really watched,
 * and completion with its credit, are the server's answer.
 */
export default function CourseStudy({ courseId, onBack }: { courseId: number; onBack: () => void }) {
  const [opened, setOpened] = useState<Opened | null>(null);
  const [error, setError] = useState('');
  const [progress, setProgress] = useState<CourseProgress | null>(null);
  const done = useRef(false);

  useEffect(() => {
    void call<Opened>('myCourse.open', { courseId }).then((res) => {
      if (res.status !== '200' || !res.data) return setError(res.message || '课程打开失败');
      setOpened(res.data);
      setProgress(res.data.progress);
      done.current = res.data.progress.status === 'done';
    });
  }, [courseId]);

  const report = useCallback(
    (position: number) => {
      void call<CourseProgress>('myCourse.progress', { courseId, position }).then((res) => {
        if (res.status !== '200' || !res.data) return void message.error(res.message || '学习进度未能记录');
        setProgress(res.data);
        if (res.data.status === 'done' && !done.current) {
          done.current = true;
          void message.success(res.message);
        }
      });
    },
    [courseId],
  );

  if (error) return <Result status="warning" title={error} extra={<Button onClick={onBack}>返回我的学习</Button>} />;
  if (!opened || !progress) return <Spin />;
  const { course } = opened;
  return (
    <Card title={course.name} extra={<Button onClick={onBack}>返回我的学习</Button>}>
      <Descriptions size="small" column={4} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="类型">{TYPE_TEXT[course.type] ?? course.type}</Descriptions.Item>
        <Descriptions.Item label="时长">{course.duration_min} 分钟</Descriptions.Item>
        <Descriptions.Item label="学分 / 学时">{`${course.credit} / ${course.hours}`}</Descriptions.Item>
        <Descriptions.Item label="完成要求">学满 {course.done_ratio}%</Descriptions.Item>
      </Descriptions>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 12 }} data-testid="course-progress">
        <Progress percent={progress.percent} style={{ flex: 1, margin: 0 }} />
        {progress.status === 'done' ? <Tag color="success">已学完</Tag> : <Tag color="processing">学习中</Tag>}
        <span>已学 {Math.floor(progress.watchedSec / 60)} 分 {progress.watchedSec % 60} 秒</span>
      </div>
      {course.intro && <Alert type="info" showIcon message={course.intro} style={{ marginBottom: 12 }} />}
      <StudyContent type={course.type} files={course.files} content={course.content} startAt={progress.status === 'done' ? 0 : opened.progress.position} onPosition={report} />
    </Card>
  );
}
