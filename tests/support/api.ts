import { randomBytes } from 'node:crypto';
import { DEMO_DEFAULTS } from '../../server/platform/config.ts';
import { deriveSecret } from '../../src/shared/signature.ts';
import { serverSign } from '../../server/platform/http/signature.ts';
import { passwordDigest } from '../../src/shared/password.ts';
import { httpRequest } from './http.ts';

export interface ApiAnswer<T = any> {
  http: number;
  headers: Headers;
  body: { status: string; code: string; message: string; data?: T };
}

/**
 * A signed HTTP client that calls the server the way the web app does (spec 5, 7.1):
 * timestamp and nonce in the query, the `sign` header over query and body, token headers.
 */
export class Api {
  constructor(
    readonly baseUrl: string,
    public token = '',
    private readonly seed: string = DEMO_DEFAULTS.signSeed,
  ) {}

  private secret?: string;

  /**
   * Signed with Node's MD5 (the server's `serverSign`): the fuzzers sign ~300,000 requests a run, and the
   * pure-JS md5 the browser uses was a tenth of their CPU. The two agree on tests/vectors/signature.json
   * (tests/unit), and the browser tests sign with the browser's own code.
   */
  signed(params: Record<string, unknown>, replay = { timestamp: Date.now(), nonce: randomBytes(12).toString('hex') }) {
    this.secret ??= deriveSecret(this.seed);
    return { replay, sign: serverSign({ ...params, ...replay }, this.secret) };
  }

  headers(signature: string, extra: Record<string, string> = {}): Record<string, string> {
    return { sign: signature, token: this.token, authtoken: this.token || 'pms-anonymous', platform: 'web', 'client-platform': 'pc', 'client-env': 'prod', ...extra };
  }

  /** One signed request as the browser builds it (fresh timestamp and nonce): path with query, headers, JSON body. */
  prepare(method: string, path: string, raw: Record<string, unknown> = {}, extraHeaders: Record<string, string> = {}): { path: string; method: string; headers: Record<string, string>; body?: string } {
    // As the browser's helper does: undefined parameters are not sent, so not signed either.
    const params = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined));
    const { replay, sign: signature } = this.signed(params);
    const query = method === 'GET' || method === 'DELETE' ? { ...params, ...replay } : replay;
    const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]));
    const headers = this.headers(signature, extraHeaders);
    if (method !== 'POST' && method !== 'PUT') return { path: `${path}?${search}`, method, headers };
    return { path: `${path}?${search}`, method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(params) };
  }

  async send<T>(method: string, path: string, raw: Record<string, unknown> = {}, extraHeaders: Record<string, string> = {}): Promise<ApiAnswer<T>> {
    const request = this.prepare(method, path, raw, extraHeaders);
    const response = await httpRequest(`${this.baseUrl}${request.path}`, { method, headers: request.headers, body: request.body });
    // Downloads (xlsx, files) are not JSON: only the status and headers matter to callers then.
    const json = (response.headers.get('content-type') ?? '').includes('json');
    return { http: response.status, headers: response.headers, body: json && response.text ? JSON.parse(response.text) : {} };
  }

  get<T = any>(path: string, params?: Record<string, unknown>, headers?: Record<string, string>) {
    return this.send<T>('GET', path, params, headers);
  }

  post<T = any>(path: string, params?: Record<string, unknown>, headers?: Record<string, string>) {
    return this.send<T>('POST', path, params, headers);
  }

  /** Signs in with account and password; keeps the token for later calls. */
  async login(account = 'admin', password = 'Pms@2026'): Promise<ApiAnswer> {
    const answer = await this.post('/api/auth/login/userlogin', { account, password: passwordDigest(password) });
    if (answer.http === 200) this.token = answer.body.data.authToken;
    return answer;
  }
}

/** A signed-in client, or a thrown error naming the account. */
export async function signedIn(baseUrl: string, account = 'admin', password = 'Pms@2026'): Promise<Api> {
  const api = new Api(baseUrl);
  const answer = await api.login(account, password);
  if (answer.http !== 200) throw new Error(`login ${account} failed: ${JSON.stringify(answer.body)}`);
  return api;
}

/** The first sign-in of an account with an initial password (issue 40): signs in, changes it as the server demands, goes on signed in. */
export async function signedInFirstTime(baseUrl: string, account: string, initialPassword: string, newPassword = 'Changed2026pw'): Promise<Api> {
  const api = await signedIn(baseUrl, account, initialPassword);
  const changed = await api.post('/api/auth/login/updatePwd', { oldPassword: passwordDigest(initialPassword), newPassword });
  if (changed.http !== 200) throw new Error(`password change of ${account} failed: ${JSON.stringify(changed.body)}`);
  return api;
}
