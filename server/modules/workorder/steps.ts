import { ApiError, badRequest, conflict } from '../../platform/http/envelope.ts';
import type { AnyDB, HookContext, Row } from '../../engine/hooks.ts';
import type { StaffContext } from '../../platform/types.ts';
import { named, notifyOrder, NOTICE, type OrderRef } from './notify.ts';
import { isProcessorAt, postMembers, staffWithButton } from '../org/public.ts';
import { intakeDeadlines, receiveOrder } from './intakeRules.ts';
import { nextCode } from './intake.ts';

/** Stored files only: the file service's paths of uploaded photos. */
const PHOTO = /^\/files\/[A-Za-z0-9/_-]+\.[a-z0-9]{2,5}$/;

/** Photos of a step: a list of at most 9 uploaded files. */
function checkPhotos(value: unknown, title: string): void {
  if (value === null || value === undefined) return;
  if (!Array.isArray(value) || value.length > 9 || value.some((u) => typeof u !== 'string' || !PHOTO.test(u))) throw badRequest(`${title}应为已上传的图片，最多 9 张`);
}

/** Materials used: at most 50 rows of a name, a positive quantity and a price that is not negative. */
function checkMaterials(value: unknown): void {
  if (value === null || value === undefined) return;
  if (!Array.isArray(value) || value.length > 50) throw badRequest('使用材料最多填写 50 项');
  for (const [i, m] of value.entries()) {
    const row = (m ?? {}) as Row;
    const name = typeof row.name === 'string' ? row.name.trim() : '';
    if (!name || name.length > 50) throw badRequest(`第 ${i + 1} 项材料请填写名称（不超过 50 个字）`);
    if (typeof row.quantity !== 'number' || !(row.quantity > 0) || row.quantity > 100_000) throw badRequest(`材料「${name}」的数量应大于 0`);
    if (row.price !== undefined && row.price !== null && (typeof row.price !== 'number' || row.price < 0 || row.price > 1_000_000)) throw badRequest(`材料「${name}」的单价不能为负数`);
    if (Object.keys(row).some((k) => !['name', 'quantity', 'price'].includes(k))) throw badRequest(`材料「${name}」含有不允许的字段`);
  }
}

const parse = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};

type Step = HookContext & { id: number; action: string; from: string; to: string; note: string | null; record: Row };

const isSystem = (staff: StaffContext) => staff.id === 0;

/** The people of the order's project who may do something with it next. */
const holders = (trx: AnyDB, order: Row, code: string) => staffWithButton(trx, Number(order.project_id), [code]);

/**
 * What each move of the lifecycle (schemas/workorder/resources/work_order.json) does besides the state:
 * the checks the JSON cannot say (the processor works at the project, the seizer holds the
 * pool's post), the derived columns (SLA limits, who dispatched), and the notice to whoever the
 * move gives work. Runs inside the move's transaction: a refusal here undoes the move.
 */
