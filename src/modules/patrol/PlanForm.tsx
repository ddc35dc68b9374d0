import { Button, Checkbox, DatePicker, Drawer, Form, Input, InputNumber, List, Radio, Select, Space, Switch, TimePicker } from 'antd';
import { useRequest } from 'ahooks';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { get, post, succeeded, WEEKDAYS, type Option, type Page } from './api.ts';
import { RemarkItem } from './controls.tsx';
import { useProjects, useStripes, type Row } from './shared.tsx';

const MONTH_DAYS = Array.from({ length: 31 }, (_, i) => ({ label: `${i + 1} 日`, value: i + 1 }));

/** Options loaded from a call whenever its parameters are all present. */
function useOptions(load: () => Promise<Option[]>, ready: boolean, deps: unknown[]): Option[] {
  const { data } = useRequest(load, { ready, refreshDeps: deps });
  return ready ? (data ?? []) : [];
}

/** The points of a plan, in the order they are patrolled: chosen from the project's points, moved up and down. */
function PointOrder({ value = [], onChange, options }: { value?: number[]; onChange?: (ids: number[]) => void; options: Option[] }) {
  const name = (id: number) => options.find((o) => o.value === id)?.label ?? `点位 ${id}`;
  const move = (i: number, by: number) => {
    const next = [...value];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    onChange?.(next);
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Select
        mode="multiple"
        aria-label="巡查点位"
        placeholder="选择点位（按选择的先后排序）"
        value={value}
        options={options}
        optionFilterProp="label"
        onChange={(ids: number[]) => onChange?.([...value.filter((v) => ids.includes(v)), ...ids.filter((v) => !value.includes(v))])}
      />
      {value.length > 0 && (
        <List
          size="small"
          bordered
          dataSource={value}
          renderItem={(id, i) => (
            <List.Item
              actions={[
                <Button key="up" size="small" type="link" disabled={i === 0} onClick={() => move(i, -1)}>
                  上移
                </Button>,
                <Button key="down" size="small" type="link" disabled={i === value.length - 1} onClick={() => move(i, 1)}>
                  下移
                </Button>,
              ]}
            >
              {i + 1}. {name(id)}
            </List.Item>
          )}
        />
      )}
    </Space>
  );
}

