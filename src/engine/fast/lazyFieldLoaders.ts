import type { LazyFieldChunk } from './lazyFieldCode.ts';

/** Each lazy field chunk's import (lazyFieldCode.ts): fields.tsx renders from them, the router fetches them early. */
export const LAZY_FIELD_LOADERS = {
  datePicker: () => import('@formily/antd-v5/esm/date-picker'),
  timePicker: () => import('@formily/antd-v5/esm/time-picker'),
  numberPicker: () => import('@formily/antd-v5/esm/number-picker'),
  arrayItems: () => import('@formily/antd-v5/esm/array-items'),
  remote: () => import('../remoteFields.tsx'),
  map: () => import('../geo/MapPicker.tsx'),
} satisfies Record<LazyFieldChunk, () => Promise<unknown>>;
