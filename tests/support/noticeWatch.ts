import type { Page } from 'playwright-core';

/** Wall-clock milliseconds with sub-millisecond precision, comparable between node and the browser on one machine. */
export const clock = () => performance.timeOrigin + performance.now();

/**
 * Watches the page for push notices (the popups at the bottom right) and notes the moment each
 * one enters the DOM. Timing is taken in the page, by a MutationObserver, so the figure does not
 * include playwright's round trips. `appeared(text)` answers that moment for the notice whose
 * text contains `text`, waiting for it when needed.
 */
export async function watchNotices(page: Page) {
  // A string, not a function: tsx would wrap a function with helpers the page does not have.
  await page.evaluate(`(() => {
    const seen = (window.__noticesSeen = []);
    const note = () => {
      const at = performance.timeOrigin + performance.now();
      for (const el of document.querySelectorAll('.ant-notification-notice:not([data-seen])')) {
        el.setAttribute('data-seen', '');
        seen.push({ text: el.textContent, at });
      }
    };
    new MutationObserver(note).observe(document.body, { childList: true, subtree: true });
    note();
  })()`);
  return {
    appeared: (text: string, timeout = 15_000) => inPage<number>(page, `window.__noticesSeen.find((n) => n.text.includes(${JSON.stringify(text)}))?.at`, timeout),
  };
}

/**
 * Waits in the page until `expression` is truthy and answers its value; rejects after `timeout`
 * ms. Unlike page.waitForFunction, nothing is compiled from a string inside the page, which
 * the product's Content-Security-Policy (no eval) refuses.
 */
export function inPage<T>(page: Page, expression: string, timeout: number): Promise<T> {
  return page.evaluate(`new Promise((resolve, reject) => {
    const end = performance.now() + ${timeout};
    const check = () => {
      const value = ${expression};
      if (value) resolve(value);
      else if (performance.now() > end) reject(new Error('timed out after ${timeout} ms waiting for ' + ${JSON.stringify(expression)}));
      else setTimeout(check, 20);
    };
    check();
  })`) as Promise<T>;
}
