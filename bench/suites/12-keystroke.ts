// Keystroke → next paint in the 200-field form: each keydown's time from the event to the end
// of the next frame (a requestAnimationFrame callback, then a message posted from it, which
// runs after that frame's paint). RUNS rounds of 20 keystrokes into a different input each.
// The peers' figures are given beside ours.
import type { VerifyRow } from '../../scripts/verify/rows.ts';
import { benchApp } from '../support/benchApp.ts';
import { benchReady, keyProbe, median, ms, p95, readyProbe, RUNS, VIEWPORT } from '../support/measure.ts';
import { FORM_INPUT, FORM_SCREEN, type Version } from '../support/pages.ts';

const KEYS_PER_ROUND = 20;

async function keystrokes(version: Version): Promise<number[]> {
  const { browser, server, session } = await benchApp();
  const context = await browser.newContext({ viewport: VIEWPORT, storageState: session });
  try {
    const page = await context.newPage();
    await page.addInitScript(readyProbe(FORM_SCREEN[version].ready));
    await page.goto(server.url + FORM_SCREEN[version].path);
    await benchReady(page, 180_000);
    await page.evaluate(keyProbe());
    for (let round = 0; round < RUNS; round++) {
      await page.locator(FORM_INPUT[version](1 + 3 * round)).click();
      for (let k = 0; k < KEYS_PER_ROUND; k++) {
        await page.keyboard.press(String.fromCharCode(97 + (k % 26)));
        await page.waitForTimeout(50);
      }
    }
    await page.waitForTimeout(200);
    return (await page.evaluate('window.__keys')) as number[];
  } finally {
    await context.close();
  }
}

export default async (): Promise<VerifyRow[]> => {
  const ours = await keystrokes('ours');
  const antd = await keystrokes('antd');
  const amis = await keystrokes('amis');
  const figure = (stat: string) => `keystroke → next paint, 200-field form (ms, ${stat} of ${ours.length})`;
  return [
    { area: '表单输入', figure: figure('median'), value: ms(median(ours)), target: '≤ 16.7', ok: median(ours) <= 16.7, peer: `antd ${ms(median(antd))} · amis ${ms(median(amis))}` },
    { area: '表单输入', figure: figure('p95'), value: ms(p95(ours)), target: '< 25', ok: p95(ours) < 25, peer: `antd ${ms(p95(antd))} · amis ${ms(p95(amis))}` },
  ];
};
