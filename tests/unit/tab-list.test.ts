import { describe, expect, it } from 'vitest';
import { closeTabs, initialTabs, MAX_TABS, nextAfterClosing, othersOf, rightOf, visitTab, type TabList } from '../../src/app/layout/tabList.ts';

const HOME = '/index/home_index';
const open = (...keys: string[]) => keys.reduce<TabList>((list, key) => visitTab(list, key), initialTabs(HOME, null));

describe('the page tab list', () => {
  it('keeps home first, opens new tabs at the end and brings a visited one forward without moving it', () => {
    const list = visitTab(open('/a', '/b?x=1', '/c'), '/a');
    expect(list.keys).toEqual([HOME, '/a', '/b?x=1', '/c']);
    expect(list.recent).toEqual([HOME, '/b?x=1', '/c', '/a']);
    // A visit to the most recent tab changes nothing (the same object: no render).
    expect(visitTab(list, '/a')).toBe(list);
  });

  it('past the limit closes the least recently visited tab, never home nor the one opened', () => {
    let list = open(...Array.from({ length: MAX_TABS - 1 }, (_, i) => `/p${i}`));
    expect(list.keys).toHaveLength(MAX_TABS);
    list = visitTab(list, '/p0'); // /p1 is now the oldest
    list = visitTab(list, '/new');
    expect(list.keys).toHaveLength(MAX_TABS);
    expect(list.keys).not.toContain('/p1');
    expect(list.keys[0]).toBe(HOME);
    expect(list.keys.at(-1)).toBe('/new');
    for (let i = 0; i < 50; i++) list = visitTab(list, `/more${i}`);
    expect(list.keys).toHaveLength(MAX_TABS);
    expect(list.keys[0]).toBe(HOME);
    expect(new Set(list.recent)).toEqual(new Set(list.keys));
  });

  it('closes tabs, others and those to the right, never home', () => {
    const list = open('/a', '/b', '/c', '/d');
    expect(closeTabs(list, ['/b', HOME]).keys).toEqual([HOME, '/a', '/c', '/d']);
    expect(closeTabs(list, ['/nope'])).toBe(list);
    expect(othersOf(list, '/b')).toEqual(['/a', '/c', '/d']);
    expect(othersOf(list, HOME)).toEqual(['/a', '/b', '/c', '/d']);
    expect(rightOf(list, '/b')).toEqual(['/c', '/d']);
    expect(rightOf(list, '/d')).toEqual([]);
  });

  it('goes to the right neighbour when the current tab closes, else the left, else home', () => {
    const list = open('/a', '/b', '/c');
    expect(nextAfterClosing(list, '/b', ['/b'])).toBe('/c');
    expect(nextAfterClosing(list, '/c', ['/c'])).toBe('/b');
    expect(nextAfterClosing(list, '/b', rightOf(list, '/a').concat('/b'))).toBe('/a');
    expect(nextAfterClosing(list, '/b', othersOf(list, HOME))).toBe(HOME);
  });

  it('restores stored tabs with home first, no duplicates, only in-app paths, at most the limit', () => {
    expect(initialTabs(HOME, ['/a', HOME, '/a', 'https://evil.example/', '//evil.example', 3, '/b']).keys).toEqual([HOME, '/a', '/b']);
    expect(initialTabs(HOME, 'corrupt').keys).toEqual([HOME]);
    expect(initialTabs(HOME, Array.from({ length: 40 }, (_, i) => `/p${i}`)).keys).toHaveLength(MAX_TABS);
  });
});
