import fs from 'node:fs';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { asAttachment } from '../../platform/http/attachment.ts';
import { badRequest, notFound, ok } from '../../platform/http/envelope.ts';
import { sendExcel } from '../../platform/http/excel.ts';
import type { DB } from '../../platform/db/index.ts';
import { EXPORT_LIMIT, assertProject, formatTime, idProp, offsetOf, pageOf, pageProps, scopeOf, type PageQuery, type PatrolScope, datedFileName, countRows } from './common.ts';
import { pointsWithNames, visiblePoints } from './pointQuery.ts';
import { CODES } from './permissions.ts';
import { contains } from '../../platform/db/textSearch.ts';

/**
 * A point's QR code carries `PT1:<point code>:<signature>`, the signature an HMAC of the code
 * under a key generated once per database: the mobile app sends what it scanned, and a record
 * is accepted only with a code the service itself printed (spec 7.2, issue 8).
 */
const PREFIX = 'PT1';
let cachedKey: { db: DB; key: Buffer } | null = null;

async function qrKey(db: DB): Promise<Buffer> {
  if (cachedKey?.db === db) return cachedKey.key;
  await db.insertInto('tbp_secret').values({ name: 'qr', value: randomBytes(32).toString('base64') }).onConflict((oc) => oc.column('name').doNothing()).execute();
  const row = await db.selectFrom('tbp_secret').select('value').where('name', '=', 'qr').executeTakeFirstOrThrow();
  cachedKey = { db, key: Buffer.from(row.value, 'base64') };
  return cachedKey.key;
}

const signatureOf = (key: Buffer, code: string) => createHmac('sha256', key).update(`${PREFIX}:${code}`).digest('base64url').slice(0, 22);

/** The text of a point's QR code. */
export async function qrContent(db: DB, code: string): Promise<string> {
  return `${PREFIX}:${code}:${signatureOf(await qrKey(db), code)}`;
}

/** The point code of a scanned QR text whose signature is the service's own; null otherwise. */
export async function verifyQrContent(db: DB, content: string): Promise<string | null> {
  const match = /^PT1:([A-Za-z0-9_-]{1,40}):([A-Za-z0-9_-]{22})$/.exec(content.trim());
  if (!match) return null;
  const expected = Buffer.from(signatureOf(await qrKey(db), match[1]!));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? match[1]! : null;
}

export const qrPng = (content: string, width = 480) => QRCode.toBuffer(content, { errorCorrectionLevel: 'M', width, margin: 2 });

/** A CJK font for the labels' names; Debian's fonts-noto-cjk (installed with chromium by .ci/run). */
const FONT_CANDIDATES: [string, string | undefined][] = [
  ['/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', 'NotoSansCJKsc-Regular'],
  ['/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc', 'NotoSerifCJKsc-Regular'],
  ['/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', 'WenQuanYiMicroHei'],
  ['/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf', undefined],
];
let font: { data: Buffer; family: string | undefined } | null | undefined;

function cjkFont() {
  if (font !== undefined) return font;
  const found = FONT_CANDIDATES.find(([file]) => fs.existsSync(file));
  font = found ? { data: fs.readFileSync(found[0]), family: found[1] } : null;
  return font;
}

export interface LabelPoint {
  code: string;
  name: string;
  location: string;
  projectName: string;
  classifyName: string;
}

