import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

const poll = <T,>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });

/**
 * Waits until `dialog` (an .ant-modal) has finished zooming in. During the zoom playwright's
 * stability check can pass (the dialog's first frames hold its final size), and a press and
 * release that then land on different elements of the scaling dialog make no click at all: the
 * button stays unpressed, as a failed CI run's screenshot showed and a press-wait-release
 * during the zoom reproduces. A user never clicks within those 300 ms; a test must not either.
 */
export async function opened(dialog: Locator): Promise<void> {
  await poll(() => dialog.evaluate((e) => /\bant-zoom/.test(e.className)).catch(() => true)).toBe(false);
}

/** Answers the confirmation dialog (the one asking `question`, when given) with 确定 once it has opened, and waits for it to close. */
export async function confirmDialog(page: Page, question?: string): Promise<void> {
  const dialog = page.locator('.ant-modal-confirm:visible', question ? { hasText: question } : {});
  await opened(dialog);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await poll(() => dialog.count()).toBe(0);
}
