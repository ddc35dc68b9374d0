import { describe, expect, it } from 'vitest';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { DEMO_ORG } from '../../server/modules/org/demo.ts';

/**
 * A search word matches itself (server/platform/db/textSearch.ts): `_` and `%` in what a user
 * types are letters, not LIKE's wildcards, in the engine's like filters and option keywords and
 * in the modules' own searches. SQLite has no default escape character, so an escaped `_` once
 * matched nothing at all.
 */
const server = setUpServer();
const [admin] = setUpApis(server, 'admin');

describe('searching for text with _ or %', () => {
  it('finds the record holding it, and only that record', async () => {
    for (const [name, code] of [['计费_日部门', 'T-LIKE-1'], ['计费X日部门', 'T-LIKE-2'], ['满50%部门', 'T-LIKE-3'], ['满500部门', 'T-LIKE-4']]) {
      expect((await admin.post('/api/base/crmDept/add', { name, code, org_id: DEMO_ORG.company })).body.message).toBe('新增成功');
    }
    const names = async (word: string) => ((await admin.post('/api/base/crmDept/list', { pageSize: 50, filters: { name: word } })).body.data.records as { name: string }[]).map((r) => r.name).sort();
    expect(await names('计费_日')).toEqual(['计费_日部门']);
    expect(await names('满50%')).toEqual(['满50%部门']);
    expect(await names('满50')).toEqual(['满500部门', '满50%部门'].sort());
  });
});
