import { useEffect, useState } from 'react';
import { request, type ApiResponse, type Params } from '../core/request.ts';
import { download } from '../core/download.ts';
import { endpoint } from './catalogue.ts';
import { loadMenus } from './permissions.tsx';
import type { EndpointDef, Invalidation, ListPage } from '../shared/schemaTypes.ts';
import { filtersFromQuery } from './queryFilters.ts';
import { cachedPreferences } from './preferenceCache.ts';
import { DEFAULT_PAGE_SIZE } from '../shared/tablePreferences.ts';

/** What each cache a write may make stale (schemaTypes.ts `Invalidation`) takes to be fresh again. */
const INVALIDATORS: Record<Invalidation, () => void> = {
  menus: () => void loadMenus(),
  dictionaries: () => forgetDictionaries(),
};

/** After a successful call: drops what the endpoint declares it makes stale (a resource's `invalidates`). */
export function invalidateAfter(e: EndpointDef): void {
  for (const cache of e.invalidates ?? []) INVALIDATORS[cache]();
}

/** How long an early call's answer may wait for its screen: one the screen never asked for is not served later. */
const EARLY_MS = 10_000;
let early: { key: string; answer: Promise<ApiResponse<unknown>>; until: number; settled?: ApiResponse<unknown> } | undefined;
const callKey = (id: string, params?: Params) => JSON.stringify([id, params ?? {}]);

/** Set by each call, cleared as a new screen opens: from then on the screens are talking to the services themselves. */
let called = false;

/** A navigation is about to render a new screen (KeepAliveOutlet): its first call may be made early. */
export function screenOpening(): void {
  called = false;
}

/**
 * Makes a call before its screen does (firstList.ts, at a cold load or a navigation): the
 * screen's first identical call, within EARLY_MS, takes the answer instead of asking again.
 * Served once; a call that may write (any but GET) drops it first, so a screen never shows rows
 * from before a change. Only before any other call since the screen began to open: once the
 * screen has asked, asking early would only ask twice. Answers when the answer is back, if it asked.
 */
export function callEarly(id: string, params: Params): Promise<unknown> | undefined {
  if (called) return undefined;
  const taken: NonNullable<typeof early> = { key: callKey(id, params), answer: call(id, params), until: Date.now() + EARLY_MS };
  early = taken;
  // Settled first, then answered: whoever waits for the answer finds it in earlyAnswer().
  return taken.answer.then((answer) => (taken.settled = answer));
}

/**
 * The early call's answer if it is back and is this call's, for the screen's first render to
 * show at once. Only read: the screen's first `call` takes it, as it takes one still under way.
 */
export function earlyAnswer<T>(id: string, params?: Params): ApiResponse<T> | undefined {
  return early && early.key === callKey(id, params) && Date.now() < early.until ? (early.settled as ApiResponse<T> | undefined) : undefined;
}

/** Calls a catalogued endpoint by id: the one way the renderer talks to services. */
export async function call<T = unknown>(id: string, params?: Params): Promise<ApiResponse<T>> {
  const e = endpoint(id);
  called = true;
  if (early) {
    const taken = early;
    if (taken.key === callKey(id, params) && Date.now() < taken.until) {
      early = undefined;
      return taken.answer as Promise<ApiResponse<T>>;
    }
    if (e.method !== 'GET' || Date.now() >= taken.until) early = undefined;
  }
  const res = await request<T>(e.service, e.path, { method: e.method, params, encoding: e.encoding === 'form' ? 'form' : 'json' });
  if (res.status === '200') invalidateAfter(e);
  return res;
}

export interface ListState {
  pageNum: number;
  pageSize: number;
  sorter: { field?: string; order?: 'ascend' | 'descend' };
  /** The filter form's values with the tree's node and the page's fixed filters. */
  filters: Record<string, unknown>;
}

/** The call a list page makes for its rows: endpoint id and parameters. */
export function listCall(page: ListPage, s: ListState): [string, Params] {
  return [
    `${page.resource}.list`,
    { pageNum: s.pageNum, pageSize: s.pageSize, sortField: s.sorter.order ? s.sorter.field : undefined, sortOrder: s.sorter.order, filters: s.filters },
  ];
}

/** A list page's state when it opens: first page of its size, unsorted, the filters its address names and its fixed ones. */
export const openingState = (page: ListPage, search: string | URLSearchParams = ''): ListState => ({
  pageNum: 1,
  // The user's saved page size as this browser last heard it (tablePreferences.ts), else the page's.
  pageSize: cachedPreferences()[page.route]?.pageSize ?? page.pageSize ?? DEFAULT_PAGE_SIZE,
  sorter: {},
  filters: { ...filtersFromQuery(page.filters, search), ...page.fixedFilters },
});

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

/** Forgets cached dictionaries after a write to them (resources declaring `"invalidates": ["dictionaries"]`). */
const forgetDictionaries = () => dictCache.clear();

/** The items of each of several dictionaries, by code; a code is missing until its items arrive. */
export function useDictionaries(codes: readonly string[]): Record<string, DictItem[]> {
  const key = codes.join(',');
  const [items, setItems] = useState<Record<string, DictItem[]>>({});
  useEffect(() => {
    let live = true;
    for (const code of key ? key.split(',') : []) void dictionary(code).then((list) => live && setItems((known) => ({ ...known, [code]: list })));
    return () => {
      live = false;
    };
  }, [key]);
  return items;
}

/** The items of a dictionary for a component; null until they arrive. */
export function useDictionary(code: string): DictItem[] | null {
  return useDictionaries([code])[code] ?? null;
}
