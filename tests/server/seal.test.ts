import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { PDFDocument } from 'pdf-lib';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { Api } from '../support/api.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/demo.ts';
import { demoPdf } from '../../server/modules/seal/demoPdf.ts';
import { storeFile } from '../support/storedFiles.ts';

/**
 * Electronic seals (/seal, design notes 13): the register, seal-use applications through the
 * approvals engine, and real stamping with pdf-lib, checked by rendering the stamped PDF with
 * poppler's pdftoppm and by the verification code and SHA-256.
 */
const server = setUpServer();
const [fawu, xmjl, kefu] = setUpApis(server, 'fawu', 'xmjl', 'kefu');
const S = '/api/seal';

const fetchBytes = async (url: string) => Buffer.from(await (await fetch(`${server.url}${url}`)).arrayBuffer());
const sealNamed = async (name: string) => ((await fawu.post(`${S}/seal/list`, { pageSize: 50 })).body.data.records as Record<string, any>[]).find((s) => s.name === name)!;
const apply = async (id: number) => (await fawu.get(`${S}/apply/detail`, { id })).body.data as Record<string, any>;

type Box = { x: number; y: number; w: number; h: number };
const RED: Colour = (r, g, b) => r > 150 && g < 110 && b < 110;
/** Near-black: the filled-in text. */
const INK: Colour = (r, g, b) => r < 110 && g < 110 && b < 110;

/** Red pixels (the seal's colour) in a box of a page rendered at 72 dpi, where one pixel is one PDF point. */
const redShare = (pdf: Buffer, page: number, box: Box) => share(rendered(pdf, page), box, RED);
const pixelShare = (pdf: Buffer, page: number, box: Box, colour: Colour) => share(rendered(pdf, page), box, colour);
type Colour = (r: number, g: number, b: number) => boolean;

