import { describe, expect, it } from 'vitest';
import { signedIn } from '../support/api.ts';
import { setUpServer } from '../support/setup.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/demo.ts';
import { isOwn } from '../../server/modules/patrol/common.ts';

// Issue 40 finding 5: `task.executor_id === scope.selfStaffId` was true when both were null, so a
// caller without the 'self' scope read every unassigned task of any project.
const server = setUpServer();

describe('own records never match an empty owner (issue 40, finding 5)', () => {
  it('isOwn: neither side may be empty', () => {
    expect(isOwn(null, null)).toBe(false);
    expect(isOwn(undefined, null)).toBe(false);
    expect(isOwn(5, null)).toBe(false);
    expect(isOwn(null, 5)).toBe(false);
    expect(isOwn(5, 5)).toBe(true);
  });

  it('answers another project’s unassigned patrol task to no caller of 翠湖天地, on every task route taking its id', async () => {
    const task = await server.app.db.selectFrom('tbp_task').select(['id']).where('project_id', '=', DEMO_PROJECTS.jinxiu.id).where('deleted_at', 'is', null).orderBy('id').limit(1).executeTakeFirstOrThrow();
    await server.app.db.updateTable('tbp_task').set({ executor_id: null }).where('id', '=', task.id).execute();
    for (const account of ['xmjl', 'xuncha']) {
      const api = await signedIn(server.url, account);
      const records = await api.get('/api/patrol/ptTask/recordList', { taskId: task.id });
      expect([account, records.http]).toEqual([account, 404]);
      expect(JSON.stringify(records.body)).not.toContain('"action"');
    }
    const admin = await signedIn(server.url, 'admin');
    expect((await admin.get('/api/patrol/ptTask/recordList', { taskId: task.id })).http).toBe(200);
  });
});
