import QRCode from 'qrcode';
import type { SeedContext } from '../../engine/module.ts';
import type { AnyDB, Row } from '../../engine/hooks.ts';
import { DEMO_ORG, DEMO_PROJECTS, DEMO_STAFF } from '../org/public.ts';
import { readStoredFile, storeGeneratedFile } from '../files/public.ts';
import { roundSealPng } from './sealImage.ts';
import { demoPdf } from './demoPdf.ts';
import { stampPdf, type Placement } from './stamping.ts';
import type { FillField, FillValues } from './fillFields.ts';

const SEAL_CODES = ['seal:view', 'seal:add', 'seal:edit', 'seal:delete', 'seal:status', 'sealtemplate:view', 'sealtemplate:add', 'sealtemplate:edit', 'sealtemplate:delete'];
const APPLY_CODES = ['sealapply:view', 'sealapply:add', 'sealapply:edit', 'sealapply:delete', 'sealapply:submit'];

/** 法务专员 keeps the company's seals and runs the register; a project manager applies for seal use in his project. */
export const SEAL_DEMO_GRANTS: Record<string, string[]> = {
  legal: [...SEAL_CODES, ...APPLY_CODES, 'sealapply:approve', 'sealapply:stamp', 'sealapply:void', 'approval:view', 'approval:approve', 'approval:transfer'],
  project_manager: [...APPLY_CODES, 'sealapply:stamp'],
};

const DAY = 86_400_000;
const COMPANY = '悦家物业服务有限公司';

const CONTRACT_PAGES = [
  [
    '甲方（委托方）：{party}',
    '乙方（受托方）：悦家物业服务有限公司',
    '根据《中华人民共和国民法典》《物业管理条例》及相关法律法规，甲乙双方在自愿、平等、协商一致的基础上，就{subject}事宜订立本合同。',
    '第一条 服务内容：乙方按本合同约定提供秩序维护、保洁、绿化养护、共用设施设备维修养护等服务。',
    '第二条 服务期限：自合同签订之日起三年。',
  ],
  [
    '第三条 费用及支付：合同金额为人民币{amount}元，按季度支付，甲方应于每季度首月十日前付清当季费用。',
    '第四条 违约责任：任何一方违反本合同约定的，应赔偿因此给对方造成的损失。',
    '第五条 争议解决：因本合同引起的争议，双方协商解决；协商不成的，向项目所在地人民法院提起诉讼。',
    '第六条 本合同一式肆份，甲乙双方各执贰份，自双方盖章之日起生效。',
  ],
];

const fill = (pages: string[][], values: Record<string, string>) => pages.map((p) => p.map((line) => line.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '')));

/**
 * Seals with their drawn images, PDF templates with stamp positions, and four months of
 * seal-use applications across the projects: most stamped (electronic ones really stamped,
 * with their records and verification codes), some taken out and returned, a few rejected,
 * approved and waiting for the keeper, and drafts.
 */
