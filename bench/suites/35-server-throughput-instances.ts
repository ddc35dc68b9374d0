// Issue 39: 31's signed list calls (200 connections) on PostgreSQL, with one instance and with two on the same database
// and the same two cores: the two figures and their ratio as measured. Node and PostgreSQL share the cores, so a second
// instance can add at most what the first left idle; the CPU per request says where the time goes.
import os from 'node:os';
import type { VerifyRow } from '../../scripts/verify/rows.ts';
import { mustBeZero } from '../../scripts/verify/rows.ts';
import { withBigServer } from '../support/bigServer.ts';
import { listMix } from '../support/calls.ts';
import { processTreeCpuMs } from '../support/serverProcess.ts';
import { refusalText, signedLoad, type LoadFigures } from '../support/signedLoad.ts';

const CONNECTIONS = 200;
const AREA = 'server throughput, PostgreSQL';

interface Measured {
  f: LoadFigures;
  /** Server CPU per request, µs: all instances, and PostgreSQL's processes. */
  nodeUs: number;
  postgresUs: number;
  loadAverage: number;
}

/** `instances` servers on the big PostgreSQL database; the connections alternate between them. */
const measure = (instances: number): Promise<Measured> =>
  withBigServer(
    CONNECTIONS,
    async ({ servers, postgres, tokens, data }) => {
      const run = (durationSeconds: number) => signedLoad({ url: servers.map((s) => s.url), tokens, mix: listMix(data), connections: CONNECTIONS, durationSeconds });
      await run(5);
      const loadAverage = Math.round(os.loadavg()[0]! * 100) / 100;
      const nodeCpu = () => servers.reduce((sum, s) => sum + s.cpuMs(), 0);
      const postgresCpu = () => processTreeCpuMs(postgres!.pid());
      const [nodeBefore, postgresBefore] = [nodeCpu(), postgresCpu()];
      const f = await run(30);
      const perRequest = (ms: number) => Math.round((ms * 1000) / Math.max(1, f.requests));
      return { f, nodeUs: perRequest(nodeCpu() - nodeBefore), postgresUs: perRequest(postgresCpu() - postgresBefore), loadAverage };
    },
    { postgres: true, instances },
  );

function rowsOf(label: string, m: Measured): VerifyRow[] {
  return [
    { area: AREA, figure: `${label}: 签名+会话校验的列表请求/秒（${CONNECTIONS} 连接）`, value: m.f.requestsPerSecond },
    { area: AREA, figure: `${label}: latency p50 / p99 (ms)`, value: `${m.f.p50} / ${m.f.p99}` },
    { area: AREA, figure: `${label}: CPU per request, Node / PostgreSQL (µs)`, value: `${m.nodeUs} / ${m.postgresUs}` },
    { area: AREA, figure: `${label}: load average (1 min) after the warm-up`, value: m.loadAverage },
    mustBeZero(AREA, `${label}: connection errors`, m.f.errors),
    mustBeZero(AREA, `${label}: timeouts (no answer in 10 s)`, m.f.timeouts),
    mustBeZero(AREA, `${label}: non-2xx answers`, m.f.non2xx),
    ...(m.f.refusals.length ? [{ area: AREA, figure: `${label}: non-2xx answers by status and message`, value: refusalText(m.f.refusals) }] : []),
  ];
}

export default async (): Promise<VerifyRow[]> => {
  const one = await measure(1);
  const two = await measure(2);
  return [
    ...rowsOf('1 instance', one),
    ...rowsOf('2 instances', two),
    // Plain fact, no target: on two cores shared with PostgreSQL and the load generator it cannot double.
    { area: AREA, figure: '2 instances / 1 instance (requests/s)', value: Math.round((two.f.requestsPerSecond / Math.max(1, one.f.requestsPerSecond)) * 100) / 100 },
  ];
};
