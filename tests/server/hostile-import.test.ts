import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { firstSheetRows, TooManyRows } from '../../server/platform/http/excelImport.ts';
import { sheetsLast, zipEntries } from '../../server/platform/http/xlsxZip.ts';
import { bombWorkbook, manyRowsWorkbook } from '../support/hostileXlsx.ts';
import { uploadFile } from '../support/patrol.ts';
import { setUpApi, setUpServer } from '../support/setup.ts';

// Issue 40, finding 8: an import reads no further than its row limit, refuses a zip bomb and
// runs only so many at once, whatever the uploaded workbook holds.
const server = setUpServer({ PMS_IMPORT_CONCURRENCY: '1' });
const admin = setUpApi(server);

const HEADER = ['标签名称（必填）', '标签分类（必填）', '标签颜色（必填）', '适用对象（必填）', '标签说明', '排序'];
const labelRow = (i: number) => [`批量标签${i}`, '服务偏好', 'purple', '客户', '', 1];
const labels = async () => (await admin.post('/api/business/label/list', { pageSize: 1 })).body.data.total as number;

/**
 * An import upload whose headers and file-part head are sent at once and its file only on
 * `finish()`: until then the server holds its import slot (or has refused it one).
 */
function holdUpload(workbook: Buffer) {
  const boundary = 'hostile-import-boundary';
  const { replay, sign } = admin.signed({});
  const query = new URLSearchParams(Object.entries(replay).map(([k, v]) => [k, String(v)]));
  const request = http.request(`${server.url}/api/business/label/import?${query}`, { method: 'POST', headers: { token: admin.token, authtoken: admin.token, sign, 'content-type': `multipart/form-data; boundary=${boundary}` } });
  let answer: { http: number; text: string } | undefined;
  const answered = new Promise<{ http: number; text: string }>((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk));
      response.on('end', () => resolve((answer = { http: response.statusCode ?? 0, text })));
    });
  });
  request.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  return {
    answer: () => answer,
    finish: () => (request.end(Buffer.concat([workbook, Buffer.from(`\r\n--${boundary}--\r\n`)])), answered),
    /** Drops a refused upload whose body was never finished (its connection would keep the server from closing). */
    abandon: () => request.destroy(),
  };
}

describe('hostile Excel imports', () => {
  it('refuses a 50,000-row workbook at the limit, having read no further than the row after it', async () => {
    const before = await labels();
    const workbook = await manyRowsWorkbook(HEADER, 50_000, labelRow);
    const answer = await uploadFile(admin, '/api/business/label/import', workbook, 'many.xlsx');
    expect([answer.http, answer.body.message]).toEqual([400, '一次最多导入 5000 行']);
    expect(await labels()).toBe(before);

    // The reader the route uses, on the same file: the header, 5,000 rows and the one beyond.
    const refusal = await firstSheetRows(sheetsLast(workbook, zipEntries(workbook)), 5000).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(TooManyRows);
    expect((refusal as TooManyRows).rowsRead).toBe(5002);
  });

  it('reads a workbook whose sheet comes before its shared parts, as Excel writes it', async () => {
    const answer = await uploadFile(admin, '/api/business/label/import', await manyRowsWorkbook(HEADER, 2, (i) => labelRow(i + 900)), 'small.xlsx');
    expect([answer.http, answer.body.message]).toEqual([200, '成功导入 2 条标签']);
  });

  it('refuses a workbook that unpacks beyond the limit (a zip bomb), reading only up to it', async () => {
    const bomb = await bombWorkbook(HEADER, 100);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const answer = await uploadFile(admin, '/api/business/label/import', bomb, 'bomb.xlsx');
    expect([answer.http, answer.body.message]).toEqual([400, 'Excel 文件解压后超过 64 MB，请拆分后分批导入']);
    const patrol = await uploadFile(admin, '/api/patrol/classifyStandard/importStandard', bomb, 'bomb.xlsx');
    expect([patrol.http, patrol.body.message]).toEqual([400, 'Excel 文件解压后超过 64 MB，请拆分后分批导入']);
  });

  it('answers 429 to an import while the allowed number are running, and takes it afterwards', async () => {
    const workbook = await manyRowsWorkbook(HEADER, 1, (i) => labelRow(i + 950));
    // A held upload keeps its slot while its file has not arrived. A second upload sent at once may
    // still overtake it and take the slot first (the held one is then refused, as PostgreSQL's
    // slower sign-in checks made happen in CI's pass): hold another then, until one is refused.
    let held = holdUpload(workbook);
    let second = await uploadFile(admin, '/api/business/label/import', workbook, 'second.xlsx');
    for (const deadline = Date.now() + 15_000; Date.now() < deadline && second.http !== 429; ) {
      if (held.answer()) {
        expect(held.answer()).toMatchObject({ http: 429 });
        held.abandon();
        held = holdUpload(workbook);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
      second = await uploadFile(admin, '/api/business/label/import', workbook, 'second.xlsx');
    }
    expect([second.http, second.body.message]).toEqual([429, '当前导入任务较多，请稍后再试']);
    const first = await held.finish();
    expect((JSON.parse(first.text) as { message: string }).message).toMatch(/成功导入 1 条标签|已存在/);
    const after = await uploadFile(admin, '/api/business/label/import', await manyRowsWorkbook(HEADER, 1, (i) => labelRow(i + 960)), 'after.xlsx');
    expect(after.body.message).toBe('成功导入 1 条标签');
  });
});
