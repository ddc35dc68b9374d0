import { randomInt } from 'node:crypto';
import QRCode from 'qrcode';
import { ApiError, badRequest, conflict } from '../../../platform/http/envelope.ts';
import type { AnyDB, HookContext, ResourceHooks, Row } from '../../../engine/hooks.ts';
import { readStoredFile, storeGeneratedFile } from '../../files/public.ts';
import { stampPdf, type Placement } from '../stamping.ts';
import { fillProblem, type FillField, type FillValues } from '../fillFields.ts';
import { verifyRoutes } from '../verify.ts';
import { nextSequenceCode } from '../../../engine/codes.ts';

const json = <T>(value: unknown, fallback: T): T => {
  if (typeof value !== 'string') return (value as T) ?? fallback;
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
};

interface SealRow {
  id: number;
  name: string;
  status: string;
  form: string;
  keeper_id: number;
  image: string | null;
}

interface TemplateRow {
  fields: FillField[];
  file: { url: string; name: string }[];
}

const templateOf = async (q: AnyDB, id: unknown): Promise<TemplateRow | null> => {
  if (id === null || id === undefined) return null;
  const row = (await q.selectFrom('seal_template').select(['fields', 'file']).where('id', '=', id).executeTakeFirst()) as Row | undefined;
  return row ? { fields: json<FillField[]>(row.fields, []), file: json<{ url: string; name: string }[]>(row.file, []) } : null;
};

/** The application's answers checked against its template's fill-in fields (all required ones when `complete`). */
async function checkFill(q: AnyDB, record: Row, complete: boolean): Promise<void> {
  const values = json<FillValues>(record.field_values, {});
  const template = await templateOf(q, record.template_id);
  if (!template) {
    if (Object.keys(values).length) throw badRequest('未选择用印模板，不能填写模板内容');
    return;
  }
  const problem = fillProblem(template.fields, values, complete);
  if (problem) throw badRequest(problem);
}

const sealOf = async (q: AnyDB, id: unknown) => (await q.selectFrom('seal').selectAll().where('id', '=', id).executeTakeFirst()) as SealRow | undefined;

/** 验真码: eight characters people can read aloud (no 0/O, 1/I). */
const VERIFY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const verifyCode = () => Array.from({ length: 8 }, () => VERIFY_ALPHABET[randomInt(VERIFY_ALPHABET.length)]).join('');

/** Only the seal's keeper stamps, takes it out or takes it back (design notes 13: actorField on the seal). */
async function keeperOnly(ctx: HookContext, seal: SealRow, label: string) {
  if (seal.keeper_id === ctx.staff.id) return;
  const keeper = (await ctx.trx.selectFrom('staff').select('name').where('id', '=', seal.keeper_id).executeTakeFirst()) as { name: string } | undefined;
  throw new ApiError(403, `只有印章「${seal.name}」的保管人${keeper ? `「${keeper.name}」` : ''}可以${label}`);
}

/** The electronic stamp: the application's PDF stamped at the placements, stored, hashed and recorded. */
async function eSign(ctx: HookContext, id: number, record: Row, seal: SealRow) {
  if (record.use_mode !== 'e_sign') throw conflict('该申请不是电子签章，请登记现场盖章');
  const sealImage = json<string[]>(seal.image, [])[0];
  if (!sealImage) throw conflict(`印章「${seal.name}」没有电子章图片，不能电子签章`);
  const placements = json<Placement[]>(record.placements, []);
  if (!placements.length) throw badRequest('请至少放置一个印章');
  // A template with fill-in fields is the document itself: its PDF is filled in and stamped.
  const template = await templateOf(ctx.trx, record.template_id);
  const filled = template?.fields.length ? template : null;
  const original = filled ? { ...filled.file[0]!, name: `${String(record.doc_name)}.pdf` } : json<{ url: string; name: string }[]>(record.files, []).find((f) => f.url.endsWith('.pdf'));
  if (!original) throw conflict('用印文件中没有 PDF，不能电子签章');
  const dataDir = ctx.app.config.filesDir;
  const [pdf, png] = [await readStoredFile(ctx.trx, dataDir, original.url), await readStoredFile(ctx.trx, dataDir, sealImage)];
  const code = verifyCode();
  const qrPng = await QRCode.toBuffer(`PMS-SEAL:${code}`, { errorCorrectionLevel: 'M', width: 160, margin: 1 });
  let result;
  try {
    result = await stampPdf(pdf.bytes, png.bytes, placements, { code, qrPng }, filled ? { fields: filled.fields, values: json<FillValues>(record.field_values, {}) } : undefined);
  } catch (error) {
    if (error instanceof RangeError) throw badRequest(error.message);
    throw badRequest('PDF 文件无法读取或已加密，不能电子签章');
  }
  const now = Date.now();
  const signed = await storeGeneratedFile(ctx.trx, dataDir, result.bytes, { name: original.name.replace(/\.pdf$/i, '') + '（已签章）.pdf', mime: 'application/pdf', ext: 'pdf', staffId: ctx.staff.id, at: now });
  await ctx.trx
    .updateTable('seal_use_apply')
    .set({ signed_file: JSON.stringify([{ url: signed.url, name: signed.name, size: signed.size }]), file_hash: signed.sha256, verify_code: code })
    .where('id', '=', id)
    .execute();
  const base = { apply_id: id, seal_id: seal.id, doc_name: record.doc_name, operator_id: ctx.staff.id, stamped_at: now, file_hash: signed.sha256, verify_code: code, project_id: record.project_id, created_by: ctx.staff.id, created_at: now, updated_at: now };
  await ctx.trx.insertInto('seal_record').values(result.stamped.map((s) => ({ ...base, kind: s.kind, page: s.page, x: Math.round(s.x), y: Math.round(s.y), w: Math.round(s.w) }))).execute();
}

