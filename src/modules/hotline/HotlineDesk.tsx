import { Alert, Button, Card, Col, Descriptions, Empty, Input, List, Radio, Result, Row, Space, Tag, Typography, message } from 'antd';
import { useRequest } from 'ahooks';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { call } from '../../engine/data.ts';
import { usePage } from '../../engine/pageIndex.ts';
import { FormBody } from '../../engine/FormBody.tsx';
import type { FormPage } from '../../shared/schemaTypes.ts';
import type { MenuGroup } from '../../engine/permissions.tsx';
import { usePermission } from '../../engine/permissions.tsx';
import { getStaffId } from '../../core/session.ts';
import { CallerHistory } from './CallerHistory.tsx';
import { dial, seatLogin } from './callState.ts';

/** The form of a 400 order as declared once (schemas/hotline/pages/addTask400.json). */
const ORDER_FORM = '/addTask400';
const PHONE = /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8})$/;
/** The hotline's quick links: the menus of the screens an operator goes on to. */
const QUICK_GROUPS = ['/home_task', '/returnVisit', '/business-manager'];

interface Caller {
  id: number;
  name: string;
  kindText: string;
  project_id: number;
  project_name: string;
  house_id: number | null;
  house_label: string;
  orderCount: number;
  openCount: number;
}

interface ActiveCall {
  id: number;
  phone: string;
  direction: 'in' | 'out';
  callers: Caller[];
}

/** One customer the number belongs to: who, where, and their orders. */
function CallerLine({ c }: { c: Caller }) {
  return (
    <>
      <Typography.Text strong>{c.name}</Typography.Text>
      {`（${c.kindText}） ${c.project_name} ${c.house_label}`}
      <Typography.Text type="secondary">{` · 工单 ${c.orderCount} 单，未完成 ${c.openCount} 单`}</Typography.Text>
    </>
  );
}

/** The seat bar: call state of the signed-in seat, or plainly that no telephony provider is set up. */
function SeatBar() {
  const navigate = useNavigate();
  const seat = useRequest(seatLogin);
  // Spec 9: the hotline's menu request uses type 2.
  const menus = useRequest(() => call<MenuGroup[]>('hotline.menuList', { userId: getStaffId(), type: 2 }));
  const state = seat.data?.state;
  const links = (menus.data?.data ?? []).filter((g) => QUICK_GROUPS.includes(g.groupPrefix)).flatMap((g) => g.items.filter((i) => i.show));
  return (
    <Card size="small" loading={seat.loading}>
      {state ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Descriptions
            size="small"
            column={5}
            items={[
              { key: 'agent', label: '坐席号', children: state.agentNum },
              { key: 'job', label: '工号', children: state.jobNumber },
              { key: 'account', label: '账号', children: state.account },
              { key: 'phone', label: '登录手机', children: state.loginPhone.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2') },
              { key: 'status', label: '坐席状态', children: state.configured ? <Tag color="success">已登录电话服务商</Tag> : <Tag>仅记录通话</Tag> },
            ]}
          />
          {!state.configured && <Alert type="warning" showIcon message={seat.data!.notice} />}
        </Space>
      ) : (
        <Alert type="error" showIcon message="坐席未登录" description="没有可用的 400 坐席时仍可记录来电并建单，但不能外呼。" />
      )}
      {links.length > 0 && (
        <Space wrap style={{ marginTop: 8 }}>
          <Typography.Text type="secondary">快捷入口：</Typography.Text>
          {links.map((l) => (
            <Typography.Link key={l.menuId} onClick={() => navigate(l.menuRouter)}>
              {l.menuName}
            </Typography.Link>
          ))}
        </Space>
      )}
    </Card>
  );
}

/**
 * The 400 hotline desk (/add400Task, /addTask400): the operator answers a call (or dials out),
 * finds the caller by their number among the customers, sees their orders and calls, creates
 * the order while still on the phone, and ends the call with a summary. Every call is in the
 * call history; an order created during a call is linked to it.
 */
