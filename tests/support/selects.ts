import type { Locator, Page } from 'playwright-core';

export interface ChooseOptions {
  /** Which of several selects with that name (rows of a list field). */
  nth?: number;
  /** What to type into a searching select first (its list is virtual: an option far down is not drawn until searched); false types nothing. */
  typed?: string | false;
}

/**
 * Picks `option` in the antd select named `label` (its accessible name: the form item's label)
 * inside `scope`, as a user does: opens it, types when it searches, clicks the option.
 */
export async function choose(scope: Page | Locator, label: string, option: string, { nth = 0, typed = option }: ChooseOptions = {}): Promise<void> {
  const page = 'mainFrame' in scope ? scope : scope.page();
  // `has` is matched inside each .ant-select: the combobox is found from the page, not from `scope`.
  const select = scope.locator('.ant-select', { has: page.getByRole('combobox', { name: label, exact: true }) }).nth(nth);
  await select.click();
  if (typed !== false && (await select.evaluate((e) => e.classList.contains('ant-select-show-search')))) await select.getByRole('combobox').fill(typed);
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).first().click();
}
