// @vitest-environment jsdom
// rc-table's scrollbar measure as the build gives it (src/app/fast/scrollbarSize.ts): each distinct
// scrollbar style is measured once (a scrolling element put into the page and taken out), and
// elements styled alike get that size without another.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getTargetScrollBarSize as measure } from 'rc-util/es/getScrollBarSize';
import { getTargetScrollBarSize } from '../../src/app/fast/scrollbarSize.ts';

const table = (style = '') => {
  const element = document.createElement('div');
  element.setAttribute('style', style);
  document.body.append(element);
  return element;
};

// jsdom reports on the console that it has no styles for ::-webkit-scrollbar (and answers the element's).
beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => vi.restoreAllMocks());

describe("a table's scrollbar size", () => {
  it('is measured once for each scrollbar style, as rc-util measures it', () => {
    const appended = vi.spyOn(document.body, 'appendChild');
    const first = table();
    expect(getTargetScrollBarSize(first)).toEqual(measure(first));
    appended.mockClear();
    getTargetScrollBarSize(first);
    getTargetScrollBarSize(table());
    expect(appended).not.toHaveBeenCalled();
    const thin = table('scrollbar-width: thin');
    getTargetScrollBarSize(thin);
    expect(appended).toHaveBeenCalledTimes(1);
    appended.mockClear();
    getTargetScrollBarSize(table('scrollbar-width: thin'));
    expect(appended).not.toHaveBeenCalled();
  });

  it('asks rc-util for anything that is not an element', () => {
    expect(getTargetScrollBarSize(undefined as unknown as HTMLElement)).toEqual({ width: 0, height: 0 });
  });
});