export async function seedSeals(ctx: SeedContext): Promise<void> {
  if (!ctx.dataDir) return;
  const db = ctx.trx as AnyDB;
  const dataDir = ctx.dataDir;
  const { now } = ctx;
  const fawu = DEMO_STAFF.fawu;
  const store = (bytes: Uint8Array, name: string, ext: 'png' | 'pdf', at: number) =>
    storeGeneratedFile(db, dataDir, bytes, { name, mime: ext === 'png' ? 'image/png' : 'application/pdf', ext, staffId: fawu, at });

  const sealSpecs = [
    { name: `${COMPANY}公章`, code: 'YJ-GZ-001', seal_type: 'official', kind: '', form: 'both', org: DEMO_ORG.company, keeper: fawu, filed: '3101150012345', location: '总部法务部保险柜', status: 'enabled' },
    { name: `${COMPANY}合同专用章`, code: 'YJ-HT-001', seal_type: 'contract', kind: '合同专用章', form: 'both', org: DEMO_ORG.company, keeper: fawu, filed: '3101150012346', location: '总部法务部保险柜', status: 'enabled' },
    { name: `${COMPANY}财务专用章`, code: 'YJ-CW-001', seal_type: 'finance', kind: '财务专用章', form: 'physical', org: DEMO_ORG.company, keeper: DEMO_STAFF.admin, filed: '3101150012347', location: '财务部保险柜', status: 'enabled' },
    { name: '悦家物业翠湖天地项目部业务专用章', code: 'YJ-CH-001', seal_type: 'business', kind: '业务专用章', form: 'both', org: DEMO_PROJECTS.cuihu.id, keeper: DEMO_STAFF.xmjl, filed: '', location: '翠湖天地项目部', status: 'enabled' },
    { name: '悦家物业锦绣华庭项目部业务专用章', code: 'YJ-JX-001', seal_type: 'business', kind: '业务专用章', form: 'physical', org: DEMO_PROJECTS.jinxiu.id, keeper: fawu, filed: '', location: '锦绣华庭项目部', status: 'lost' },
    { name: `${COMPANY}发票专用章`, code: 'YJ-FP-001', seal_type: 'invoice', kind: '发票专用章', form: 'physical', org: DEMO_ORG.company, keeper: DEMO_STAFF.admin, filed: '3101150012348', location: '财务部', status: 'disabled' },
  ];
  const seals: (Row & { id: number; image: string | null })[] = [];
  for (const [i, s] of sealSpecs.entries()) {
    const at = now - (300 - i * 7) * DAY;
    const company = s.seal_type === 'business' ? s.name.replace('业务专用章', '') : COMPANY;
    const image = s.form === 'physical' ? null : (await store(roundSealPng(company, s.kind), `${s.name}.png`, 'png', at)).url;
    const row = { name: s.name, code: s.code, seal_type: s.seal_type, form: s.form, org_id: s.org, keeper_id: s.keeper, image: image ? JSON.stringify([image]) : null, storage_location: s.location, filed_no: s.filed || null, made_at: new Date(at).toISOString().slice(0, 10), status: s.status, use_count: 0, remark: null, state_at: at, created_by: DEMO_STAFF.admin, created_at: at, updated_at: at };
    const { id } = (await db.insertInto('seal').values(row).returning('id').executeTakeFirstOrThrow()) as { id: number };
    seals.push({ ...row, id, image });
  }

  const contractPdf = await demoPdf('物业服务合同', fill(CONTRACT_PAGES, { party: '某某业主委员会', subject: '物业服务', amount: '（以实际签订为准）' }), ['', COMPANY]);
  // The letter's blanks, and its fill-in fields over them (a field's box sits on its underline).
  const blanks = [{ label: '业主（房号）', y: 300 }, { label: '欠缴金额', y: 340 }, { label: '缴清期限', y: 380 }];
  const letterFields: FillField[] = [
    { name: 'owner', label: '业主（房号）', type: 'text', required: true, page: 1, x: 186, y: 300, w: 290, size: 12 },
    { name: 'arrears', label: '欠缴金额', type: 'amount', required: true, page: 1, x: 186, y: 340, w: 290, size: 12 },
    { name: 'due_date', label: '缴清期限', type: 'date', required: true, page: 1, x: 186, y: 380, w: 290, size: 12 },
  ];
  const templateSpecs: { name: string; doc_type: string; seal_type: string; pdf: Buffer; positions: Placement[]; fields?: FillField[] }[] = [
    { name: '物业服务合同（标准版）', doc_type: 'contract', seal_type: 'contract', pdf: contractPdf, positions: [{ page: 2, x: 330, y: 590, w: 120, kind: 'normal' }, { page: 1, x: 0, y: 360, w: 120, kind: 'straddle' }] },
    { name: '物业费催缴函', doc_type: 'letter', seal_type: 'official', pdf: await demoPdf('物业费催缴函', [['尊敬的业主：', '经核查，您名下房屋的物业服务费尚有欠缴（明细如下），请于下列期限前缴清。逾期未缴的，我司将依法追缴。']], ['', COMPANY], blanks), positions: [{ page: 1, x: 330, y: 590, w: 120, kind: 'normal' }], fields: letterFields },
    { name: '收款收据', doc_type: 'receipt', seal_type: 'finance', pdf: await demoPdf('收款收据', [['今收到业主交来物业服务费，特此证明。']], ['', COMPANY]), positions: [{ page: 1, x: 330, y: 600, w: 100, kind: 'normal' }] },
  ];
  const templates: { id: number; url: string; name: string; size: number; positions: Placement[]; pdf: Buffer; fields: FillField[] }[] = [];
  for (const [i, t] of templateSpecs.entries()) {
    const at = now - (200 - i * 5) * DAY;
    const file = await store(t.pdf, `${t.name}.pdf`, 'pdf', at);
    const { id } = (await db
      .insertInto('seal_template')
      .values({ name: t.name, doc_type: t.doc_type, seal_type: t.seal_type, file: JSON.stringify([{ url: file.url, name: file.name, size: file.size }]), stamp_positions: JSON.stringify(t.positions), fields: t.fields ? JSON.stringify(t.fields) : null, remark: null, enabled: 1, created_by: fawu, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow()) as { id: number };
    templates.push({ id, url: file.url, name: file.name, size: file.size, positions: t.positions, pdf: t.pdf, fields: t.fields ?? [] });
  }

  // The company-wide flow: 法务审核 by 孙立新.
  await db
    .insertInto('approval_flow')
    .values({ name: '用印审批（公司）', biz_type: 'seal_use', scope_org_id: DEMO_ORG.company, allow_withdraw: 1, steps: JSON.stringify([{ name: '法务审核', sign_type: 'single', strategy: 'staff', staff_ids: [fawu] }]), copy_to: '[]', remark: '所有用印须经法务审核', enabled: 1, created_by: DEMO_STAFF.admin, created_at: now - 200 * DAY, updated_at: now - 200 * DAY })
    .execute();

  const projects = Object.values(DEMO_PROJECTS);
  const applicants: Record<number, number> = { [DEMO_PROJECTS.cuihu.id]: DEMO_STAFF.xmjl, [DEMO_PROJECTS.jinxiu.id]: DEMO_STAFF.kefu, [DEMO_PROJECTS.binjiang.id]: DEMO_STAFF.admin, [DEMO_PROJECTS.yunqi.id]: DEMO_STAFF.admin };
  const docs = [
    { name: '{p}物业服务合同续签', type: 'contract', reason: '与业主委员会续签物业服务合同，合同已经律师审核', counterparty: '{p}业主委员会', amount: 3_860_000, template: 0 },
    { name: '{p}物业费催缴函（第{n}批）', type: 'letter', reason: '向长期欠费业主发送物业费催缴函', counterparty: '', amount: null, template: 1 },
    { name: '{p}电梯维保服务合同', type: 'contract', reason: '电梯年度维保外包合同签订', counterparty: '上海三菱电梯维保有限公司', amount: 186_000, template: 0 },
    { name: '{p}保洁外包服务合同', type: 'contract', reason: '保洁外包服务合同续签', counterparty: '洁美环境服务有限公司', amount: 420_000, template: 0 },
    { name: '{p}业主收款收据', type: 'receipt', reason: '补开物业费收款收据', counterparty: '', amount: null, template: 2 },
  ];
  const statuses = ['stamped', 'stamped', 'stamped', 'returned', 'stamped', 'rejected', 'approved', 'stamped', 'draft', 'stamped', 'stamped', 'approved', 'stamped', 'returned', 'rejected', 'draft'];
  let seq = 0;
  for (const [i, status] of statuses.entries()) {
    const project = projects[i % projects.length]!;
    const doc = docs[i % docs.length]!;
    const template = templates[doc.template]!;
    const eSign = status !== 'returned' && (i % 3 !== 2 || status === 'approved');
    const seal = eSign ? seals[doc.template === 1 ? 0 : 1]! : seals[doc.template === 2 ? 2 : 0]!;
    const at = now - (120 - i * 7) * DAY - Math.floor(ctx.rnd() * 8) * 3_600_000;
    const code = `YY${new Date(at + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '')}${String(++seq).padStart(4, '0')}`;
    const docName = doc.name.replace('{p}', project.name).replace('{n}', String(1 + Math.floor(i / 5)));
    const files = JSON.stringify([{ url: template.url, name: `${docName}.pdf`, size: template.size }]);
    const submitted = status === 'draft' ? null : at + 3_600_000;
    // A letter names the owner, the arrears and the deadline (a draft may be half filled).
    // (from the row's index, not the shared random draw, so later modules' demo data stays as it was)
    const values: FillValues | null = template.fields.length ? { owner: `${project.name}${1 + ((i * 7) % 12)}栋${1 + ((i * 5) % 18)}0${1 + (i % 4)}室`, arrears: (1200 + ((i * 37) % 60) * 85.5).toFixed(2), ...(status === 'draft' ? {} : { due_date: new Date(at + 20 * DAY).toISOString().slice(0, 10) }) } : null;
    const row: Row = {
      code, seal_id: seal.id, use_mode: eSign ? 'e_sign' : status === 'returned' ? 'take_out' : 'stamp', doc_name: docName, doc_type: doc.type, copies: doc.type === 'letter' ? 30 : 4, reason: doc.reason,
      counterparty: doc.counterparty.replace('{p}', project.name) || null, contract_amount: doc.amount, lawyer_reviewed: doc.type === 'contract' ? 1 : 0, files, template_id: template.id, field_values: values ? JSON.stringify(values) : null,
      expected_at: at + 2 * DAY, return_due_at: status === 'returned' ? at + 3 * DAY : null, status, applicant_id: status === 'draft' ? null : applicants[project.id], submitted_at: submitted,
      placements: null, scan_files: null, signed_file: null, file_hash: null, verify_code: null, stamped_by: null, stamped_at: null, returned_at: status === 'returned' ? at + 3 * DAY : null,
      project_id: project.id, state_at: at + 5 * 3_600_000, created_by: applicants[project.id], created_at: at, updated_at: at + 5 * 3_600_000,
    };
    const { id } = (await db.insertInto('seal_use_apply').values(row).returning('id').executeTakeFirstOrThrow()) as { id: number };
    const timeline = [{ action: 'submit', from: 'draft', to: 'approving', at: at + 3_600_000, who: row.applicant_id as number }];
    if (status !== 'draft') timeline.push(status === 'rejected' ? { action: 'reject', from: 'approving', to: 'rejected', at: at + 4 * 3_600_000, who: fawu } : { action: 'approve', from: 'approving', to: 'approved', at: at + 4 * 3_600_000, who: fawu });
    if (status === 'stamped' || status === 'returned') {
      const stampedAt = at + 5 * 3_600_000;
      const keeper = seal.keeper_id as number;
      if (eSign) {
        const verify = `D${String(id).padStart(3, '0')}${'ABCDEFGH'[i % 8]}${'KMNPQRST'[(i * 3) % 8]}${String(10 + i).slice(-2)}`.slice(0, 8);
        const result = await stampPdf(template.pdf, (await readStoredFile(db, dataDir, seal.image!)).bytes, template.positions, { code: verify, qrPng: await QRCode.toBuffer(`PMS-SEAL:${verify}`, { width: 160, margin: 1 }) }, values ? { fields: template.fields, values } : undefined);
        const signed = await store(result.bytes, `${docName}（已签章）.pdf`, 'pdf', stampedAt);
        await db.updateTable('seal_use_apply').set({ placements: JSON.stringify(template.positions), signed_file: JSON.stringify([{ url: signed.url, name: signed.name, size: signed.size }]), file_hash: signed.sha256, verify_code: verify, stamped_by: keeper, stamped_at: stampedAt }).where('id', '=', id).execute();
        for (const s of result.stamped) await db.insertInto('seal_record').values({ apply_id: id, seal_id: seal.id, doc_name: docName, kind: s.kind, page: s.page, x: Math.round(s.x), y: Math.round(s.y), w: Math.round(s.w), operator_id: keeper, stamped_at: stampedAt, file_hash: signed.sha256, verify_code: verify, project_id: project.id, created_by: keeper, created_at: stampedAt, updated_at: stampedAt }).execute();
        timeline.push({ action: 'esign', from: 'approved', to: 'stamped', at: stampedAt, who: keeper });
      } else {
        await db.updateTable('seal_use_apply').set({ stamped_by: keeper, stamped_at: stampedAt }).where('id', '=', id).execute();
        await db.insertInto('seal_record').values({ apply_id: id, seal_id: seal.id, doc_name: docName, kind: 'physical', operator_id: keeper, stamped_at: stampedAt, project_id: project.id, created_by: keeper, created_at: stampedAt, updated_at: stampedAt }).execute();
        timeline.push(status === 'returned' ? { action: 'takeOut', from: 'approved', to: 'taken_out', at: stampedAt, who: keeper } : { action: 'stamp', from: 'approved', to: 'stamped', at: stampedAt, who: keeper });
        if (status === 'returned') timeline.push({ action: 'giveBack', from: 'taken_out', to: 'returned', at: at + 3 * DAY, who: keeper });
      }
      await db.updateTable('seal').set((eb) => ({ use_count: eb('use_count', '+', 1) })).where('id', '=', seal.id).execute();
    }
    if (status === 'draft') continue;
    const names = new Map(((await db.selectFrom('staff').select(['id', 'name']).execute()) as { id: number; name: string }[]).map((s) => [s.id, s.name]));
    await db.insertInto('resource_timeline').values(timeline.map((t) => ({ resource: 'seal_use_apply', record_id: id, action: t.action, from_state: t.from, to_state: t.to, note: t.action === 'reject' ? '合同条款未经律师审核，请补充审核意见后重新提交' : null, staff_id: t.who, staff_name: names.get(t.who) ?? '系统', at: t.at }))).execute();
  }
}
