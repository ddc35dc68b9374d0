// The bench list written by hand with antd: the same filter form, 20 columns and 100 rows
// from the same endpoint as the product's JSON list page, and nothing else.
import { Button, Card, Col, ConfigProvider, Form, Input, Row, Space, Table, Typography } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { columnTitle, FILTER_FIELDS, LIST_COLUMNS, LIST_PATH, LIST_ROWS, range } from '../shared/shape.ts';
import { signedPost } from '../shared/signedFetch.ts';

type Row = Record<string, unknown> & { id: number };
const columns = range(LIST_COLUMNS).map((i) => ({ key: `c${i}`, dataIndex: `c${i}`, title: columnTitle(i) }));

function ListPage() {
  const [form] = Form.useForm();
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [page, setPage] = useState({ current: 1, pageSize: LIST_ROWS });
  const [data, setData] = useState<{ records: Row[]; total: number }>();
  useEffect(() => {
    signedPost<{ records: Row[]; total: number }>(LIST_PATH, { pageNum: page.current, pageSize: page.pageSize, filters }).then((r) => setData(r.data));
  }, [filters, page]);
  const search = () => {
    setFilters(Object.fromEntries(Object.entries(form.getFieldsValue() as Record<string, string>).filter(([, v]) => v)));
    setPage((p) => ({ ...p, current: 1 }));
  };
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16, padding: 16 }}>
      <Card size="small">
        <Form form={form} labelCol={{ flex: '84px' }}>
          <Row gutter={16}>
            {range(FILTER_FIELDS).map((i) => (
              <Col span={6} key={i}>
                <Form.Item name={`c${i}`} label={columnTitle(i)}>
                  <Input />
                </Form.Item>
              </Col>
            ))}
          </Row>
          <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button type="primary" onClick={search}>
              查询
            </Button>
            <Button onClick={() => (form.resetFields(), search())}>重置</Button>
          </Space>
        </Form>
      </Card>
      <Card size="small" title={<Typography.Text strong>压测列表</Typography.Text>}>
        <Table<Row>
          rowKey="id"
          size="middle"
          loading={!data}
          columns={columns}
          dataSource={data?.records ?? []}
          scroll={{ x: 'max-content' }}
          pagination={{ ...page, total: data?.total ?? 0, showSizeChanger: true, showTotal: (total) => `共 ${total} 条` }}
          onChange={(p) => setPage({ current: p.current ?? 1, pageSize: p.pageSize ?? LIST_ROWS })}
        />
      </Card>
    </div>
  );
}

createRoot(document.getElementById('root')!).render(
  <ConfigProvider locale={zhCN}>
    <ListPage />
  </ConfigProvider>,
);
