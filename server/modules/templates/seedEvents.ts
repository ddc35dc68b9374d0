import type { SeedContext } from '../../engine/module.ts';
import type { AnyDB } from '../../engine/hooks.ts';
import { currentFormVersion } from '../../engine/runtimeForms.ts';
import { DEMO_PROJECTS, DEMO_STAFF } from '../org/public.ts';
import { intakeWorkOrder } from '../workorder/public.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** What staff found on their rounds: [template (0 equipment, 1 safety), title, place, description, level, answers]. */
const FINDINGS: [number, string, string, string, string, Record<string, string>][] = [
  [0, '2 号电梯轿厢异响', '2 栋 2 号电梯', '电梯运行至 12 层附近有明显摩擦异响，业主反映乘坐不适。', 'important', { q1: '电梯', q2: '是', q3: '已张贴暂停使用告示，通知维保单位' }],
  [0, '地下车库积水', 'B1 车库 C 区', '昨夜降雨后 C 区排水沟排水不畅，积水约 5 厘米。', 'normal', { q1: '给排水', q2: '是', q3: '已摆放警示牌' }],
  [0, '单元门禁无法刷卡', '5 栋 1 单元大门', '门禁读卡器无反应，业主只能按门铃进出。', 'important', { q1: '门禁道闸', q2: '是', q3: '安排秩序员临时值守开门' }],
  [0, '楼道声控灯不亮', '3 栋 2 单元 6-9 层', '6 至 9 层楼道声控灯全部不亮，夜间照明不足。', 'normal', { q1: '公共照明', q2: '是' }],
  [0, '二次供水泵房渗水', '水泵房', '2 号加压泵机械密封处渗水，地面有积水。', 'urgent', { q1: '给排水', q2: '否', q3: '已关闭 2 号泵，切换至 1 号泵运行' }],
  [0, '配电箱门锁损坏', '8 栋地下一层配电间', '配电箱门锁脱落，箱门无法关闭。', 'important', { q1: '供配电', q2: '否', q3: '已用扎带临时固定并贴警示' }],
  [0, '消火栓箱玻璃破损', '1 栋 15 层消防前室', '消火栓箱玻璃碎裂，存在划伤风险。', 'normal', { q1: '消防设施', q2: '否' }],
  [1, '消防通道被占用', '6 栋北侧消防通道', '两辆私家车长时间停放在消防通道内，已联系车主未果。', 'urgent', { q1: '消防通道堵塞', q2: '否', q3: '已拍照并通知秩序部' }],
  [1, '高层阳台花盆摆放外沿', '9 栋 18 层阳台', '业主阳台外沿摆放多个花盆，大风天存在坠落风险。', 'important', { q1: '高空坠物风险', q2: '否', q3: '已电话告知业主，待上门确认' }],
  [1, '园区路灯线路裸露', '南门景观带', '路灯基座接线盒盖板缺失，电线裸露。', 'urgent', { q1: '漏电触电风险', q2: '是', q3: '已断电并围挡' }],
  [1, '陌生人员多次尝试尾随进门', '2 栋大堂', '一名陌生男子多次尾随业主进入单元门，询问后离开。', 'important', { q1: '可疑人员', q2: '是', q3: '已调取监控并通报秩序岗' }],
  [1, '装修垃圾堆放楼道', '4 栋 1 单元 11 层', '装修户将建筑垃圾堆放在楼道，影响通行和消防疏散。', 'normal', { q1: '消防通道堵塞', q2: '否' }],
];

/**
 * Events of the past six weeks in every project, reported by its staff from the app or
 * registered at the desk: most handled, a few closed, the latest still open, and some recent
 * ones converted into work orders through the work-order intake.
 */
