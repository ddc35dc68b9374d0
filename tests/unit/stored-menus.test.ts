// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { MENU_LIST_KEY, menuItemFor, storedMenus } from '../../src/engine/permissions.tsx';

const group = (menuRouter: string) => [{ groupPrefix: '/a', groupName: '甲', items: [{ menuId: 1, menuRouter, menuName: '一', show: 1, access: null }] }];

describe('the stored menu list', () => {
  beforeEach(() => localStorage.clear());

  it('answers what is stored now, also after the stored list is replaced', () => {
    expect(storedMenus()).toEqual([]);
    localStorage.setItem(MENU_LIST_KEY, JSON.stringify(group('/a/one')));
    expect(menuItemFor('/a/one')?.menuId).toBe(1);
    localStorage.setItem(MENU_LIST_KEY, JSON.stringify(group('/a/two')));
    expect(menuItemFor('/a/one')).toBeUndefined();
    expect(menuItemFor('/a/two')?.menuId).toBe(1);
    localStorage.removeItem(MENU_LIST_KEY);
    expect(storedMenus()).toEqual([]);
  });

  it('parses an unchanged list once', () => {
    localStorage.setItem(MENU_LIST_KEY, JSON.stringify(group('/a/one')));
    expect(storedMenus()).toBe(storedMenus());
  });

  it('grants nothing when the stored list is corrupt or not a list', () => {
    localStorage.setItem(MENU_LIST_KEY, '{not json');
    expect(storedMenus()).toEqual([]);
    localStorage.setItem(MENU_LIST_KEY, '{"a":1}');
    expect(storedMenus()).toEqual([]);
  });
});
