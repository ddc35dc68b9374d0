import { message } from 'antd';
import { call } from '../../engine/data.ts';

/** The 400-hotline call state of spec 3, kept in session storage while the tab lives. */
export interface CallState {
  secret: string;
  accessToken: string;
  tenantId: string;
  agentNum: string;
  jobNumber: string;
  account: string;
  loginPhone: string;
  /** False: no telephony provider, calls are only recorded. */
  configured: boolean;
  /** When the access token runs out (epoch ms); null without a provider. */
  expiresAt: number | null;
}

export interface SeatLogin {
  state: CallState;
  /** The server's words about the seat (signed in, or no provider set up). */
  notice: string;
}

const KEY = 'pms:hotline';

export function storedCallState(): CallState | null {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as CallState | null;
  } catch {
    return null;
  }
}

/** Spec 8: a hotline login or call error is a toast with the server's message, or 服务器异常. */
const toastError = (text?: string) => message.error(text || '服务器异常');

/** Signs the operator's seat in (getYouYinToken) and keeps the call state; null after the error toast. */
export async function seatLogin(): Promise<SeatLogin | null> {
  const res = await call<CallState>('hotline.token', {});
  if (res.status !== '200' || !res.data) {
    toastError(res.message);
    return null;
  }
  sessionStorage.setItem(KEY, JSON.stringify(res.data));
  return { state: res.data, notice: res.message };
}

export interface DialResult {
  /** The call's id in the history. */
  callId: number;
  status: 'dialed' | 'recorded';
  caller: { id: number; name: string; project_id: number } | null;
}

/** Dials a number from the operator's seat (sendCall), signing in first when the token is missing or stale. */
export async function dial(dnis: string): Promise<DialResult | null> {
  let state = storedCallState();
  if (!state || (state.expiresAt !== null && state.expiresAt < Date.now() + 60_000)) state = (await seatLogin())?.state ?? null;
  if (!state) return null;
  const res = await call<DialResult>('hotline.sendCall', { tenant_id: state.tenantId, access_token: state.accessToken, agent_num: state.agentNum, dnis });
  if (res.status !== '200' || !res.data) {
    toastError(res.message);
    return null;
  }
  if (res.data.status === 'recorded') message.warning(res.message);
  else message.success(res.message);
  return res.data;
}