/**
 * 用印申请: a code on creation; only an enabled seal, and for 电子签章 an electronic one and a
 * PDF; the keeper alone stamps (electronically through /seal/pdf, or registering a physical
 * stamp), takes out and takes back; every stamping is recorded and counted on the seal.
 */
export const sealUseApplyHooks: ResourceHooks = {
  async beforeSave({ trx, values, current }) {
    const merged: Row = { ...(current ?? {}), ...values };
    const seal = await sealOf(trx, merged.seal_id);
    if (!seal) throw badRequest('印章不存在或已被删除');
    if ('seal_id' in values && seal.status !== 'enabled') throw badRequest(`印章「${seal.name}」当前不可用（${{ disabled: '已停用', lost: '已挂失', cancelled: '已注销' }[seal.status] ?? seal.status}），不能申请用印`);
    if (merged.use_mode === 'e_sign') {
      if (seal.form === 'physical') throw badRequest(`印章「${seal.name}」是实体章，不能电子签章`);
      if (!json<{ url: string }[]>(merged.files, []).some((f) => f.url.endsWith('.pdf'))) throw badRequest('电子签章的用印文件须包含 PDF');
    }
    if (merged.use_mode === 'take_out' && !merged.return_due_at) throw badRequest('外带印章请填写预计归还时间');
    if ('field_values' in values || 'template_id' in values) await checkFill(trx, merged, false);
    if (!current) {
      const day = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');
      values.code = await nextSequenceCode(trx, 'seal_use_apply', `YY${day}`, 4);
    }
  },
  async afterTransition(ctx) {
    const { id, action, record } = ctx;
    // Submitted or signed, an electronic application answers every required field of its template.
    if ((action === 'submit' && record.use_mode === 'e_sign') || action === 'esign') await checkFill(ctx.trx, record, true);
    if (!['esign', 'stamp', 'takeOut', 'giveBack'].includes(action)) return;
    const seal = await sealOf(ctx.trx, record.seal_id);
    if (!seal) throw conflict('印章不存在或已被删除');
    await keeperOnly(ctx, seal, { esign: '电子签章', stamp: '盖章', takeOut: '办理外带', giveBack: '登记归还' }[action]!);
    if (action === 'giveBack') return;
    if (seal.status !== 'enabled') throw conflict(`印章「${seal.name}」当前不可用，不能用印`);
    if (action === 'esign') await eSign(ctx, id, record, seal);
    else {
      const now = Date.now();
      await ctx.trx.insertInto('seal_record').values({ apply_id: id, seal_id: seal.id, doc_name: record.doc_name, kind: 'physical', operator_id: ctx.staff.id, stamped_at: now, project_id: record.project_id, created_by: ctx.staff.id, created_at: now, updated_at: now }).execute();
    }
    await ctx.trx.updateTable('seal').set((eb) => ({ use_count: eb('use_count', '+', 1) })).where('id', '=', seal.id).execute();
  },
  routes: verifyRoutes,
};