/** Creates or edits a plan: its points in order, frequency, dates, daily window, line and post or staff, lead minutes. */
export function PlanForm({ planId, onClose, onSaved }: { planId: number | null; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const projects = useProjects();
  const stripes = useStripes();
  const projectId = Form.useWatch('projectId', form) as number | undefined;
  const stripeCode = Form.useWatch('stripeCode', form) as string | undefined;
  const assignType = Form.useWatch('assignType', form) as string | undefined;
  const freqType = Form.useWatch('freqType', form) as string | undefined;

  useEffect(() => {
    if (!planId) return;
    get<Row>(`/tbpPlan/${planId}`).then((res) => {
      if (!succeeded(res) || !res.data) return;
      const p = res.data;
      form.setFieldsValue({
        ...p,
        dates: [dayjs(String(p.startDate)), dayjs(String(p.endDate))],
        window: [dayjs(String(p.startTime), 'HH:mm'), dayjs(String(p.endTime), 'HH:mm')],
      });
    });
  }, [planId, form]);

  const posts = useOptions(
    async () => {
      const res = await post<{ postId: number; postName: string }[]>('/tbpStripe/queryPost', { stripeCode, projectId });
      return succeeded(res) ? (res.data ?? []).map((p) => ({ label: p.postName, value: p.postId })) : [];
    },
    Boolean(stripeCode && projectId && assignType === 'post'),
    [stripeCode, projectId, assignType],
  );
  const staff = useOptions(
    async () => {
      const res = await get<Option[]>('/ptTask/getUserListByStripe', { stripeCode, projectId });
      return succeeded(res) ? (res.data ?? []) : [];
    },
    Boolean(stripeCode && projectId && assignType === 'staff'),
    [stripeCode, projectId, assignType],
  );
  const points = useOptions(
    async () => {
      const res = await post<Page<Row>>('/newPt/listPage', { projectId, pageSize: 200 });
      return succeeded(res) ? (res.data?.records ?? []).map((p) => ({ label: `${String(p.name)}（${String(p.classifyName)}）`, value: p.id as number })) : [];
    },
    Boolean(projectId),
    [projectId],
  );

  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    const body = {
      id: planId ?? undefined,
      projectId: v.projectId,
      name: v.name,
      stripeCode: v.stripeCode,
      assignType: v.assignType,
      postId: v.assignType === 'post' ? v.postId : null,
      staffIds: v.assignType === 'staff' ? v.staffIds : [],
      freqType: v.freqType,
      freqDays: v.freqType === 'weekly' || v.freqType === 'monthly' ? v.freqDays : [],
      intervalDays: v.freqType === 'interval' ? v.intervalDays : null,
      startDate: v.dates[0].format('YYYY-MM-DD'),
      endDate: v.dates[1].format('YYYY-MM-DD'),
      startTime: v.window[0].format('HH:mm'),
      endTime: v.window[1].format('HH:mm'),
      leadMinutes: v.leadMinutes,
      ordered: Boolean(v.ordered),
      pointIds: v.pointIds,
      remark: v.remark ?? '',
    };
    const res = await post(planId ? '/tbpPlan/update' : '/tbpPlan/add', body);
    setSaving(false);
    if (succeeded(res, '')) onSaved();
  };

  return (
    <Drawer
      open
      width={720}
      title={planId ? '编辑巡查计划' : '新增巡查计划'}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving} onClick={save}>
            保存
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" initialValues={{ assignType: 'post', freqType: 'daily', leadMinutes: 30, ordered: false, staffIds: [], freqDays: [], pointIds: [] }}>
        <Form.Item name="projectId" label="所属项目" rules={[{ required: true, message: '请选择所属项目' }]}>
          <Select options={projects} disabled={Boolean(planId)} placeholder="请选择项目" onChange={() => form.setFieldsValue({ postId: undefined, staffIds: [], pointIds: [] })} />
        </Form.Item>
        <Form.Item
          name="name"
          label="计划名称"
          validateDebounce={400}
          rules={[
            { required: true, whitespace: true, message: '请填写计划名称' },
            { max: 50 },
            {
              validator: async (_, value: string) => {
                if (!value?.trim()) return;
                const res = await get<{ available: boolean }>('/tbpPlan/verifyPlanName', { planName: value.trim(), planId: planId ?? undefined });
                if (res.status === '200' && res.data && !res.data.available) throw new Error(res.message);
              },
            },
          ]}
        >
          <Input placeholder="如：1栋消防设施日巡" />
        </Form.Item>
        <Form.Item name="stripeCode" label="业务线" rules={[{ required: true, message: '请选择业务线' }]}>
          <Select options={stripes} placeholder="请选择业务线" onChange={() => form.setFieldsValue({ postId: undefined, staffIds: [] })} />
        </Form.Item>
        <Form.Item name="assignType" label="执行方式">
          <Radio.Group options={[{ label: '按岗位', value: 'post' }, { label: '指定人员', value: 'staff' }]} />
        </Form.Item>
        {assignType === 'post' ? (
          <Form.Item name="postId" label="执行岗位" extra="该岗位的任何人都可以执行，先打卡者为执行人" rules={[{ required: true, message: '请选择执行岗位' }]}>
            <Select options={posts} placeholder={stripeCode && projectId ? '请选择岗位' : '请先选择项目和业务线'} />
          </Form.Item>
        ) : (
          <Form.Item name="staffIds" label="执行人员" extra="每人每天一个任务" rules={[{ required: true, type: 'array', min: 1, message: '请选择执行人员' }]}>
            <Select mode="multiple" options={staff} optionFilterProp="label" placeholder={stripeCode && projectId ? '请选择人员' : '请先选择项目和业务线'} />
          </Form.Item>
        )}
        <Form.Item name="freqType" label="巡查频次">
          <Radio.Group options={[{ label: '每天', value: 'daily' }, { label: '每周', value: 'weekly' }, { label: '每月', value: 'monthly' }, { label: '间隔天数', value: 'interval' }]} />
        </Form.Item>
        {freqType === 'weekly' && (
          <Form.Item name="freqDays" label="每周巡查日" rules={[{ required: true, type: 'array', min: 1, message: '请选择每周巡查的日期' }]}>
            <Checkbox.Group options={WEEKDAYS} />
          </Form.Item>
        )}
        {freqType === 'monthly' && (
          <Form.Item name="freqDays" label="每月巡查日" rules={[{ required: true, type: 'array', min: 1, message: '请选择每月巡查的日期' }]}>
            <Select mode="multiple" options={MONTH_DAYS} placeholder="如：1 日、15 日" />
          </Form.Item>
        )}
        {freqType === 'interval' && (
          <Form.Item name="intervalDays" label="间隔天数" extra="从开始日期起，每隔 N 天巡查一次" rules={[{ required: true, message: '请填写间隔天数' }]}>
            <InputNumber min={2} max={365} addonAfter="天" />
          </Form.Item>
        )}
        <Space size="large" wrap>
          <Form.Item name="dates" label="计划日期" rules={[{ required: true, message: '请选择计划日期' }]}>
            <DatePicker.RangePicker />
          </Form.Item>
          <Form.Item
            name="window"
            label="巡查时段"
            rules={[
              { required: true, message: '请选择巡查时段' },
              { validator: async (_, w?: dayjs.Dayjs[]) => { if (w && w[0] && w[1] && !w[1].isAfter(w[0])) throw new Error('巡查时段的结束时间应晚于开始时间'); } },
            ]}
          >
            <TimePicker.RangePicker format="HH:mm" order={false} />
          </Form.Item>
          <Form.Item name="leadMinutes" label="提前生成任务" rules={[{ required: true, message: '请填写提前生成的分钟数' }]}>
            <InputNumber min={0} max={1440} addonAfter="分钟" />
          </Form.Item>
        </Space>
        <Form.Item name="ordered" label="按顺序巡查" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="pointIds" label="巡查点位" rules={[{ required: true, type: 'array', min: 1, message: '请选择巡查点位' }]}>
          <PointOrder options={points} />
        </Form.Item>
        <RemarkItem />
      </Form>
    </Drawer>
  );
}
