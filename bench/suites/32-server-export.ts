// Issue 11: an export of 100,000 rows streams to Excel in under 10 s without holding the whole file in memory.
import fs from 'node:fs';
import type { VerifyRow } from '../../scripts/verify/rows.ts';
import { Api } from '../../tests/support/api.ts';
import { withBigServer } from '../support/bigServer.ts';
import type { ServerProcess } from '../support/serverProcess.ts';

interface Export {
  seconds: number;
  firstByteMs: number;
  bytes: number;
  /** Peak resident memory during the export above the resident memory before it (MB). */
  rssGrowthMb: number;
  /** CPU time of the server over the export, all its threads (s): unlike the wall time, barely moved by other load. */
  cpuSeconds: number;
}

/** User + system CPU time of a process so far, in seconds (/proc/<pid>/stat, in clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * One download of the export, read as fast as it comes. The peak is the kernel's high-water mark
 * of the server's resident memory, reset before the export ("5" to clear_refs): sampling misses
 * short peaks, and a high-water mark left from start-up would hide the export's own.
 */
async function download(server: ServerProcess, token: string): Promise<Export> {
  const request = new Api('', token).prepare('GET', '/api/mkf/questionTask/export');
  fs.writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
  const before = server.rssMb();
  const cpuBefore = cpuSeconds(server.pid);
  const started = performance.now();
  let bytes = 0;
  let firstByteMs = 0;
  const response = await fetch(`${server.url}${request.path}`, { headers: request.headers });
  if (response.status !== 200) throw new Error(`export answered ${response.status}: ${await response.text()}`);
  const reader = response.body!.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    if (!bytes) firstByteMs = performance.now() - started;
    bytes += part.value.length;
  }
  return { seconds: (performance.now() - started) / 1000, firstByteMs, bytes, rssGrowthMb: server.peakRssMb() - before, cpuSeconds: cpuSeconds(server.pid) - cpuBefore };
}

export default async (): Promise<VerifyRow[]> =>
  withBigServer(1, async ({ server, tokens }) => {
    // The first export after start also pays for compiling its code and filling SQLite's page cache;
    // the second is what every later export costs. Both are shown, the time of the second is the figure.
    const first = await download(server, tokens[0]!);
    const again = await download(server, tokens[0]!);
    const round = (n: number) => Math.round(n * 10) / 10;
    const fileMb = round(again.bytes / 1024 / 1024);
    return [
      { area: 'server export', figure: '导出 100,000 条工单为 Excel (s)', value: round(again.seconds), target: '< 10', ok: again.seconds < 10 },
      { area: 'server export', figure: 'the first export after start (s)', value: round(first.seconds) },
      { area: 'server export', figure: 'first byte after (ms)', value: Math.round(again.firstByteMs) },
      { area: 'server export', figure: 'server CPU time of an export, all threads (s)', value: round(again.cpuSeconds) },
      { area: 'server export', figure: 'file size (MB)', value: fileMb },
      // Streaming holds a few rows at a time: the server grows by less than the file it sends.
      { area: 'server export', figure: 'server peak RSS growth, first export (MB)', value: round(first.rssGrowthMb), target: '< file size', ok: first.rssGrowthMb < fileMb },
      { area: 'server export', figure: 'server peak RSS growth, next export (MB)', value: round(again.rssGrowthMb), target: '< file size', ok: again.rssGrowthMb < fileMb },
    ];
  });
