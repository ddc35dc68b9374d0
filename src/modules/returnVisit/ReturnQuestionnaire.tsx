import { Alert, Button, Card, Checkbox, Descriptions, Form, Input, Modal, Radio, Result, Space, Spin, Tag, Typography, message } from 'antd';
import { useRequest } from 'ahooks';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { call } from '../../engine/data.ts';
import { RESOURCES } from '../../engine/catalogue.ts';
import { usePermission } from '../../engine/permissions.tsx';
import { formatTime } from '../../shared/format.ts';
import { dial } from '../hotline/public.ts';

interface Question {
  key: string;
  type: 'single' | 'multiple' | 'score' | 'text';
  title: string;
  required: boolean;
  options: string[];
  maxScore: number;
}

interface VisitForm {
  visit: { id: number; code: string; status: string; contact_name: string; contact_phone: string; plan_at: number; attempts: number; visitor_name: string | null; project_id: number };
  order: { id: number; code: string; title: string; content: string; address: string | null; handle_result: string | null; evaluation_score: number | null; project_name: string; processor_name: string | null } | null;
  questionnaire: { id: number; name: string; description: string | null; questions: Question[] } | null;
}

const states = () => RESOURCES.get('return_visit')?.workflow?.states ?? {};

/** One question as the form field its type asks for. */
function QuestionField({ q, no }: { q: Question; no: number }) {
  const label = `${no}. ${q.title}`;
  const rules = q.required ? [{ required: true, message: `请回答第 ${no} 题` }] : [];
  if (q.type === 'single') {
    return (
      <Form.Item name={q.key} label={label} rules={rules}>
        <Radio.Group options={q.options.map((o) => ({ label: o, value: o }))} />
      </Form.Item>
    );
  }
  if (q.type === 'multiple') {
    return (
      <Form.Item name={q.key} label={label} rules={rules}>
        <Checkbox.Group options={q.options} />
      </Form.Item>
    );
  }
  if (q.type === 'score') {
    return (
      <Form.Item name={q.key} label={label} rules={rules}>
        <Radio.Group optionType="button" options={Array.from({ length: q.maxScore }, (_, i) => ({ label: `${i + 1} 分`, value: i + 1 }))} />
      </Form.Item>
    );
  }
  return (
    <Form.Item name={q.key} label={label} rules={rules}>
      <Input.TextArea rows={2} maxLength={500} showCount />
    </Form.Item>
  );
}

/**
 * Carrying out a return visit (/returnQuestionnaire?id=): the order it follows up, the customer's
 * number with a button that calls it from the operator's 400 seat, the questionnaire, and the
 * outcome: the answers (a dissatisfied answer sends the visit to the error list) or 未接通.
 */
export default function ReturnQuestionnaire() {
  const can = usePermission();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const id = query.get('id');
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const { data, loading } = useRequest(() => call<VisitForm>('return_visit.form', { id: Number(id) }), { ready: Boolean(id), refreshDeps: [id] });

  if (!id) {
    return <Result status="info" title="请选择要回访的工单" subTitle="回访任务由已完成的工单按回访规则生成" extra={<Link to="/returnVisitListNew">打开我的回访</Link>} />;
  }
  if (loading || !data) return <Spin />;
  if (data.status !== '200' || !data.data) return <Result status="404" title="回访任务不存在" subTitle={data.message} />;
  const { visit, order, questionnaire } = data.data;
  const state = states()[visit.status];

  async function submit(outcome: 'connected' | 'unreachable') {
    let answers: Record<string, unknown> = {};
    if (outcome === 'connected') {
      try {
        answers = await form.validateFields();
      } catch {
        return;
      }
    }
    const { __remark: remark, ...rest } = outcome === 'connected' ? answers : (form.getFieldsValue() as Record<string, unknown>);
    setSaving(true);
    const res = await call<{ status: string }>('return_visit.carryOut', {
      id: visit.id,
      outcome,
      answers: outcome === 'connected' ? Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) : undefined,
      remark: (remark as string | undefined)?.trim() || undefined,
    });
    setSaving(false);
    if (res.status !== '200') {
      message.error(res.message || '服务器异常');
      return;
    }
    if (res.data?.status === 'success') message.success(res.message);
    else message.warning(res.message);
    navigate(`/returnQuestionnaireInfo?id=${visit.id}`);
  }

  function unreachable() {
    Modal.confirm({ title: '电话未接通', content: '确定记录本次回访电话未接通吗？回访将转入异常列表，可稍后重新回访。', okText: '确定', cancelText: '取消', onOk: () => submit('unreachable') });
  }

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={`回访 ${visit.code}`}
        extra={<Tag color={state?.color}>{state?.text ?? visit.status}</Tag>}
      >
        <Descriptions
          column={3}
          items={[
            { key: 'name', label: '回访对象', children: visit.contact_name },
            {
              key: 'phone',
              label: '联系电话',
              children: (
                <Space>
                  {visit.contact_phone}
                  <Button size="small" disabled={!can('returnvisit:do')} onClick={() => dial(visit.contact_phone)}>
                    拨打
                  </Button>
                </Space>
              ),
            },
            { key: 'plan', label: '计划回访时间', children: formatTime(visit.plan_at) },
            { key: 'order', label: '工单', children: order ? <Link to={`/task-detail/${order.id}`}>{`${order.code} ${order.title}`}</Link> : '-' },
            { key: 'project', label: '所属项目', children: order?.project_name ?? '-' },
            { key: 'processor', label: '处理人', children: order?.processor_name ?? '-' },
            { key: 'result', label: '处理结果', span: 2, children: order?.handle_result ?? '-' },
            { key: 'attempts', label: '已回访次数', children: visit.attempts },
          ]}
        />
      </Card>
      {visit.status !== 'pending' ? (
        <Alert type="info" showIcon message={`该回访当前为「${state?.text ?? visit.status}」，不能再次填写`} action={<Link to={`/returnQuestionnaireInfo?id=${visit.id}`}>查看回访详情</Link>} />
      ) : questionnaire ? (
        <Card title={questionnaire.name}>
          {questionnaire.description && <Alert type="info" message={questionnaire.description} style={{ marginBottom: 16 }} />}
          <Form form={form} layout="vertical" disabled={!can('returnvisit:do')}>
            {questionnaire.questions.map((q, i) => (
              <QuestionField key={q.key} q={q} no={i + 1} />
            ))}
            <Form.Item name="__remark" label="回访备注">
              <Input.TextArea rows={2} maxLength={500} placeholder="业主的原话、需要跟进的事项（选填）" />
            </Form.Item>
          </Form>
          <Space>
            <Button type="primary" loading={saving} disabled={!can('returnvisit:do')} onClick={() => submit('connected')}>
              提交回访
            </Button>
            <Button danger loading={saving} disabled={!can('returnvisit:do')} onClick={unreachable}>
              电话未接通
            </Button>
            <Typography.Text type="secondary">业主对任一题不满意时，回访会转入回访异常列表</Typography.Text>
          </Space>
        </Card>
      ) : (
        <Alert type="error" showIcon message="回访问卷不存在或已被删除" />
      )}
    </Space>
  );
}