/** Printable labels, six to an A4 page: the QR code with the point's project, name, place and code. */
export async function labelsPdf(db: DB, points: LabelPoint[], title: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 0, info: { Title: title, Creator: 'PMS 巡查管理' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  const f = cjkFont();
  // Without a CJK font the labels still carry the QR code and the point code (ASCII).
  if (f) doc.registerFont('cjk', f.data, f.family);
  const text = (value: string) => (f ? value : value.replace(/[^\x20-\x7e]/g, ''));
  const [cols, rows, cellW, cellH, left, top] = [2, 3, 260, 250, 37.5, 46];
  for (const [i, p] of points.entries()) {
    const slot = i % (cols * rows);
    if (i > 0 && slot === 0) doc.addPage();
    const x = left + (slot % cols) * cellW;
    const y = top + Math.floor(slot / cols) * cellH;
    doc.lineWidth(0.5).dash(3, { space: 3 }).rect(x + 4, y + 4, cellW - 8, cellH - 8).stroke('#999999').undash();
    if (f) doc.font('cjk');
    doc.fillColor('#000000').fontSize(10).text(text(`${p.projectName} · ${p.classifyName}`), x + 14, y + 14, { width: cellW - 28, align: 'center', lineBreak: false, ellipsis: true });
    const png = await qrPng(await qrContent(db, p.code));
    doc.image(png, x + (cellW - 150) / 2, y + 32, { width: 150, height: 150 });
    doc.fontSize(12).text(text(p.name), x + 14, y + 188, { width: cellW - 28, align: 'center', lineBreak: false, ellipsis: true });
    doc.fontSize(9).fillColor('#555555').text(text(`${p.code}  ${p.location}`), x + 14, y + 208, { width: cellW - 28, align: 'center', lineBreak: false, ellipsis: true });
  }
  if (!points.length) doc.fontSize(12).text('No points', 40, 40);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

export function sendPdf(reply: FastifyReply, fileName: string, pdf: Buffer) {
  return asAttachment(reply, 'application/pdf', fileName).send(pdf);
}

/** Points as labels, in the given order, after checking the caller may see every one. */
export async function labelPoints(db: DB, scope: PatrolScope, ids: number[]): Promise<LabelPoint[]> {
  if (!ids.length) return [];
  const rows = await pointsWithNames(db)
    .select(['p.id', 'p.code', 'p.name', 'p.location', 'p.project_id', 'org.name as projectName', 'c.name as classifyName'])
    .where('p.id', 'in', ids)
    .where('p.deleted_at', 'is', null)
    .execute();
  if (rows.length !== ids.length) throw notFound('巡查点位不存在或已被删除');
  for (const r of rows) assertProject(scope, r.project_id);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)!);
}

/** Counts every print, so the QR screen shows which labels went out and when. */
export async function markPrinted(db: DB, ids: number[]) {
  if (!ids.length) return;
  await db.transaction().execute((trx) =>
    trx
      .updateTable('tbp_point')
      .set((eb) => ({ qr_print_count: eb('qr_print_count', '+', 1), qr_printed_at: Date.now() }))
      .where('id', 'in', ids)
      .execute(),
  );
}

interface QrFilter extends PageQuery {
  projectId?: number;
  classifyId?: number;
  keyword?: string;
  printed?: boolean;
}

const filterProps = { projectId: idProp, classifyId: idProp, keyword: { type: 'string', maxLength: 50 }, printed: { type: 'boolean' } };