export default function HotlineDesk() {
  const orderForm = usePage(ORDER_FORM) as FormPage;
  const can = usePermission();
  const [query] = useSearchParams();
  const [phone, setPhone] = useState(query.get('phone') ?? '');
  const [active, setActive] = useState<ActiveCall | null>(null);
  const [callerId, setCallerId] = useState<number | null>(null);
  const [created, setCreated] = useState<{ id: number; code: string } | null>(null);
  const [summary, setSummary] = useState('');
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);
  /** A number looked up outside a call: who it belongs to, and no call record. */
  const [lookedUp, setLookedUp] = useState<{ phone: string; callers: Caller[] } | null>(null);
  const caller = active?.callers.find((c) => c.id === callerId) ?? null;

  function check(number: string): boolean {
    if (PHONE.test(number.trim())) return true;
    message.error('请输入 11 位手机号或带区号的固定电话');
    return false;
  }

  function begin(next: ActiveCall) {
    setLookedUp(null);
    setActive(next);
    setCallerId(next.callers.length === 1 ? next.callers[0]!.id : null);
    setCreated(null);
    setSummary('');
    setVersion((v) => v + 1);
  }

  /** Looks a number up (Enter does this): the customers and history it has, without recording a call. */
  async function lookUp() {
    if (!check(phone)) return;
    setBusy(true);
    const found = await call<Caller[]>('hotline_call.ownerInfo', { phone: phone.trim() });
    setBusy(false);
    if (found.status !== '200') {
      message.error(found.message || '服务器异常');
      return;
    }
    setLookedUp({ phone: phone.trim(), callers: found.data ?? [] });
  }

  async function receive() {
    if (!check(phone)) return;
    setBusy(true);
    const res = await call<{ callId: number; callers: Caller[] }>('hotline_call.receive', { phone: phone.trim() });
    setBusy(false);
    if (res.status !== '200' || !res.data) {
      message.error(res.message || '服务器异常');
      return;
    }
    // A number no customer has is news, not a success: no green tick for it.
    if (res.data.callers.length) message.success(res.message);
    else message.info(res.message);
    begin({ id: res.data.callId, phone: phone.trim(), direction: 'in', callers: res.data.callers });
  }

  async function dialOut() {
    if (!check(phone)) return;
    setBusy(true);
    const dialled = await dial(phone.trim());
    if (!dialled) {
      setBusy(false);
      return;
    }
    const found = await call<Caller[]>('hotline_call.ownerInfo', { phone: phone.trim() });
    setBusy(false);
    begin({ id: dialled.callId, phone: phone.trim(), direction: 'out', callers: found.data ?? [] });
  }

  async function finish() {
    if (!active) return;
    const res = await call('hotline_call.finish', { id: active.id, summary: summary.trim() || undefined });
    if (res.status !== '200') {
      message.error(res.message || '服务器异常');
      return;
    }
    message.success(res.message);
    setActive(null);
    setCallerId(null);
    setCreated(null);
    setVersion((v) => v + 1);
  }

  async function orderSaved(saved: unknown) {
    const id = (saved as { id?: number } | undefined)?.id;
    if (!id) return;
    const detail = await call<{ code: string }>('work_order.detail', { id });
    setCreated({ id, code: detail.data?.code ?? `#${id}` });
    if (active) {
      const linked = await call('hotline_call.link', { id: active.id, workOrderId: id });
      if (linked.status !== '200') message.error(linked.message || '服务器异常');
    }
    setVersion((v) => v + 1);
  }

  const initialValues = useMemo(
    () => ({
      source: '400',
      contact_phone: active?.phone,
      ...(caller ? { project_id: caller.project_id, house_id: caller.house_id ?? undefined, customer_id: caller.id, contact_name: caller.name } : {}),
    }),
    [active, caller],
  );

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <SeatBar />
      <Row gutter={16}>
        <Col xs={24} xl={10}>
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <Card size="small" title={active ? <Space>{active.direction === 'in' ? '来电' : '外呼'}<Tag color="processing">通话中</Tag></Space> : '来电号码'}>
              <Space.Compact style={{ width: '100%' }}>
                <Input aria-label="来电号码" placeholder="手机号或带区号的固定电话" value={phone} onChange={(e) => setPhone(e.target.value)} onPressEnter={lookUp} disabled={Boolean(active)} allowClear />
                <Button loading={busy} disabled={Boolean(active) || !can('hotline:call')} onClick={lookUp}>
                  查询
                </Button>
                <Button type="primary" loading={busy} disabled={Boolean(active) || !can('hotline:call')} onClick={receive}>
                  接听来电
                </Button>
                <Button loading={busy} disabled={Boolean(active) || !can('hotline:call')} onClick={dialOut}>
                  外呼
                </Button>
              </Space.Compact>
              {active && (
                <Space direction="vertical" style={{ width: '100%', marginTop: 12 }}>
                  {active.callers.length ? (
                    <Radio.Group value={callerId} onChange={(e) => setCallerId(e.target.value as number)} style={{ width: '100%' }}>
                      <List
                        size="small"
                        bordered
                        dataSource={active.callers}
                        renderItem={(c) => (
                          <List.Item key={c.id}>
                            <Radio value={c.id}>
                              <CallerLine c={c} />
                            </Radio>
                          </List.Item>
                        )}
                      />
                    </Radio.Group>
                  ) : (
                    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未找到该号码的客户，可直接建单并填写联系人" />
                  )}
                  <Input.TextArea aria-label="通话小结" rows={2} maxLength={500} placeholder="通话小结（选填）" value={summary} onChange={(e) => setSummary(e.target.value)} />
                  <Button danger onClick={finish}>
                    结束通话
                  </Button>
                </Space>
              )}
            </Card>
            {!active && lookedUp && (
              <Card size="small" title={`号码 ${lookedUp.phone} 的客户`}>
                {lookedUp.callers.length ? (
                  <List size="small" bordered dataSource={lookedUp.callers} renderItem={(c) => <List.Item key={c.id}><CallerLine c={c} /></List.Item>} />
                ) : (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未找到该号码的客户" />
                )}
              </Card>
            )}
            {(active ?? lookedUp) && <CallerHistory phone={(active ?? lookedUp)!.phone} customerId={active ? callerId : null} version={version} />}
          </Space>
        </Col>
        <Col xs={24} xl={14}>
          <Card size="small" title="通话中建单">
            {created ? (
              <Result
                status="success"
                title={`工单 ${created.code} 已创建`}
                subTitle={active ? '已关联到本次通话，调度员会收到派单提醒' : '调度员会收到派单提醒'}
                extra={[
                  <Link key="detail" to={`/task-detail/${created.id}`}>
                    查看工单
                  </Link>,
                  <Button key="again" onClick={() => setCreated(null)}>
                    继续建单
                  </Button>,
                ]}
              />
            ) : (
              <FormBody key={`${active?.id ?? 'none'}-${callerId ?? 'none'}-${version}`} page={orderForm} initialValues={initialValues} onSaved={orderSaved} onCancel={() => setVersion((v) => v + 1)} />
            )}
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
