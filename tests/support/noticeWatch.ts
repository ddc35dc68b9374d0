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
    async appeared(text: string, timeout = 15_000): Promise<number> {
      const found = await page.waitForFunction(`window.__noticesSeen.find((n) => n.text.includes(${JSON.stringify(text)}))?.at`, undefined, { timeout, polling: 20 });
      return (await found.jsonValue()) as number;
    },
  };
}
