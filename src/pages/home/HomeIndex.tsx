import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useRequest } from 'ahooks';
import { request } from '../../core/request.ts';
import { getStaffName } from '../../core/session.ts';

interface Overview {
  projects: number;
  customers: number;
  openOrders: number;
  todayOrders: number;
}

/** The landing page: today's figures for the projects the user may see. */
export default function HomeIndex() {
  const { data, loading } = useRequest(() => request<Overview>('base', '/overview'));
  const o = data?.data;
  const figures = [
    { title: '负责项目', value: o?.projects },
    { title: '服务客户', value: o?.customers },
    { title: '未完成工单', value: o?.openOrders },
    { title: '今日新增工单', value: o?.todayOrders },
  ];
  return (
    <>
      <Typography.Title level={4}>{getStaffName()}，您好</Typography.Title>
      <Row gutter={16}>
        {figures.map((f) => (
          <Col span={6} key={f.title}>
            <Card loading={loading}>
              <Statistic title={f.title} value={f.value ?? 0} />
            </Card>
          </Col>
        ))}
      </Row>
    </>
  );
}
