import autocannon from 'autocannon';
import { Api } from '../../tests/support/api.ts';
import { SessionStore } from '../../server/platform/auth/sessions.ts';
import { openConfiguredDatabase } from '../../server/platform/db/index.ts';
import { mulberry32 } from '../../server/platform/db/random.ts';

/** One call of a load mix, as the web app makes it: method, path and its parameters (query of a GET, JSON body of a POST). */
export interface LoadCall {
  method: 'GET' | 'POST';
  path: string;
  params?: Record<string, unknown>;
}

/** A kind of call and how often it comes (relative weight); `make` builds a fresh one each time. */
export interface LoadMix {
  weight: number;
  make: (random: () => number) => LoadCall;
}

export interface LoadOptions {
  /** The server, or several instances of it: connection i goes to url[i % url.length] (autocannon's own spreading). */
  url: string | string[];
  /** Session tokens; connection i uses tokens[i % tokens.length]. */
  tokens: string[];
  mix: LoadMix[];
  connections: number;
  durationSeconds: number;
  /** Requests per second over all connections; omitted: as fast as the server answers. */
  overallRate?: number;
}

export interface LoadFigures {
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p97_5: number;
  p99: number;
  /** Connection errors (refused, reset); timeouts are counted apart, not here as autocannon's own `errors` does. */
  errors: number;
  /** Requests without an answer within 10 s. */
  timeouts: number;
  non2xx: number;
  /** The non-2xx answers by status and message, most frequent first, each with one request that got it. */
  refusals: Refusal[];
}

export interface Refusal {
  status: number;
  message: string;
  count: number;
  example: string;
}

/** A refusal's message: the envelope's Chinese message, or the start of a body that is not one. */
function messageOf(body: string): string {
  try {
    return String(JSON.parse(body).message);
  } catch {
    return body.slice(0, 120);
  }
}

/**
 * Sessions through the real sign-in (the server's PMS_LOGIN_RATE_LIMIT must allow `count`
 * attempts a minute from loopback): one token per simulated user.
 */
export async function signInSessions(url: string, count: number, account = 'admin', password = 'Pms@2026'): Promise<string[]> {
  const tokens: string[] = [];
  // A few at a time: sign-in hashes the password (scrypt), which is slow by design.
  for (let i = 0; i < count; i += 8) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(8, count - i) }, async () => {
        const api = new Api(url);
        const answer = await api.login(account, password);
        if (answer.http !== 200) throw new Error(`sign-in ${account} failed: ${answer.http} ${JSON.stringify(answer.body)}`);
        return api.token;
      }),
    );
    tokens.push(...batch);
  }
  return tokens;
}

/**
 * Sessions made by the server's own session store, writing to the database of a running
 * server (SQLite takes writers from two processes; a PostgreSQL server's when it has a
 * databaseUrl): sign-in hashes the password by design and is rate limited, and creating the
 * session is all it would add to the figures.
 */
export async function storedSessions(server: { dataDir: string; databaseUrl?: string }, count: number, account = 'admin'): Promise<string[]> {
  const database = openConfiguredDatabase(server);
  try {
    const staff = await database.db.selectFrom('staff').select('id').where('account', '=', account).executeTakeFirstOrThrow();
    const store = new SessionStore(database.db, { idleSeconds: 7200, maxSeconds: 43200 });
    const tokens: string[] = [];
    for (let i = 0; i < count; i++) tokens.push(await store.create(staff.id, { ip: '127.0.0.1', userAgent: 'autocannon' }));
    return tokens;
  } finally {
    await database.close();
  }
}

/**
 * Load with autocannon where every request is signed like the browser's (fresh timestamp and
 * nonce, `sign` header) and carries its connection's session token: a replayed or unsigned
 * request would be refused, so the figures include the signature and session checks.
 */
export async function signedLoad(options: LoadOptions): Promise<LoadFigures> {
  const total = options.mix.reduce((s, m) => s + m.weight, 0);
  let clients = 0;
  const refusals = new Map<string, Refusal>();
  const result = await autocannon({
    // autocannon takes a list of URLs and spreads its connections over them in turn; its types say one string.
    url: options.url as string,
    connections: options.connections,
    duration: options.durationSeconds,
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
    timeout: 10,
    setupClient(client) {
      const n = clients++;
      const api = new Api('', options.tokens[n % options.tokens.length]!);
      const random = mulberry32(n + 1);
      let sent = '';
      client.setRequests([
        {
          setupRequest: (request) => {
            let r = random() * total;
            const kind = options.mix.find((m) => (r -= m.weight) < 0) ?? options.mix[options.mix.length - 1]!;
            const call = kind.make(random);
            const signed = api.prepare(call.method, call.path, call.params);
            sent = `${signed.method} ${signed.path} ${signed.body ?? ''}`;
            return { ...request, method: signed.method, path: signed.path, headers: signed.headers, body: signed.body };
          },
          // A refusal is kept with its message and the request that got it, so a figure above 0 says why.
          onResponse: (status: number, body: string) => {
            if (status >= 200 && status < 300) return;
            const message = messageOf(body);
            const key = `${status} ${message}`;
            const seen = refusals.get(key) ?? { status, message, count: 0, example: sent };
            seen.count += 1;
            refusals.set(key, seen);
          },
        },
      ] as autocannon.Request[]);
    },
  });
  return {
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.errors - result.timeouts,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    refusals: [...refusals.values()].sort((a, b) => b.count - a.count),
  };
}

/** The refusals in one line for a figure's table ("403 重复的请求已被拒绝 ×3; …"), or none. */
export function refusalText(refusals: Refusal[]): string {
  return refusals.length ? refusals.slice(0, 5).map((r) => `${r.status} ${r.message} ×${r.count}`).join('; ') : 'none';
}
