import { Alert, Skeleton, Tabs, Typography } from 'antd';
import { useRequest } from 'ahooks';
import { request } from '../../core/request.ts';
import { formatTime } from '../../shared/format.ts';
import { PublicCard } from './PublicCard.tsx';
import { sanitizeRichText } from '../../engine/sanitizeRichText.ts';

interface Agreement {
  title: string;
  version: string;
  content: string;
  published_at: number;
}

function AgreementText({ kind }: { kind: 'service' | 'privacy' }) {
  const { data, loading } = useRequest(() => request<Agreement>('base', '/privacyAgreement/published', { params: { kind } }));
  if (loading) return <Skeleton active />;
  if (!data?.data) return <Alert type="warning" showIcon message={data?.message ?? '协议尚未发布'} />;
  const a = data.data;
  return (
    <article>
      <Typography.Title level={4}>{a.title}</Typography.Title>
      <Typography.Text type="secondary">
        版本 {a.version} · 发布于 {formatTime(a.published_at)}
      </Typography.Text>
      {/* Sanitised again on display, whatever the server stored. */}
      <div dangerouslySetInnerHTML={{ __html: sanitizeRichText(a.content) }} />
    </article>
  );
}

/** /userPrivateProxy: the user service agreement and the privacy policy, as published by the administrators. */
export default function UserPrivateProxy() {
  return (
    <PublicCard title="用户协议与隐私政策" width={760}>
      <Tabs
        items={[
          { key: 'service', label: '用户服务协议', children: <AgreementText kind="service" /> },
          { key: 'privacy', label: '隐私政策', children: <AgreementText kind="privacy" /> },
        ]}
      />
    </PublicCard>
  );
}
