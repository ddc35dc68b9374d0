import { Badge, Card, Col, Empty, List, Row, Statistic, Typography } from 'antd';
import { useRequest } from 'ahooks';
import { useNavigate } from 'react-router-dom';
import { request } from '../../core/request.ts';
import { getStaffName } from '../../core/session.ts';
import { useNoticeState } from '../messages/public.ts';
import { loadHome, type Figure } from './todos.ts';

interface Overview {
  projects: number;
  customers: number;
}

function FigureCard({ figure, loading }: { figure: Figure; loading: boolean }) {
  const navigate = useNavigate();
  return (
    <Card loading={loading} hoverable={Boolean(figure.route)} onClick={figure.route ? () => navigate(figure.route!) : undefined} aria-label={figure.title}>
      <Statistic title={figure.title} value={figure.value} suffix={figure.suffix} />
    </Card>
  );
}

/** The landing page: the user's to-dos, unread notices and today's figures of their projects, each a click away. */
export default function HomeIndex() {
  const navigate = useNavigate();
  const { unreadCount } = useNoticeState();
  const overview = useRequest(() => request<Overview>('base', '/overview'));
  const home = useRequest(loadHome);
  const o = overview.data?.data;
  const todos = home.data?.items ?? [];
  const figures: Figure[] = [{ title: '负责项目', value: o?.projects ?? 0 }, { title: '服务客户', value: o?.customers ?? 0 }, ...(home.data?.figures ?? [])];
  return (
    <>
      <Typography.Title level={4}>{getStaffName()}，您好</Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title="我的待办" loading={home.loading}>
            {todos.length ? (
              <List
                dataSource={todos}
                renderItem={(t) => (
                  <List.Item key={t.key} style={{ cursor: 'pointer' }} onClick={() => navigate(t.route)} extra={<Badge count={t.count} showZero color={t.count ? '#fa8c16' : '#d9d9d9'} overflowCount={999} />}>
                    <Typography.Link>{t.title}</Typography.Link>
                  </List.Item>
                )}
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无待办" />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="消息通知">
            <List>
              <List.Item style={{ cursor: 'pointer' }} onClick={() => navigate('/notice/list')} extra={<Badge count={unreadCount} showZero overflowCount={999} />}>
                <Typography.Link>未读消息</Typography.Link>
              </List.Item>
            </List>
          </Card>
        </Col>
      </Row>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        今日概况
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {figures.map((f) => (
          <Col xs={12} md={8} xl={6} key={f.title}>
            <FigureCard figure={f} loading={overview.loading || home.loading} />
          </Col>
        ))}
      </Row>
    </>
  );
}
