import type { CSSObject, Transformer } from '@ant-design/cssinjs';

/** A component reset's own selector, `[class^="ant-x"], [class*=" ant-x"]`. */
const RESET_SELECTOR = /^\[class\^="[\w-]+"\], \[class\*=" [\w-]+"\]$/;

/**
 * antd's Layout gives box-sizing to itself and every element inside it, `.ant-layout, .ant-layout *`:
 * styles.css gives it to every element with `*`, which Chrome matches without walking up to an
 * ancestor; this one cost the most of any selector for each element styled.
 */
const LAYOUT_DESCENDANTS = '&, *';

const isBoxSizing = (rule: unknown) => JSON.stringify(rule) === '{"boxSizing":"border-box"}';

/** antd's reset of the elements inside a component: box-sizing on them and their ::before and ::after, nothing else. */
function onlyBoxSizing(rule: unknown): boolean {
  if (!rule || typeof rule !== 'object') return false;
  const { '&::before, &::after': pseudo, ...own } = rule as CSSObject;
  return isBoxSizing(own) && isBoxSizing(pseudo);
}

/**
 * Drops the nested copy of antd's (and Formily's) component resets. Each component's root gets
 * `[class^="ant-x"], [class*=" ant-x"]` (or `.ant-x` where antd knows the root class)
 * `{ font…; box-sizing: border-box }`, and the elements inside it get box-sizing again from a
 * nested rule, `… [class^="ant-x"], … [class*=" ant-x"]`, with ::before and ::after. styles.css
 * gives the same box-sizing to every element of a component with a selector on the element
 * itself, so the nested rules only cost (#11):
 * - Under an attribute ancestor, a class change on any element meant restyling every element
 *   with a class inside it: a table of 100 rows was restyled whole (~25 ms) each time its root's
 *   class changed, a class on <html> restyled the whole page.
 * - Under any ancestor, a selector whose last part is an attribute is tried on every element
 *   Chrome styles: dropping the ~50 under a class cut a sixth of the selector matching for a
 *   list's new 100 rows.
 */
export const dropNestedResets: Transformer = {
  visit(style) {
    let kept: typeof style | undefined;
    for (const [selector, rule] of Object.entries(style)) {
      if (!rule || typeof rule !== 'object') continue;
      const nested = Object.keys(rule).filter((k) => RESET_SELECTOR.test(k) && onlyBoxSizing((rule as CSSObject)[k]));
      const everyDescendant = isBoxSizing((rule as CSSObject)[LAYOUT_DESCENDANTS]);
      if (!nested.length && !everyDescendant) continue;
      const outer: CSSObject = { ...(rule as CSSObject) };
      for (const k of nested) delete outer[k];
      if (everyDescendant) {
        delete outer[LAYOUT_DESCENDANTS];
        outer.boxSizing = 'border-box';
      }
      kept = { ...(kept ?? style), [selector]: outer };
    }
    return kept ?? style;
  },
};
