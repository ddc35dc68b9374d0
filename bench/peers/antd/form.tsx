// The bench form written by hand with antd: 200 fields (inputs, selects, date pickers) four
// to a row, like the product's JSON form page.
import { Button, Card, Col, ConfigProvider, DatePicker, Form, Input, Row, Select, Space } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { createRoot } from 'react-dom/client';
import { fieldTitle, FORM_FIELDS, formKind, range, SELECT_OPTIONS } from '../shared/shape.ts';

const control = (i: number) => {
  const kind = formKind(i);
  if (kind === 'Select') return <Select options={SELECT_OPTIONS} placeholder="请选择" />;
  if (kind === 'DatePicker') return <DatePicker style={{ width: '100%' }} />;
  return <Input aria-label={fieldTitle(i)} />;
};

function FormPage() {
  const [form] = Form.useForm();
  return (
    <Card title="压测表单" style={{ margin: 16 }}>
      <Form form={form} labelCol={{ flex: '120px' }}>
        <Row gutter={16}>
          {range(FORM_FIELDS).map((i) => (
            <Col span={6} key={i}>
              <Form.Item name={`f${i}`} label={fieldTitle(i)}>
                {control(i)}
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Space>
          <Button type="primary" onClick={() => form.validateFields()}>
            提交
          </Button>
          <Button onClick={() => form.resetFields()}>取消</Button>
        </Space>
      </Form>
    </Card>
  );
}

createRoot(document.getElementById('root')!).render(
  <ConfigProvider locale={zhCN}>
    <FormPage />
  </ConfigProvider>,
);
