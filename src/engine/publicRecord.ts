import { request, type ApiResponse } from '../core/request.ts';
import { RESOURCES } from './catalogue.ts';
import type { Row } from './actions.tsx';

/** The record a public page's link names, read with the link's token alone (server/engine/publicLinks.ts). */
export function readPublicRecord(resourceName: string, token: string): Promise<ApiResponse<Row>> {
  const resource = RESOURCES.get(resourceName)!;
  return request<Row>(resource.service, `${resource.path}/publicDetail`, { method: 'GET', params: { token } });
}
