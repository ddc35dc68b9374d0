import type { CSSObject, Transformer } from '@ant-design/cssinjs';

/** A component reset's own selector, `[class^="ant-x"], [class*=" ant-x"]`. */
const RESET_SELECTOR = /^\[class\^="[\w-]+"\], \[class\*=" [\w-]+"\]$/;

/**
 * Drops the nested copy of antd's (and Formily's) component resets. Each component's root gets
 * `[class^="ant-x"], [class*=" ant-x"] { font…; box-sizing: border-box }`, and the elements
 * inside it get box-sizing again from a nested rule, `[class^="ant-x"] [class^="ant-x"]`. That
 * rule's ancestor part is an attribute selector on `class`, so to Chrome a class change on any
 * element means restyling every element with a class inside it: a table of 100 rows was
 * restyled whole (~25 ms) each time its root's class changed (rows arriving, its scroll shadow
 * coming a moment later), a class on <html> restyled the whole page (#11). styles.css gives the
 * same box-sizing to every element of a component with a selector on the element itself.
 * Resets under a class (antd's `.ant-btn [class^="ant-btn"]`) are cheap and stay.
 */
export const dropNestedResets: Transformer = {
  visit(style) {
    let kept: typeof style | undefined;
    for (const [selector, rule] of Object.entries(style)) {
      if (!RESET_SELECTOR.test(selector) || !rule || typeof rule !== 'object') continue;
      const nested = Object.keys(rule).filter((k) => RESET_SELECTOR.test(k));
      if (!nested.length) continue;
      const outer: CSSObject = { ...(rule as CSSObject) };
      for (const k of nested) delete outer[k];
      kept = { ...(kept ?? style), [selector]: outer };
    }
    return kept ?? style;
  },
};
