import type { HotlineConfig } from '../../platform/hotlineConfig.ts';

/**
 * The telephony provider of the 400 hotline, behind one small adapter so the rest of PMS never
 * speaks its protocol. The provider is configured by PMS_HOTLINE_URL, _APP_ID, _APP_SECRET and
 * _TENANT_ID; its API, as this adapter calls it (JSON over HTTPS, answers `{ code, message, data }`
 * where code 0 means success and anything else is refused with `message`):
 *
 *   POST <url>/token  { appId, appSecret, tenantId, agentNum }
 *        → { code: 0, data: { accessToken, secret, expiresIn } }   (seconds; secret: the agent's softphone secret)
 *   POST <url>/call   { tenant_id, access_token, agent_num, dnis }
 *        → { code: 0, data: { callId } }                           (the agent's phone rings, then dnis is dialled)
 *
 * The app secret never leaves the server; the browser only receives the agent's access token.
 */
export interface AgentToken {
  accessToken: string;
  secret: string;
  /** Epoch ms. */
  expiresAt: number;
}

export interface CallRequest {
  tenantId: string;
  accessToken: string;
  agentNum: string;
  dnis: string;
}

/** A refusal or failure of the provider, with the Chinese text the operator sees in the toast. */
export class ProviderError extends Error {}

export interface TelephonyProvider {
  /** False when no provider is configured: calls are recorded in the history only. */
  readonly configured: boolean;
  readonly tenantId: string;
  token(agentNum: string): Promise<AgentToken>;
  call(request: CallRequest): Promise<{ callId: string }>;
}

const TIMEOUT_MS = 8000;

interface Answer {
  code?: number | string;
  message?: string;
  msg?: string;
  data?: Record<string, unknown>;
}

async function post(url: string, body: object, what: string): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new ProviderError(`电话服务商无法连接，${what}失败，请稍后重试`);
  }
  const answer = (await response.json().catch(() => null)) as Answer | null;
  if (!answer) throw new ProviderError(`电话服务商返回异常（HTTP ${response.status}），${what}失败`);
  if (!response.ok || String(answer.code ?? '') !== '0') {
    const reason = answer.message ?? answer.msg ?? `HTTP ${response.status}`;
    throw new ProviderError(`电话服务商拒绝${what}：${reason}`);
  }
  return answer.data ?? {};
}

/** The provider over HTTP, or the unconfigured stand-in that refuses to be called (callers check `configured`). */
export function telephonyProvider(config: HotlineConfig): TelephonyProvider {
  if (!config.url) {
    const absent = () => Promise.reject(new ProviderError('未配置电话服务商'));
    return { configured: false, tenantId: '', token: absent, call: absent };
  }
  return {
    configured: true,
    tenantId: config.tenantId,
    async token(agentNum) {
      const data = await post(`${config.url}/token`, { appId: config.appId, appSecret: config.appSecret, tenantId: config.tenantId, agentNum }, '坐席登录');
      if (typeof data.accessToken !== 'string' || !data.accessToken) throw new ProviderError('电话服务商未返回坐席令牌，坐席登录失败');
      const seconds = Number(data.expiresIn ?? 3600);
      return { accessToken: data.accessToken, secret: String(data.secret ?? ''), expiresAt: Date.now() + (Number.isFinite(seconds) ? seconds : 3600) * 1000 };
    },
    async call(request) {
      const data = await post(`${config.url}/call`, { tenant_id: request.tenantId, access_token: request.accessToken, agent_num: request.agentNum, dnis: request.dnis }, '外呼');
      return { callId: String(data.callId ?? '') };
    },
  };
}
