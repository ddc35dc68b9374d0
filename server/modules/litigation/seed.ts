import type { SeedContext } from '../../engine/module.ts';
import type { AnyDB, Row } from '../../engine/hooks.ts';
import { DEMO_PROJECTS, DEMO_STAFF } from '../org/public.ts';

/** 法务专员 runs the cases and letters; the project manager follows his project's cases and letters. */
export const LITIGATION_DEMO_GRANTS: Record<string, string[]> = {
  legal: ['case:view', 'case:add', 'case:edit', 'case:delete', 'case:stage', 'case:proceed', 'case:export', 'letter:view', 'letter:add', 'letter:edit', 'letter:delete', 'letter:handle'],
  project_manager: ['case:view', 'letter:view'],
};

const DAY = 86_400_000;
const day = (at: number) => new Date(at + 8 * 3_600_000).toISOString().slice(0, 10);
const FIRMS = [['上海衡信律师事务所', '周律师'], ['上海锦天城律师事务所', '陈律师'], ['广东广和律师事务所', '黄律师']] as const;
const COURTS: Record<number, string> = { [DEMO_PROJECTS.cuihu.id]: '上海市浦东新区人民法院', [DEMO_PROJECTS.jinxiu.id]: '上海市闵行区人民法院', [DEMO_PROJECTS.binjiang.id]: '深圳市南山区人民法院', [DEMO_PROJECTS.yunqi.id]: '深圳市福田区人民法院' };
const OWNERS = ['张建华', '李秀英', '王志强', '刘丽娟', '陈国庆', '杨雪梅', '赵德明', '黄晓燕', '周海涛', '吴桂兰', '徐振国', '孙丽萍'];
/** Stages in order, with the event that opens each. */
const PATH: [string, string][] = [['letter', 'filing'], ['filing', 'accepted'], ['first', 'hearing'], ['second', 'appeal'], ['execution', 'execution_apply'], ['closed', 'judgment']];

/**
 * Lawyer letters to owners in arrears (most delivered and paid or in instalments, some turned
 * into cases), fee cases against owners at every stage with their proceedings, and cases
 * against the company (an injury in a car park, a contractor's claim, a labour dispute),
 * over the last eight months across the four projects.
 */