/** A page rendered by poppler's pdftoppm at 72 dpi. */
function rendered(pdf: Buffer, page: number): PNG {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pms-seal-'));
  try {
    fs.writeFileSync(path.join(dir, 'in.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', '72', '-f', String(page), '-l', String(page), '-png', '-singlefile', path.join(dir, 'in.pdf'), path.join(dir, 'out')]);
    return PNG.sync.read(fs.readFileSync(path.join(dir, 'out.png')));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The share of a box's pixels of a colour. */
function share(png: PNG, box: Box, colour: Colour): number {
  let hits = 0;
  for (let y = box.y; y < box.y + box.h; y++) {
    for (let x = box.x; x < box.x + box.w; x++) {
      const i = (y * png.width + x) * 4;
      if (colour(png.data[i]!, png.data[i + 1]!, png.data[i + 2]!)) hits++;
    }
  }
  return hits / (box.w * box.h);
}

async function approvedApplication(seal: string, doc: string, extra: Record<string, unknown> = {}): Promise<number> {
  const pdf = await storeFile(xmjl, `${doc}.pdf`, await demoPdf(doc, [['第一页：合同正文。'], ['第二页：签署页。']], ['翠湖天地业主委员会', '悦家物业服务有限公司']), 'application/pdf');
  const added = await xmjl.post(`${S}/apply/add`, { project_id: DEMO_PROJECTS.cuihu.id, seal_id: (await sealNamed(seal)).id, use_mode: 'e_sign', doc_name: doc, doc_type: 'contract', copies: 2, reason: '续签物业服务合同', files: [pdf], ...extra });
  expect(added.body.message).toBe('新增成功');
  const id = added.body.data.id as number;
  expect((await xmjl.post(`${S}/apply/transition`, { id, action: 'submit' })).body.data.state).toBe('approving');
  // The company's flow sends it to 法务 孙立新, who finds it in 用印审批.
  const tasks = (await fawu.post('/api/approve/task/list', { pageSize: 50, filters: { view: 'todo', biz_type: 'seal_use' } })).body.data.records as { id: number; title: string }[];
  const task = tasks.find((t) => t.title === doc)!;
  expect((await fawu.post('/api/approve/task/approve', { id: task.id, comment: '同意' })).body.data.status).toBe('approved');
  expect((await apply(id)).status).toBe('approved');
  return id;
}

describe('electronic seals', () => {
  it('has the demo register, templates and months of stamped applications with their files', async () => {
    const seals = (await fawu.post(`${S}/seal/list`, { pageSize: 50 })).body.data.records as Record<string, any>[];
    expect(seals.map((s) => s.status)).toEqual(expect.arrayContaining(['enabled', 'lost', 'disabled']));
    const contract = seals.find((s) => s.seal_type === 'contract')!;
    expect([contract.keeper_id_label, contract.use_count > 0]).toEqual(['孙立新', true]);
    const image = PNG.sync.read(await fetchBytes(contract.image[0]));
    expect([image.width, image.height]).toEqual([240, 240]);
    const applies = (await fawu.post(`${S}/apply/list`, { pageSize: 100 })).body.data.records as Record<string, any>[];
    expect(new Set(applies.map((a) => a.project_id)).size).toBe(4);
    const stamped = applies.find((a) => a.status === 'stamped' && a.use_mode === 'e_sign')!;
    const signed = await fetchBytes(stamped.signed_file[0].url);
    expect(createHash('sha256').update(signed).digest('hex')).toBe(stamped.file_hash);
    const records = (await fawu.post(`${S}/record/list`, { pageSize: 20, filters: { verify_code: stamped.verify_code } })).body.data.records;
    expect(records.length).toBeGreaterThan(0);
    // 林晓雯 has no seal permissions: legal data stays with its roles.
    expect((await kefu.post(`${S}/seal/list`, {})).http).toBe(403);
  });

  it('stamps an approved application once, by the keeper, at the placed positions, and the stamp is on the page', async () => {
    const id = await approvedApplication('悦家物业服务有限公司合同专用章', '翠湖天地物业服务合同（2027版）');
    const placements = [{ page: 2, x: 320, y: 560, w: 120, kind: 'normal' }, { page: 1, x: 0, y: 300, w: 120, kind: 'straddle' }];
    // 刘海燕 may stamp his project's seal, not the company's: only its keeper 孙立新 does.
    const notKeeper = await xmjl.post(`${S}/apply/transition`, { id, action: 'esign', values: { placements } });
    expect([notKeeper.http, notKeeper.body.message]).toEqual([403, '只有印章「悦家物业服务有限公司合同专用章」的保管人「孙立新」可以电子签章']);
    const offPage = await fawu.post(`${S}/apply/transition`, { id, action: 'esign', values: { placements: [{ page: 3, x: 10, y: 10, w: 100, kind: 'normal' }] } });
    expect([offPage.http, offPage.body.message]).toEqual([400, '第 3 页不存在（文件共 2 页）']);
    expect((await apply(id)).status).toBe('approved');

    const done = await fawu.post(`${S}/apply/transition`, { id, action: 'esign', values: { placements } });
    expect([done.body.message, done.body.data.state]).toEqual(['签章完成', 'stamped']);
    const record = await apply(id);
    expect(record).toMatchObject({ status: 'stamped', stamped_by_label: '孙立新' });
    const signed = await fetchBytes(record.signed_file[0].url);
    expect(createHash('sha256').update(signed).digest('hex')).toBe(record.file_hash);
    expect((await PDFDocument.load(signed)).getPageCount()).toBe(2);
    // Page 2 carries the seal in its box and nothing red elsewhere; the straddle seal's slices sit at both pages' right edge.
    expect(redShare(signed, 2, { x: 320, y: 560, w: 120, h: 120 })).toBeGreaterThan(0.08);
    expect(redShare(signed, 2, { x: 80, y: 100, w: 120, h: 120 })).toBe(0);
    for (const page of [1, 2]) expect(redShare(signed, page, { x: 595 - 60, y: 300, w: 58, h: 120 })).toBeGreaterThan(0.05);
    expect(execFileSync('pdfimages', ['-list', '-f', '2', '-l', '2', '-'], { input: signed }).toString()).toMatch(/240\s+240/);

    // Once: a second stamping is refused, and so is a void by anyone but those granted.
    const again = await fawu.post(`${S}/apply/transition`, { id, action: 'esign', values: { placements } });
    expect([again.http, again.body.message]).toEqual([409, '当前状态为「已用印」，不能电子签章']);
    const records = (await fawu.post(`${S}/record/list`, { pageSize: 20, filters: { apply_id: id } })).body.data.records as Record<string, any>[];
    expect(records.map((r) => `${r.kind}:${r.page}`).sort()).toEqual(['normal:2', 'straddle:1', 'straddle:2']);

    // 验真: the stored hash confirms the file; one changed byte refutes it.
    const ok = await fawu.post(`${S}/apply/verify`, { code: record.verify_code, sha256: record.file_hash });
    expect(ok.body.data).toMatchObject({ valid: true, docName: '翠湖天地物业服务合同（2027版）' });
    const changed = Buffer.from(signed);
    changed[Math.floor(changed.length / 2)] ^= 1;
    const refuted = await fawu.post(`${S}/apply/verify`, { code: record.verify_code, sha256: createHash('sha256').update(changed).digest('hex') });
    expect([refuted.body.data.valid, refuted.body.message]).toEqual([false, '验真失败：文件内容与签章时不一致，可能已被修改']);
  });

  it('asks an application for its template\'s fill-in fields, checks them by type, and writes them into the stamped PDF at their boxes', async () => {
    const blanks = [{ label: '对方名称', y: 300 }, { label: '合同金额', y: 340 }, { label: '签署日期', y: 380 }];
    const file = await storeFile(fawu, '维保合同模板.pdf', await demoPdf('电梯维保合同', [['维保服务合同正文。']], ['', '悦家物业服务有限公司'], blanks), 'application/pdf');
    const field = (name: string, label: string, type: string, y: number, required = true) => ({ name, label, type, required, page: 1, x: 186, y, w: 290, size: 14 });
    const fields = [field('party', '对方名称', 'text', 300), field('amount', '合同金额', 'amount', 340), field('signed_on', '签署日期', 'date', 380, false)];
    const base = { name: '电梯维保合同（填写版）', doc_type: 'contract', file: [file], stamp_positions: [{ page: 1, x: 330, y: 590, w: 120, kind: 'normal' }] };
    expect((await fawu.post(`${S}/template/add`, { ...base, fields: [...fields, field('party', '对方', 'text', 420)] })).body.message).toBe('填写项名称「party」重复');
    expect((await fawu.post(`${S}/template/add`, { ...base, fields: [{ ...fields[0], type: 'phone' }] })).http).toBe(400);
    const template = await fawu.post(`${S}/template/add`, { ...base, fields });
    expect(template.body.message).toBe('新增成功');
    const template_id = template.body.data.id as number;

    // Each answer is checked against the template: no unknown field, its type, and every required one by submission.
    const draft = async (values: Record<string, unknown>) => xmjl.post(`${S}/apply/add`, { project_id: DEMO_PROJECTS.cuihu.id, seal_id: (await sealNamed('悦家物业服务有限公司合同专用章')).id, use_mode: 'e_sign', doc_name: '维保合同', copies: 1, reason: '电梯维保', files: [file], template_id, field_values: values });
    expect((await draft({ party: '三菱电梯', amount: '十八万' })).body.message).toBe('「合同金额」须为金额（不为负数，最多两位小数）');
    expect((await draft({ party: '三菱电梯', amount: '-1' })).body.message).toBe('「合同金额」须为金额（不为负数，最多两位小数）');
    expect((await draft({ party: '三菱电梯', signed_on: '2026-02-30' })).body.message).toBe('「签署日期」须为日期，如 2026-11-29');
    expect((await draft({ party: '三菱电梯', extra: 'x' })).body.message).toBe('模板没有填写项「extra」');
    const half = await draft({ party: '三菱电梯' });
    expect(half.body.message).toBe('新增成功');
    const refused = await xmjl.post(`${S}/apply/transition`, { id: half.body.data.id, action: 'submit' });
    expect([refused.http, refused.body.message]).toEqual([400, '请填写模板内容「合同金额」']);
    expect((await apply(half.body.data.id)).status).toBe('draft');

    const party = '上海三菱电梯维保有限公司';
    const id = await approvedApplication('悦家物业服务有限公司合同专用章', '翠湖天地电梯维保合同（填写版）', { template_id, field_values: { party, amount: 186000.5 } });
    const done = await fawu.post(`${S}/apply/transition`, { id, action: 'esign', values: { placements: base.stamp_positions } });
    expect(done.body.message).toBe('签章完成');
    const record = await apply(id);
    const signed = await fetchBytes(record.signed_file[0].url);
    const original = await fetchBytes(file.url);
    // The answered boxes (above their underline) are blank on the template and inked on the signed file; the unanswered date stays blank.
    const box = (y: number) => ({ x: 186, y: y + 1, w: 290, h: 12 });
    for (const y of [300, 340]) {
      expect(pixelShare(original, 1, box(y), INK)).toBe(0);
      expect(pixelShare(signed, 1, box(y), INK)).toBeGreaterThan(0.03);
    }
    expect(pixelShare(signed, 1, box(380), INK)).toBe(0);
    // The party's name is longer than the amount: its ink reaches further right, so each value is in its own box.
    const page = rendered(signed, 1);
    const inkTo = (y: number) => [...Array(290).keys()].reverse().find((dx) => share(page, { x: 186 + dx, y: y + 1, w: 1, h: 12 }, INK) > 0) ?? 0;
    expect(inkTo(300)).toBeGreaterThan(inkTo(340));
    expect(redShare(signed, 1, { x: 330, y: 590, w: 120, h: 120 })).toBeGreaterThan(0.08);
    // The filled file is what was hashed: the check confirms it, and a changed byte refutes it.
    expect(createHash('sha256').update(signed).digest('hex')).toBe(record.file_hash);
    expect((await fawu.post(`${S}/apply/verify`, { code: record.verify_code, sha256: record.file_hash })).body.data.valid).toBe(true);
    signed[Math.floor(signed.length / 3)] ^= 1;
    expect((await fawu.post(`${S}/apply/verify`, { code: record.verify_code, sha256: createHash('sha256').update(signed).digest('hex') })).body.data.valid).toBe(false);
  });

  it('refuses what cannot be stamped, with a clear message and nothing written', async () => {
    const png = await storeFile(fawu, '扫描件.png', fs.readFileSync(path.join(server.config.dataDir, 'files', (await sealNamed('悦家物业服务有限公司公章')).image[0].slice(7))), 'image/png');
    const lost = await sealNamed('悦家物业锦绣华庭项目部业务专用章');
    const pdf = await storeFile(xmjl, '函.pdf', await demoPdf('函', [['内容']], ['', '']), 'application/pdf');
    const base = { project_id: DEMO_PROJECTS.cuihu.id, use_mode: 'e_sign', doc_name: '测试函件', copies: 1, reason: '测试', files: [pdf] };
    expect((await xmjl.post(`${S}/apply/add`, { ...base, seal_id: lost.id })).body.message).toBe('印章「悦家物业锦绣华庭项目部业务专用章」当前不可用（已挂失），不能申请用印');
    const finance = await sealNamed('悦家物业服务有限公司财务专用章');
    expect((await xmjl.post(`${S}/apply/add`, { ...base, seal_id: finance.id })).body.message).toBe('印章「悦家物业服务有限公司财务专用章」是实体章，不能电子签章');
    expect((await xmjl.post(`${S}/apply/add`, { ...base, seal_id: (await sealNamed('悦家物业服务有限公司公章')).id, files: [png] })).body.message).toBe('电子签章的用印文件须包含 PDF');
    // A file field's declared kinds are checked against the type read from the bytes at upload.
    const template = await fawu.post(`${S}/template/add`, { name: '错误模板', doc_type: 'letter', file: [png] });
    expect([template.http, template.body.message]).toEqual([400, '模板文件只接受 PDF 文件']);
    const forged = await fawu.post(`${S}/template/add`, { name: '错误模板', doc_type: 'letter', file: [{ url: '/files/202611/0123456789abcdef0123456789abcdef.pdf', name: 'x.pdf', size: 1 }] });
    expect([forged.http, forged.body.message]).toEqual([400, '模板文件中有文件不是本系统上传的文件，请重新上传']);
  });
});

describe('the public check of a stamped file (/sealVerify)', () => {
  const check = (body: Record<string, unknown>) => new Api(server.url).post(`${S}/apply/public/verify`, body);

  it('answers without a session whether a code (and a file\'s hash) matches a stamped document, naming nobody', async () => {
    const [stamped] = (await fawu.post(`${S}/apply/list`, { pageSize: 1, filters: { status: ['stamped'], use_mode: 'e_sign' } })).body.data.records as Record<string, any>[];
    const code = stamped!.verify_code as string;
    const known = await check({ code });
    expect([known.http, known.body.message]).toEqual([200, '验真码有效：请核对文件名称与签章印章，或选择文件核对内容']);
    expect(known.body.data).toEqual({ valid: true, docName: stamped!.doc_name, sealName: expect.stringMatching(/章$/), stampedAt: stamped!.stamped_at, fileChecked: false });
    const file = await fetch(`${server.url}${stamped!.signed_file[0].url}`).then(async (r) => Buffer.from(await r.arrayBuffer()));
    expect((await check({ code, sha256: createHash('sha256').update(file).digest('hex') })).body).toMatchObject({ message: '验真通过：文件与签章时一致', data: { valid: true, fileChecked: true } });
    file[100] ^= 1;
    expect((await check({ code, sha256: createHash('sha256').update(file).digest('hex') })).body).toMatchObject({ message: '验真失败：文件内容与签章时不一致，可能已被修改', data: { valid: false } });
    expect((await check({ code: 'ZZZZ0000' })).body).toMatchObject({ message: '验真失败：验真码不存在', data: { valid: false } });
    expect((await check({ code: 'abc' })).http).toBe(400);
    expect((await check({ code, note: 'x' })).http).toBe(400);
  });

  it('is rate-limited, so codes cannot be tried in bulk', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 25; i++) answers.push((await check({ code: `ZZZZ${String(i).padStart(4, '0')}` })).http);
    expect(answers).toContain(429);
    expect(answers.filter((h) => h === 200).length).toBeLessThanOrEqual(20);
  });
});