/** QR code calls of spec 7.2: the list of point codes, one code, the Excel list and the PDF labels. */
export default async function qrRoutes(app: FastifyInstance) {
  const db = app.db;

  async function filtered(f: QrFilter, scope: PatrolScope) {
    let q = await visiblePoints(db, scope, f);
    if (f.keyword?.trim()) q = q.where((eb) => eb.or([contains('p.name', f.keyword!.trim()), contains('p.code', f.keyword!.trim())]));
    if (f.printed === true) q = q.where('p.qr_print_count', '>', 0);
    if (f.printed === false) q = q.where('p.qr_print_count', '=', 0);
    return q.select(['p.id', 'p.code', 'p.name', 'p.location', 'p.project_id as projectId', 'org.name as projectName', 'c.name as classifyName', 'p.qr_print_count as printCount', 'p.qr_printed_at as printedAt']);
  }

  app.post('/qr/queryQRcodeList', { config: { btnCode: CODES.qrView }, schema: { body: { type: 'object', additionalProperties: false, properties: { ...pageProps, ...filterProps } } } }, async (request) => {
    const f = (request.body ?? {}) as QrFilter;
    const q = await filtered(f, await scopeOf(db, request.staff!));
    const total = await countRows(q);
    const rows = await q.orderBy('p.project_id').orderBy('p.code').limit(f.pageSize ?? 10).offset(offsetOf(f)).execute();
    const records = await Promise.all(rows.map(async (r) => ({ ...r, content: await qrContent(db, r.code) })));
    return ok(pageOf(records, total, f));
  });

  app.get(
    '/qr/queryQrCodeByCode',
    { config: { btnCode: CODES.qrView }, schema: { querystring: { type: 'object', required: ['code'], additionalProperties: false, properties: { code: { type: 'string', minLength: 1, maxLength: 40 } } } } },
    async (request) => {
      const { code } = request.query as { code: string };
      const scope = await scopeOf(db, request.staff!);
      const row = await (await filtered({}, scope)).where('p.code', '=', code.trim()).executeTakeFirst();
      if (!row) throw notFound(`没有编码为「${code}」的巡查点位`);
      const content = await qrContent(db, row.code);
      const image = `data:image/png;base64,${(await qrPng(content, 320)).toString('base64')}`;
      return ok({ ...row, content, image });
    },
  );

  app.post('/qr/exportQRcodeList', { config: { btnCode: CODES.qrExport }, schema: { body: { type: 'object', additionalProperties: false, properties: filterProps } } }, async (request, reply) => {
    const f = (request.body ?? {}) as QrFilter;
    const rows = await (await filtered(f, await scopeOf(db, request.staff!))).orderBy('p.project_id').orderBy('p.code').limit(EXPORT_LIMIT).execute();
    const out = await Promise.all(rows.map(async (r) => ({ ...r, content: await qrContent(db, r.code), printedAt: formatTime(r.printedAt) })));
    return sendExcel(
      reply,
      datedFileName('巡查二维码', 'xlsx'),
      [
        { header: '点位编码', key: 'code' },
        { header: '点位名称', key: 'name', width: 24 },
        { header: '所属项目', key: 'projectName' },
        { header: '点位分类', key: 'classifyName' },
        { header: '位置', key: 'location', width: 24 },
        { header: '二维码内容', key: 'content', width: 44 },
        { header: '打印次数', key: 'printCount' },
        { header: '最近打印', key: 'printedAt', width: 20 },
      ],
      out,
    );
  });

  /** type point: num is a point id; plan: the plan's points in order; project: every point of the project. */
  app.get(
    '/qr/exportQrCodePDF/:type/:num',
    {
      config: { btnCode: CODES.qrPrint },
      schema: { params: { type: 'object', required: ['type', 'num'], properties: { type: { type: 'string', enum: ['point', 'plan', 'project'] }, num: idProp } } },
    },
    async (request, reply) => {
      const { type, num } = request.params as { type: 'point' | 'plan' | 'project'; num: number };
      const scope = await scopeOf(db, request.staff!);
      let ids: number[];
      let title: string;
      if (type === 'point') {
        ids = [num];
        title = '巡查点位二维码';
      } else if (type === 'plan') {
        const plan = await db.selectFrom('tbp_plan').select(['name', 'project_id']).where('id', '=', num).executeTakeFirst();
        if (!plan) throw notFound('巡查计划不存在或已被删除');
        assertProject(scope, plan.project_id);
        const rows = await db
          .selectFrom('tbp_plan_point')
          .innerJoin('tbp_point', 'tbp_point.id', 'tbp_plan_point.point_id')
          .select('tbp_point.id')
          .where('tbp_plan_point.plan_id', '=', num)
          .where('tbp_point.deleted_at', 'is', null)
          .orderBy('tbp_plan_point.sort')
          .execute();
        ids = rows.map((r) => r.id);
        title = `${plan.name}_二维码`;
      } else {
        assertProject(scope, num);
        const project = await db.selectFrom('org').select('name').where('id', '=', num).where('type', '=', 'project').executeTakeFirst();
        if (!project) throw notFound('项目不存在');
        const rows = await db.selectFrom('tbp_point').select('id').where('project_id', '=', num).where('deleted_at', 'is', null).orderBy('code').execute();
        ids = rows.map((r) => r.id);
        title = `${project.name}_巡查点位二维码`;
      }
      if (!ids.length) throw badRequest('没有可打印的巡查点位');
      const points = await labelPoints(db, scope, ids);
      const pdf = await labelsPdf(db, points, title);
      await markPrinted(db, ids);
      return sendPdf(reply, `${title}.pdf`, pdf);
    },
  );
}
