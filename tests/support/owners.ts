// Owner-app clients for tests: an owner signed in through POST /api/owner/login with an SMS code
// written to sms_code the way POST /api/auth/login/ownerSmsCode writes it (the demo has no SMS
// gateway; tests/server/owner-api.test.ts signs in once through a stand-in gateway too).
import { ownerCodeHash } from '../../server/modules/auth/ownerSms.ts';
import type { Kysely } from 'kysely';
import { Api } from './api.ts';
import type { TestServer } from './server.ts';

/** What these helpers need of a server: its database and address. */
type Server = Pick<TestServer, 'app' | 'url'>;

const CODE = '246810';

/** Leaves a live owner code for the mobile in sms_code, as the code route would. */
export async function plantOwnerCode(server: Server, mobile: string, code = CODE): Promise<string> {
  const now = Date.now();
  await server.app.db.insertInto('sms_code').values({ mobile, purpose: 'owner', code_hash: ownerCodeHash(mobile, code), expires_at: now + 300_000, attempts: 0, consumed_at: null, created_at: now }).execute();
  return code;
}

/** An owner-app client signed in as the customer with this mobile (its token in the token header). */
export async function ownerSignedIn(server: Server, mobile: string, terminal = 'app_android'): Promise<Api> {
  const api = new Api(server.url);
  const answer = await api.post('/api/owner/login', { mobile, code: await plantOwnerCode(server, mobile), terminal });
  if (answer.http !== 200) throw new Error(`owner ${mobile} could not sign in: ${answer.body.message}`);
  api.token = answer.body.data.token;
  return api;
}

/** Mobiles of owners of a project with a house, one per person (a mobile holding one house), certified or not. */
export async function ownerMobiles(server: Server, projectId: number, certified: boolean, count: number): Promise<string[]> {
  const db = server.app.db as unknown as Kysely<any>;
  const rows = (await db
    .selectFrom('customer')
    .select(['mobile'])
    .where('project_id', '=', projectId)
    .where('house_id', 'is not', null)
    .where('certified', '=', certified ? 1 : 0)
    .where('mobile', 'not in', db.selectFrom('customer').select('mobile').groupBy('mobile').having((eb) => eb.fn.countAll(), '>', 1))
    .orderBy('id')
    .limit(count)
    .execute()) as { mobile: string }[];
  if (rows.length < count) throw new Error(`the demo has fewer than ${count} such owners`);
  return rows.map((r) => r.mobile);
}

/** An owner-app client whose session went unused past its idle window (token_code -1). */
export async function expiredOwner(server: Server, mobile: string): Promise<Api> {
  const api = await ownerSignedIn(server, mobile);
  const db = server.app.db as unknown as Kysely<any>;
  const last = (await db.selectFrom('owner_session').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()) as { id: number };
  await db.updateTable('owner_session').set({ last_seen_at: Date.now() - 8 * 86_400_000 }).where('id', '=', last.id).execute();
  return api;
}
