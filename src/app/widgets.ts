import type { ComponentType } from 'react';
import type { WidgetName } from '../shared/registry.ts';
import { WIDGETS as MESSAGES } from '../modules/messages/index.ts';

/** Cards modules draw on dashboard pages, each registered by its module: every registered name has one (the types check it). */
export const WIDGETS: Record<WidgetName, ComponentType> = { ...MESSAGES };