export async function afterStep(step: Step): Promise<void> {
  const { trx, staff, app, id, action, from, note } = step;
  const order = (await trx.selectFrom('work_order').selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as Row;
  const ref = order as unknown as OrderRef;
  const now = Date.now();
  const set = (values: Row) => trx.updateTable('work_order').set(values).where('id', '=', id).execute();
  const tell = (to: (number | null | undefined)[], category: '1' | '2', type: string, content: string) => notifyOrder(app, trx, ref, to, { category, type, content });
  const ids = (people: { id: number }[]) => people.map((p) => p.id);
  const reason = note ? `，说明：${note}` : '';

  if (action.startsWith('urge_')) return urge(step, order, ref);

  switch (action) {
    case 'submit': {
      await receiveOrder(app, trx, order, now);
      return;
    }
    case 'giveOut': {
      const processor = Number(order.processor_id);
      if (!(await isProcessorAt(trx, Number(order.project_id), processor))) throw badRequest('所选处理人不在该工单的项目，或没有处理工单的权限');
      await set({ dispatcher_id: staff.id || null, post_id: null });
      const when = order.reserve_at ? `，预约 ${String(order.reserve_at)} 上门` : '';
      await tell([processor], '1', NOTICE.handle, `${named(ref)}已派给您${when}，请在 30 分钟内接单（${String(order.address ?? '')}）`);
      return;
    }
    case 'giveOutPost': {
      const post = (await trx.selectFrom('post').select(['name', 'org_id', 'enabled']).where('id', '=', order.post_id).executeTakeFirst()) as Row | undefined;
      if (!post || Number(post.org_id) !== Number(order.project_id) || !post.enabled) throw badRequest('所选岗位不属于该工单的项目或已停用');
      const seizers = await postMembers(trx, Number(order.post_id), ['workorder:seize']);
      if (!seizers.length) throw badRequest(`岗位「${String(post.name)}」没有可以抢单的人员，请选择其他岗位或直接派单`);
      await set({ dispatcher_id: staff.id || null, processor_id: null });
      await tell(ids(seizers), '1', NOTICE.rob, `抢单池有新${named(ref)}（${String(order.address ?? '')}），先到先得`);
      if (from === 'dispatched') await formerProcessor(step, ref);
      return;
    }
    case 'recall': {
      await set({ processor_id: null, post_id: null });
      if (isSystem(staff)) {
        const waited = from === 'dispatched' ? '无人接单' : '无人抢单';
        await tell(ids(await holders(trx, order, 'workorder:giveOut')), '1', NOTICE.expire, `${named(ref)}超时${waited}，已退回待派单，请重新派单`);
        if (from === 'dispatched') await tell([Number(step.record.processor_id)], '2', NOTICE.expire, `${named(ref)}接单超时，已由系统收回`);
      } else if (from === 'dispatched') {
        await formerProcessor(step, ref);
      }
      return;
    }
    case 'seize': {
      const post = (await trx.selectFrom('post').select('name').where('id', '=', order.post_id).executeTakeFirst()) as Row | undefined;
      const member = await trx.selectFrom('staff_post').select('staff_id').where('staff_id', '=', staff.id).where('post_id', '=', order.post_id).executeTakeFirst();
      if (!member) throw new ApiError(403, `只有「${String(post?.name ?? '抢单岗位')}」岗位的人员可以抢这张工单`);
      await responded(trx, order, now);
      await tell([Number(order.dispatcher_id)], '2', NOTICE.progress, `${named(ref)}已被 ${staff.name} 抢单`);
      return;
    }
    case 'accept':
      await responded(trx, order, now);
      return;
    case 'transfer': {
      const to = Number(order.processor_id);
      if (to === staff.id) throw badRequest('不能把工单转给自己');
      if (!(await isProcessorAt(trx, Number(order.project_id), to))) throw badRequest('所选处理人不在该工单的项目，或没有处理工单的权限');
      await tell([to], '1', NOTICE.back, `${staff.name} 把${named(ref)}转给了您${reason}，请在 30 分钟内接单`);
      return;
    }
    case 'reserve':
      await tell([Number(order.created_by)], '2', NOTICE.progress, `${named(ref)}的预约时间已改为 ${String(order.reserve_at)}${reason}，请告知业主`);
      return;
    case 'handle': {
      checkPhotos(parse(order.handle_photos), '处理照片');
      checkMaterials(parse(order.materials));
      if (order.finish_due_at && now > Number(order.finish_due_at)) await set({ sla_state: 'overdue' });
      else if (order.sla_state === 'warning') await set({ sla_state: 'normal' });
      const confirmers = await holders(trx, order, 'workorder:confirm');
      const creator = confirmers.find((p) => p.id === order.created_by);
      await tell(creator ? [creator.id] : ids(confirmers), '1', NOTICE.handle, `${named(ref)}已由 ${staff.name} 处理完成，请回访业主并确认`);
      return;
    }
    case 'hangUp':
      await tell(ids(await holders(trx, order, 'hangup:approve')), '1', NOTICE.handle, `${staff.name} 申请挂起${named(ref)}，原因：${String(order.hang_reason)}，请审批`);
      return;
    case 'hangUpAgree':
      await tell([Number(order.processor_id)], '2', NOTICE.progress, `${named(ref)}的挂起申请已通过${reason}`);
      return;
    case 'hangUpReject':
    case 'improperReject':
      await tell([Number(order.processor_id)], '1', NOTICE.back, `${named(ref)}的${action === 'hangUpReject' ? '挂起' : '异常关闭'}申请被驳回${reason}，请继续处理`);
      return;
    case 'resume': {
      // The finish clock stood still while the order was suspended.
      const paused = order.suspended_at ? now - Number(order.suspended_at) : 0;
      await set({ suspended_at: null, ...(order.finish_due_at ? { finish_due_at: Number(order.finish_due_at) + paused } : {}) });
      return;
    }
    case 'improper':
      await tell(ids(await holders(trx, order, 'improper:approve')), '1', NOTICE.handle, `${staff.name} 申请异常关闭${named(ref)}，原因：${String(order.improper_reason)}，请审批`);
      return;
    case 'improperAgree':
      await tell([Number(order.processor_id), Number(order.created_by)], '2', NOTICE.progress, `${named(ref)}已异常关闭${reason}`);
      return;
    case 'confirm':
      await tell([Number(order.processor_id)], '2', NOTICE.progress, `${named(ref)}已确认完成，辛苦了`);
      return;
    case 'reject':
      await set({ handled_at: null });
      await tell([Number(order.processor_id)], '1', NOTICE.back, `${named(ref)}被驳回${reason}，请重新处理`);
      return;
    case 'evaluate':
      await set({ closed_at: now });
      await tell([Number(order.processor_id)], '2', NOTICE.comment, `业主对${named(ref)}评价 ${String(order.evaluation_score)} 星${order.evaluation_content ? `：${String(order.evaluation_content)}` : ''}`);
      return;
    case 'addEvaluate': {
      if (order.evaluation_score === null || order.evaluation_score === undefined) throw conflict('该工单尚未评价，不能追加评价');
      const earlier = await trx.selectFrom('resource_timeline').select('id').where('resource', '=', 'work_order').where('record_id', '=', id).where('action', '=', 'addEvaluate').execute();
      if (earlier.length > 1) throw conflict('该工单已追加过评价，每张工单只能追加一次');
      await tell([Number(order.processor_id)], '2', NOTICE.comment, `业主对${named(ref)}追加评价：${String(order.add_evaluation)}`);
      return;
    }
    case 'close':
      return;
    case 'restart': {
      await set({ ...(await intakeDeadlines(app, trx, order, now)), sla_state: 'normal', accepted_at: null, handled_at: null, finished_at: null, closed_at: null, given_at: now });
      await tell([Number(order.processor_id)], '1', NOTICE.back, `${named(ref)}已重启${reason}，请在 30 分钟内接单`);
      return;
    }
    case 'regenerate':
    case 'regenerateImproper':
      await regenerate(step, order);
      return;
  }
}

/** The processor an order was taken from hears of it (the step's record is the order before the move). */
async function formerProcessor(step: Step, ref: OrderRef): Promise<void> {
  await notifyOrder(step.app, step.trx, ref, [Number(step.record.processor_id)], { category: '2', type: NOTICE.progress, content: `${named(ref)}已由调度收回，您无需再处理` });
}

/** The response limit is met (or missed, which the order's flag keeps). */
async function responded(trx: AnyDB, order: Row, now: number): Promise<void> {
  const late = order.response_due_at && now > Number(order.response_due_at);
  const flag = late || order.sla_state === 'overdue' ? 'overdue' : 'normal';
  if (flag !== order.sla_state) await trx.updateTable('work_order').set({ sla_state: flag }).where('id', '=', order.id).execute();
}

/** Urging: counted, and pushed to whoever the order waits for in its state. */
async function urge(step: Step, order: Row, ref: OrderRef): Promise<void> {
  const { trx, app, staff, note } = step;
  const count = Number(order.urge_count ?? 0) + 1;
  await trx.updateTable('work_order').set({ urge_count: count, urged_at: Date.now() }).where('id', '=', order.id).execute();
  const text = `${staff.name} 第 ${count} 次催办${named(ref)}${note ? `：${note}` : ''}`;
  if (order.status === 'pending') {
    await notifyOrder(app, trx, ref, (await holders(trx, order, 'workorder:giveOut')).map((p) => p.id), { category: '1', type: NOTICE.handle, content: `${text}，请尽快派单` });
  } else if (order.status === 'pool') {
    await notifyOrder(app, trx, ref, (await postMembers(trx, Number(order.post_id), ['workorder:seize'])).map((p) => p.id), { category: '1', type: NOTICE.rob, content: `${text}，请尽快抢单` });
  } else {
    await notifyOrder(app, trx, ref, [Number(order.processor_id)], { category: '1', type: NOTICE.back, content: `${text}，请尽快处理` });
  }
}

/** A new pending order from an old one (same customer, place and problem), linked to it. */
async function regenerate(step: Step, order: Row): Promise<void> {
  const { trx, app, staff } = step;
  const now = Date.now();
  const copied = ['project_id', 'kind', 'service_type_id', 'title', 'content', 'source', 'priority', 'house_id', 'building_id', 'address', 'customer_id', 'contact_name', 'contact_phone', 'photos'];
  const values: Row = Object.fromEntries(copied.map((k) => [k, order[k] ?? null]));
  const code = await nextCode(trx, now);
  const inserted = (await trx
    .insertInto('work_order')
    .values({ ...values, code, status: 'pending', state_at: now, source_order_id: order.id, created_by: staff.id || null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()) as { id: number };
  await trx
    .insertInto('resource_timeline')
    .values({ resource: 'work_order', record_id: inserted.id, action: 'create', from_state: null, to_state: 'pending', note: `由工单 ${String(order.code)} 重新生成`, staff_id: staff.id || null, staff_name: staff.name, at: now })
    .execute();
  // The old order's step names the new one, so its timeline leads there.
  const last = (await trx.selectFrom('resource_timeline').select(['id', 'note']).where('resource', '=', 'work_order').where('record_id', '=', order.id).orderBy('id', 'desc').executeTakeFirstOrThrow()) as Row;
  await trx.updateTable('resource_timeline').set({ note: [last.note, `已生成新工单 ${code}`].filter(Boolean).join('；') }).where('id', '=', last.id).execute();
  await receiveOrder(app, trx, { ...order, ...values, id: inserted.id, code, status: 'pending' }, now, `由工单 ${String(order.code)} 重新生成`);
}
