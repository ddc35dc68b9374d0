import { useRef, useState } from 'react';
import { Alert, Button, Card, Result, Space, Spin, Typography } from 'antd';
import { useRequest } from 'ahooks';
import { Link, useSearchParams } from 'react-router-dom';
import { drawOnce, readWheel, type DrawResult } from './api.ts';
import { rotationFor, WheelDisc, type Sector } from './WheelDisc.tsx';

const THANKS: Sector = { key: 'none', label: '谢谢参与', colour: '#FFF3E0' };
const dateTime = (ms: number) => new Date(ms).toLocaleString('zh-CN', { hour12: false });

/**
 * /lottery: the owner's lucky wheel, opened through the signed invite link (no sign-in). The
 * server decides each draw; the wheel then turns until that sector is under the pointer, and
 * the result is shown once it stops.
 */
export default function LotteryWheel() {
  const [query] = useSearchParams();
  const token = query.get('token');
  const { data, loading, refresh } = useRequest(() => readWheel(token!), { ready: Boolean(token) });
  const [rotation, setRotation] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const [shown, setShown] = useState<DrawResult | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const pending = useRef<DrawResult | null>(null);

  if (!token) return <Result status="info" title="链接不完整" subTitle="请使用物业发送的完整抽奖链接打开" />;
  const wheel = data?.data;
  if (!loading && data && !wheel) return <Result status="warning" title="无法打开" subTitle={data.message} />;
  if (!wheel) return <Spin style={{ display: 'block', marginTop: 120 }} />;

  const sectors: Sector[] = [...wheel.prizes.map((p) => ({ key: String(p.id), label: p.name, colour: p.colour })), THANKS];
  const { running } = wheel;

  const start = async () => {
    setShown(null);
    setRefusal(null);
    setSpinning(true);
    const answer = await drawOnce(token);
    if (!answer.data) {
      setSpinning(false);
      setRefusal(answer.message);
      return;
    }
    pending.current = answer.data;
    const index = answer.data.prize ? sectors.findIndex((s) => s.key === String(answer.data!.prize!.id)) : sectors.length - 1;
    setRotation((r) => rotationFor(r, index, sectors.length));
  };
  const stopped = () => {
    setSpinning(false);
    setShown(pending.current);
    refresh();
  };

  return (
    <div style={{ minHeight: '100vh', background: 'linear-gradient(#ff7a45, #ffd591)', padding: '24px 12px', boxSizing: 'border-box' }}>
      <Card style={{ maxWidth: 420, margin: '0 auto', textAlign: 'center' }}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>{wheel.activity.name}</Typography.Title>
        <Typography.Paragraph type="secondary">
          {wheel.activity.project_name} · {dateTime(wheel.activity.start_time)} 至 {dateTime(wheel.activity.end_time)}
        </Typography.Paragraph>
        <WheelDisc sectors={sectors} rotation={rotation} spinning={spinning} onStopped={stopped} />
        <Space direction="vertical" style={{ width: '100%', marginTop: 16 }}>
          <Typography.Text>
            {wheel.participant.name}，您今日还可抽 <b data-testid="today-left">{wheel.remaining.today}</b> 次，活动期间还剩 <b>{wheel.remaining.total}</b> 次
          </Typography.Text>
          <Button type="primary" size="large" danger block disabled={!running || spinning || wheel.remaining.today <= 0} onClick={() => void start()}>
            {running ? (spinning ? '转动中…' : '开始抽奖') : '不在活动时间内'}
          </Button>
          {shown && (
            <Alert
              type={shown.prize ? 'success' : 'info'}
              showIcon
              message={shown.prize ? `恭喜您抽中「${shown.prize.name}」` : '谢谢参与，再接再厉'}
              description={shown.prize ? `核销码 ${shown.verify_code}，请于 ${dateTime(shown.expires_at!)} 前凭核销码到客服中心领取` : undefined}
            />
          )}
          {refusal && <Alert type="warning" showIcon message={refusal} />}
          <Link to={`/lotterydetail?token=${encodeURIComponent(token)}`}>活动规则与我的奖品</Link>
        </Space>
      </Card>
    </div>
  );
}
