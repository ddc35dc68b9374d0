// V8's sampling CPU profile over CDP, for the profiling scripts.
import type { CDPSession } from 'playwright-core';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
}

/** Starts sampling every `intervalUs`; the answer stops it and gives the profile. */
export async function startCpuProfile(cdp: CDPSession, intervalUs: number): Promise<() => Promise<CpuProfile>> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: intervalUs });
  await cdp.send('Profiler.start');
  return async () => (await cdp.send('Profiler.stop')).profile as unknown as CpuProfile;
}

/** Each sample's node and its time in ms, with the ms since the profile's start. */
export function samples(profile: CpuProfile): { frame: ProfileNode['callFrame']; ms: number; at: number }[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  let at = 0;
  return profile.samples.map((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    at += ms;
    return { frame: byId.get(id)!.callFrame, ms, at };
  });
}

/**
 * Prints self time by script and by function (with line:column, 0-based as V8 gives them, so a
 * minified chunk's function can be found), divided by `per` (the runs or changes profiled).
 */
export function printProfile(profile: CpuProfile, per = 1): void {
  const byScript = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const { frame, ms } of samples(profile)) {
    const file = frame.url.split('/').pop() || '(native)';
    byScript.set(file, (byScript.get(file) ?? 0) + ms / per);
    const fn = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber}:${frame.columnNumber}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms / per);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `  ${v.toFixed(1).padStart(7)} ms  ${k}`)
      .join('\n');
  console.log(`CPU self time by script:\n${top(byScript, 12)}\nby function:\n${top(byFunction, 25)}`);
}