export async function seedLitigation(ctx: SeedContext): Promise<void> {
  const db = ctx.trx as AnyDB;
  const { now, rnd } = ctx;
  const projects = Object.values(DEMO_PROJECTS);
  const houses = (await db.selectFrom('house').select(['id', 'project_id']).orderBy('id').execute()) as { id: number; project_id: number }[];
  const houseIn = (project: number, n: number) => houses.filter((h) => h.project_id === project)[n % Math.max(1, houses.filter((h) => h.project_id === project).length)]?.id ?? null;
  const owner = DEMO_STAFF.fawu;
  let caseSeq = 0;
  const insertCase = async (row: Row, at: number) =>
    ((await db.insertInto('legal_case').values({ ...row, code: `SS${day(at).replaceAll('-', '')}${String(++caseSeq).padStart(3, '0')}`, owner_staff_id: owner, state_at: at, created_by: owner, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow()) as { id: number }).id;
  const proceed = (caseId: number, project: number, stage: string, event: string, at: number, extra: Row = {}) =>
    db.insertInto('case_proceeding').values({ case_id: caseId, stage, event, event_date: day(at), court: COURTS[project], judge: null, amount: null, next_date: null, documents: null, note: null, project_id: project, created_by: owner, created_at: at, updated_at: at, ...extra }).execute();

  // Fee cases against owners, at each stage.
  for (let i = 0; i < 10; i++) {
    const project = projects[i % projects.length]!.id;
    const [firm, lawyer] = FIRMS[i % FIRMS.length]!;
    const reached = PATH[Math.min(i % PATH.length, PATH.length - 1)]!;
    const stageIndex = PATH.indexOf(reached);
    const opened = now - (240 - i * 14) * DAY;
    const arrears = Math.round((6000 + rnd() * 24000) * 100) / 100;
    const closed = reached[0] === 'closed';
    const id = await insertCase({
      direction: 'plaintiff', case_type: 'fee', cause: `业主${OWNERS[i]}自 2023 年起拖欠物业服务费，经多次催缴及律师函催告仍未缴纳`, house_id: houseIn(project, i), counterparty: OWNERS[i], counterparty_phone: `139${String(10_000_000 + Math.floor(rnd() * 89_999_999))}`,
      arrears_amount: arrears, arrears_period: '2023-01 ~ 2025-12', claim_amount: Math.round(arrears * 1.08 * 100) / 100, law_firm: firm, lawyer, court: stageIndex >= 1 ? COURTS[project] : null,
      case_no: stageIndex >= 1 ? `(2026)${project <= 5 ? '沪' : '粤'}0${115 + i}民初${3000 + i * 17}号` : null, filed_at: stageIndex >= 1 ? day(opened + 20 * DAY) : null,
      next_date: closed ? null : day(now + (5 + i * 3) * DAY), litigation_costs: stageIndex >= 1 ? Math.round(arrears * 0.025) + 50 : null, lawyer_fee: 3000, other_costs: stageIndex >= 2 ? 260 : null,
      judgment_amount: stageIndex >= 4 ? Math.round(arrears * 1.05 * 100) / 100 : null, recovered_amount: closed ? arrears : stageIndex >= 4 ? Math.round(arrears * 0.4 * 100) / 100 : null,
      close_type: closed ? 'judgment' : null, result: closed ? 'won' : null, risk_level: null, estimated_loss: null, documents: null, stage: reached[0], project_id: project,
    }, opened);
    for (let s = 0; s <= stageIndex; s++) {
      const [stage, event] = PATH[s]!;
      await proceed(id, project, stage, event, opened + s * 30 * DAY, { note: { filing: '提交起诉状、物业服务合同、欠费明细及催缴记录', accepted: '法院受理立案', hearing: '第一次开庭，被告未到庭', appeal: '被告不服一审判决提起上诉', execution_apply: '判决生效后被告未履行，申请强制执行', judgment: '判决被告支付欠缴物业费及违约金' }[event] ?? null, next_date: s === stageIndex && !closed ? day(now + (5 + i * 3) * DAY) : null, amount: event === 'judgment' || event === 'execution_apply' ? arrears : null });
    }
  }

  // Cases against the company.
  const sued: Row[] = [
    { case_type: 'injury', counterparty: '马建军', cause: '业主在地下车库因地面积水滑倒受伤，起诉物业公司未尽安全保障义务', claim_amount: 86000, risk_level: 'high', estimated_loss: 30000, stage: 'first' },
    { case_type: 'contract', counterparty: '上海恒达机电工程有限公司', cause: '电梯改造工程款结算纠纷，对方主张尾款及逾期付款利息', claim_amount: 238000, risk_level: 'medium', estimated_loss: 60000, stage: 'filing' },
    { case_type: 'labor', counterparty: '韩志刚', cause: '原保安员主张未休年休假工资及经济补偿金', claim_amount: 42000, risk_level: 'low', estimated_loss: 8000, stage: 'closed', close_type: 'mediation', result: 'settled', recovered_amount: 0 },
    { case_type: 'property', counterparty: '冯晓东', cause: '高空坠物砸损车辆，车主起诉物业公司赔偿维修费', claim_amount: 18600, risk_level: 'medium', estimated_loss: 9000, stage: 'mediation' },
  ];
  for (const [i, s] of sued.entries()) {
    const project = projects[(i + 1) % projects.length]!.id;
    const [firm, lawyer] = FIRMS[(i + 1) % FIRMS.length]!;
    const opened = now - (150 - i * 25) * DAY;
    const id = await insertCase({
      direction: 'defendant', house_id: null, counterparty_phone: null, arrears_amount: null, arrears_period: null, law_firm: firm, lawyer, court: s.stage === 'mediation' ? null : COURTS[project],
      case_no: s.stage === 'mediation' ? null : `(2026)${project <= 5 ? '沪' : '粤'}0${120 + i}民初${5200 + i * 31}号`, filed_at: s.stage === 'mediation' ? null : day(opened + 10 * DAY), next_date: s.stage === 'closed' ? null : day(now + (10 + i * 6) * DAY),
      litigation_costs: null, lawyer_fee: 5000, other_costs: null, judgment_amount: null, recovered_amount: null, close_type: null, result: null, documents: null, project_id: project, ...s,
    }, opened);
    await proceed(id, project, s.stage === 'mediation' ? 'mediation' : 'filing', s.stage === 'mediation' ? 'mediation' : 'accepted', opened + 10 * DAY, { note: '收到法院传票及起诉状副本' });
    if (s.stage === 'first') await proceed(id, project, 'first', 'hearing', opened + 45 * DAY, { note: '首次开庭，双方质证', next_date: day(now + 10 * DAY) });
    if (s.stage === 'closed') await proceed(id, project, 'closed', 'settlement', opened + 40 * DAY, { note: '双方达成调解协议，支付 12000 元', amount: 12000 });
  }

  // Lawyer letters: the first step with owners in arrears.
  const results: [string, string | null][] = [['closed', 'paid'], ['closed', 'plan'], ['delivered', null], ['closed', 'partial'], ['sent', null], ['to_case', null], ['closed', 'paid'], ['draft', null], ['closed', 'no_response'], ['delivered', null], ['closed', 'paid'], ['sent', null]];
  const firstCases = (await db.selectFrom('legal_case').select(['id', 'counterparty']).where('direction', '=', 'plaintiff').orderBy('id').execute()) as { id: number; counterparty: string }[];
  for (const [i, [status, result]] of results.entries()) {
    const project = projects[i % projects.length]!.id;
    const [firm, lawyer] = FIRMS[i % FIRMS.length]!;
    const issued = now - (200 - i * 15) * DAY;
    const arrears = Math.round((3000 + rnd() * 15000) * 100) / 100;
    const sent = status !== 'draft';
    const delivered = ['delivered', 'closed', 'to_case'].includes(status);
    await db
      .insertInto('lawyer_letter')
      .values({
        letter_no: `${firm.slice(2, 4)}律函〔2026〕第${100 + i}号`, case_id: status === 'to_case' ? (firstCases[0]?.id ?? null) : null, house_id: houseIn(project, i + 3), owner_name: status === 'to_case' ? (firstCases[0]?.counterparty ?? OWNERS[i]) : OWNERS[(i + 5) % OWNERS.length],
        arrears_amount: arrears, law_firm: firm, lawyer, issued_at: day(issued), send_way: sent ? (['ems', 'courier', 'hand', 'sms'] as const)[i % 4] : null, tracking_no: sent && i % 4 < 2 ? `EMS11${String(80_000_000 + i * 7919)}` : null,
        sent_at: sent ? day(issued + DAY) : null, delivered_at: delivered ? day(issued + 4 * DAY) : null, deadline: day(issued + 19 * DAY), result, paid_amount: result === 'paid' ? arrears : result === 'partial' || result === 'plan' ? Math.round(arrears * 0.4 * 100) / 100 : null,
        fee: 500, file: null, status, project_id: project, state_at: issued + 5 * DAY, created_by: owner, created_at: issued, updated_at: issued + 5 * DAY,
      })
      .execute();
  }
}
