import { signedIn } from './api.ts';
import { bombWorkbook, manyRowsWorkbook } from './hostileXlsx.ts';
import { uploadFile } from './patrol.ts';
import { startServer } from './server.ts';

/**
 * Hostile workbooks against the real import routes (issue 40, finding 8): the 3.5-million-row
 * sheet of the outside probe (17 MB zipped, as its 16.7 MB one), a 1 GB zip bomb, and more concurrent imports than allowed, while
 * the server's memory is sampled. The workbooks are built before the baseline is taken.
 */
export interface HostileImportFigures {
  cases: number;
  /** Answers other than the expected Chinese refusal (400 limit or size, 429 when busy). */
  unexpectedAnswers: number;
  /** Growth of the process's resident memory over the imports, in MB (the probe saw 4.1 GB). */
  peakGrowthMb: number;
  /** Longest single refusal, in ms (the probe waited 62 s). */
  slowestMs: number;
}

const HEADER = ['标签名称（必填）', '标签分类（必填）', '标签颜色（必填）', '适用对象（必填）', '标签说明', '排序'];
const ROUTES = ['/api/business/label/import', '/api/patrol/classifyStandard/importStandard'];

export async function runHostileImport(): Promise<HostileImportFigures> {
  const manyRows = await manyRowsWorkbook(HEADER, 3_500_000, () => [1]);
  const bomb = await bombWorkbook(HEADER, 1024);
  const server = await startServer();
  const figures: HostileImportFigures = { cases: 0, unexpectedAnswers: 0, peakGrowthMb: 0, slowestMs: 0 };
  try {
    const admin = await signedIn(server.url, 'admin');
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const expect = async (bytes: Buffer, route: string, accepted: (http: number, message: string) => boolean) => {
      const started = Date.now();
      const answer = await uploadFile(admin, route, bytes, 'hostile.xlsx');
      figures.slowestMs = Math.max(figures.slowestMs, Date.now() - started);
      figures.cases++;
      if (!accepted(answer.http, answer.body.message)) {
        figures.unexpectedAnswers++;
        console.error(`  ${route}: ${answer.http} ${answer.body.message}`);
      }
      return answer.http;
    };
    const refused = (http: number, message: string) => http === 400 && /一次最多导入 \d+ 行|解压后超过 \d+ MB/.test(message);
    for (const route of ROUTES) {
      await expect(manyRows, route, refused);
      await expect(bomb, route, refused);
    }
    // Three at once with two allowed: at least one is told to wait, none is read whole.
    const busy = (http: number, message: string) => refused(http, message) || (http === 429 && message === '当前导入任务较多，请稍后再试');
    const statuses = await Promise.all([manyRows, bomb, manyRows, bomb].map((bytes) => expect(bytes, ROUTES[0]!, busy)));
    if (!statuses.includes(429)) figures.unexpectedAnswers++;
    clearInterval(sampler);
    figures.peakGrowthMb = Math.round((peak - baseline) / (1024 * 1024));
  } finally {
    await server.close();
  }
  return figures;
}
