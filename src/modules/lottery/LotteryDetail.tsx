import { Card, List, Result, Spin, Tag, Typography } from 'antd';
import { useRequest } from 'ahooks';
import { Link, useSearchParams } from 'react-router-dom';
import { sanitizeRichText } from '../../engine/sanitizeRichText.ts';
import { CLAIM_STATES, readWheel } from './api.ts';

const dateTime = (ms: number) => new Date(ms).toLocaleString('zh-CN', { hour12: false });

/** /lotterydetail: the campaign's rules and the participant's own draws and prizes, through the same signed link. */
export default function LotteryDetail() {
  const [query] = useSearchParams();
  const token = query.get('token');
  const { data, loading } = useRequest(() => readWheel(token!), { ready: Boolean(token) });
  if (!token) return <Result status="info" title="链接不完整" subTitle="请使用物业发送的完整抽奖链接打开" />;
  const wheel = data?.data;
  if (!loading && data && !wheel) return <Result status="warning" title="无法打开" subTitle={data.message} />;
  if (!wheel) return <Spin style={{ display: 'block', marginTop: 120 }} />;
  const wins = wheel.records.filter((r) => r.result === 'win');
  return (
    <div style={{ maxWidth: 480, margin: '0 auto', padding: '24px 12px' }}>
      <Typography.Title level={3}>{wheel.activity.name}</Typography.Title>
      <Card title="活动规则" size="small" style={{ marginBottom: 16 }}>
        <Typography.Paragraph>
          活动时间：{dateTime(wheel.activity.start_time)} 至 {dateTime(wheel.activity.end_time)}；每人共 {wheel.activity.total_limit} 次，每日 {wheel.activity.day_limit} 次；中奖后 {wheel.activity.claim_days} 天内凭核销码领奖。
        </Typography.Paragraph>
        <div dangerouslySetInnerHTML={{ __html: sanitizeRichText(wheel.activity.rules) }} />
      </Card>
      <Card title={`我的奖品（${wins.length}）`} size="small" style={{ marginBottom: 16 }}>
        <List
          dataSource={wins}
          locale={{ emptyText: '暂未中奖' }}
          renderItem={(r) => (
            <List.Item extra={<Tag color={CLAIM_STATES[r.status]?.color}>{CLAIM_STATES[r.status]?.text ?? r.status}</Tag>}>
              <List.Item.Meta title={r.prize_name} description={`核销码 ${r.verify_code} · ${dateTime(r.drawn_at)} 抽中${r.expires_at ? ` · ${dateTime(r.expires_at)} 前领取` : ''}`} />
            </List.Item>
          )}
        />
      </Card>
      <Typography.Paragraph type="secondary">共抽奖 {wheel.records.length} 次，剩余 {wheel.remaining.total} 次。</Typography.Paragraph>
      <Link to={`/lottery?token=${encodeURIComponent(token)}`}>返回大转盘</Link>
    </div>
  );
}