export async function seedEvents(ctx: SeedContext): Promise<void> {
  const db = ctx.trx as AnyDB;
  const { now } = ctx;
  const templates = ((await db.selectFrom('work_template').select('id').where('kind', '=', 'event').orderBy('id').execute()) as { id: number }[]).map((t) => t.id);
  const versions = await Promise.all(templates.map(async (id) => (await currentFormVersion(db, 'work_template', id, 'form'))!.version));
  const names = new Map(((await db.selectFrom('staff').select(['id', 'name']).execute()) as { id: number; name: string }[]).map((s) => [s.id, s.name]));
  const seq = new Map<string, number>();
  for (const project of Object.values(DEMO_PROJECTS)) {
    const staff = ((await db.selectFrom('staff').select('id').where('org_id', '=', project.id).orderBy('id').execute()) as { id: number }[]).map((s) => s.id);
    const cuihu = project.id === DEMO_PROJECTS.cuihu.id;
    const reporters = cuihu ? [DEMO_STAFF.xuncha, DEMO_STAFF.weixiu, DEMO_STAFF.kefu] : staff.slice(0, 3);
    const handler = cuihu ? DEMO_STAFF.diaodu : staff[0]!;
    const count = cuihu ? FINDINGS.length : 6;
    for (let i = 0; i < count; i++) {
      const [t, title, location, description, level, answers] = cuihu ? FINDINGS[i]! : ctx.pick(FINDINGS);
      // Spread over six weeks, the newest (today, or lately) last; office hours, never ahead of now.
      const midnight = new Date(now - Math.round(((count - 1 - i) / count) * 42 * DAY));
      midnight.setHours(0, 0, 0, 0);
      const at = Math.min(midnight.getTime() + Math.floor((8 + ctx.rnd() * 9) * HOUR), now - HOUR);
      const d = new Date(at);
      const day = `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
      const n = (seq.get(day) ?? 0) + 1;
      seq.set(day, n);
      const reporter = ctx.pick(reporters);
      const app = ctx.rnd() < 0.75;
      const age = now - at;
      const status = age < 2 * DAY ? ctx.pick(['reported', 'handling']) : age < 6 * DAY && level !== 'normal' ? 'converted' : ctx.rnd() < 0.12 ? 'closed' : 'done';
      const handledAt = status === 'reported' ? null : at + Math.floor((0.5 + ctx.rnd() * 6) * HOUR);
      const row = (await db
        .insertInto('work_event')
        .values({
          project_id: project.id, code: `EV${day}${String(n).padStart(4, '0')}`, template_id: templates[t]!, title, level, location, description,
          photos: JSON.stringify([]), answers: app ? JSON.stringify(answers) : null, form_version: app ? versions[t]! : null, channel: app ? 'app' : 'console',
          reporter_id: reporter, reported_at: at, status, state_at: handledAt ?? at,
          handler_id: status === 'reported' ? null : handler, handled_at: status === 'done' ? handledAt : null,
          handle_result: status === 'done' ? ctx.pick(['已现场处理完毕，复查正常', '已通知维保单位处理，恢复正常', '已联系责任人整改完成', '已清理完毕并告知业主']) : null,
          created_by: reporter, created_at: at, updated_at: handledAt ?? at,
        })
        .returning('id')
        .executeTakeFirstOrThrow()) as { id: number };
      const code = `EV${day}${String(n).padStart(4, '0')}`;
      const steps: [string, string | null, string, string | null, number][] = [['create', null, 'reported', app ? '员工 App 上报' : null, at]];
      if (status !== 'reported') steps.push(['handle', 'reported', 'handling', null, handledAt! - HOUR / 2]);
      if (status === 'done') steps.push(['finish', 'handling', 'done', null, handledAt!]);
      if (status === 'closed') steps.push(['close', 'handling', 'closed', '经核实为业主自行处理，无需跟进', handledAt!]);
      if (status === 'converted') {
        const order = await intakeWorkOrder(null, db, { id: handler, name: names.get(handler) ?? '调度员' } as never, {
          project_id: project.id, kind: 'repair', title, content: `${description}（事件 ${code}）`, source: 'staff',
          priority: level === 'urgent' ? 'urgent' : 'high', address: location, origin: `由事件 ${code} 转入`, at: handledAt!,
        });
        await db.updateTable('work_event').set({ work_order_id: order.id, work_order_code: order.code }).where('id', '=', row.id).execute();
        steps.push(['convert', 'handling', 'converted', null, handledAt!]);
      }
      for (const [action, from, to, note, when] of steps) {
        const who = action === 'create' ? reporter : handler;
        await db.insertInto('resource_timeline').values({ resource: 'work_event', record_id: row.id, action, from_state: from, to_state: to, note, staff_id: who, staff_name: names.get(who) ?? '', at: when }).execute();
      }
    }
  }
}
