import { useEffect, useState } from 'react';
import { request, type ApiResponse, type Params } from '../core/request.ts';
import { download } from '../core/download.ts';
import { endpoint } from './catalogue.ts';
import { loadMenus } from './permissions.tsx';

/** Changes to menu entries (menu-manage): the stored menu list, and so the left menu, is loaded again at once. */
const MENU_WRITES = new Set(['menu.update', 'menu.enable']);

/** Calls a catalogued endpoint by id: the one way the renderer talks to services. */
export async function call<T = unknown>(id: string, params?: Params): Promise<ApiResponse<T>> {
  const e = endpoint(id);
  const res = await request<T>(e.service, e.path, { method: e.method, params, encoding: e.encoding === 'form' ? 'form' : 'json' });
  if (MENU_WRITES.has(id) && res.status === '200') void loadMenus();
  return res;
}

export function downloadFrom(id: string, params?: Params): Promise<boolean> {
  const e = endpoint(id);
  return download(e.service, e.path, { method: e.method === 'POST' ? 'POST' : 'GET', params });
}

export interface Page<T> {
  records: T[];
  /** Matching rows, counted up to 10,000 (the server's COUNT_CAP). */
  total: number;
  /** True when more rows match than were counted: the pager shows "10000+". */
  totalCapped?: boolean;
  pageNum: number;
  pageSize: number;
}

/** A pager's "共 N 条", with "+" when the server stopped counting. */
export const totalText = (total: number, capped?: boolean) => `共 ${total}${capped ? '+' : ''} 条`;

export interface DictItem {
  label: string;
  value: string;
  color: string | null;
}

const dictCache = new Map<string, Promise<DictItem[]>>();

/** Items of a dictionary (basis getDictCode), fetched once a session per code. */
export function dictionary(code: string): Promise<DictItem[]> {
  let cached = dictCache.get(code);
  if (!cached) {
    cached = request<DictItem[]>('basis', '/dict/getDictCode', { params: { code } }).then((r) => {
      if (r.status !== '200') dictCache.delete(code);
      return r.data ?? [];
    });
    dictCache.set(code, cached);
  }
  return cached;
}

/** Forgets cached dictionaries after the dictionary screen changes one. */
export const forgetDictionaries = () => dictCache.clear();

/** The items of a dictionary for a component; null until they arrive. */
export function useDictionary(code: string): DictItem[] | null {
  const [items, setItems] = useState<DictItem[] | null>(null);
  useEffect(() => {
    let live = true;
    dictionary(code).then((list) => live && setItems(list));
    return () => {
      live = false;
    };
  }, [code]);
  return items;
}
