import { describe, expect, it } from 'vitest';
import type { JsonShape, ResourceDef } from '../../src/shared/schemaTypes.ts';
import { PNG, uploadFile } from '../support/patrol.ts';
import { setUpApis, setUpServer } from '../support/setup.ts';

// Issue 40, finding 9: work-order photos took any JSON on add and update (off-site links shown to
// other staff as attachments). Generated over every JSON field of every resource: a value of
// another structure, a nested one and a file reference that is no stored file are refused on
// update with a Chinese message and change nothing.
const server = setUpServer();
const [admin, weixiu] = setUpApis(server, 'admin', 'weixiu');

const holdsFiles = (shape: JsonShape | undefined): boolean => Boolean(shape && (shape.file || holdsFiles(shape.items) || Object.values(shape.properties ?? {}).some(holdsFiles) || holdsFiles(shape.additionalProperties)));

/** A value of the shape whose file references are `path`; null when it has none. */
function withFile(shape: JsonShape, path: string): unknown {
  if (shape.file) return path;
  if (shape.items && holdsFiles(shape.items)) return [withFile(shape.items, path)];
  return null;
}

function editableJsonFields(resource: ResourceDef) {
  if (!resource.permissions.update || resource.readOnly) return [];
  return Object.entries(resource.fields).filter(([name, f]) => f.type === 'json' && !f.through && !f.auto && name !== resource.workflow?.field);
}

const HOSTILE = [{ nested: { deep: [1, 2, { a: 'b' }] } }, 'x'.repeat(70_000), [{ href: 'https://evil.example/x.png' }]];

describe('JSON fields hold their declared shape on every write (issue 40, finding 9)', () => {
  it('refuses another structure and foreign files in every editable JSON field, changing nothing', async () => {
    const problems: string[] = [];
    let tried = 0;
    for (const resource of server.app.catalogue.resources.values()) {
      const fields = editableJsonFields(resource);
      if (!fields.length) continue;
      const row = (await server.app.db.selectFrom(resource.name as never).selectAll().orderBy('id' as never).limit(1).executeTakeFirst()) as Record<string, unknown> | undefined;
      if (!row) continue;
      const base = `/api/${resource.service}${resource.path}`;
      for (const [name, field] of fields) {
        const values: unknown[] = [...HOSTILE];
        for (const path of ['https://evil.example/x.png', '/files/202611/0123456789abcdef0123456789abcdef.png']) {
          // A multi-select (enum or dictionary, no shape) holds no files.
          const value = field.shape ? withFile(field.shape, path) : null;
          if (value !== null) values.push(value);
        }
        for (const value of values) {
          tried++;
          const answer = await admin.post(`${base}/update`, { id: row.id, [name]: value });
          const after = (await server.app.db.selectFrom(resource.name as never).selectAll().where('id' as never, '=', row.id as never).executeTakeFirst()) as Record<string, unknown>;
          if (answer.http !== 400 || !/[\u4e00-\u9fa5]/.test(answer.body.message)) problems.push(`${resource.name}.${name} ${JSON.stringify(value).slice(0, 60)}: ${answer.http} ${answer.body.message}`);
          if (after[name] !== row[name]) problems.push(`${resource.name}.${name}: changed by a refused write`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(tried).toBeGreaterThan(20);
  });

  it('takes only the product’s own stored files as work-order photos, on update and the handling step', async () => {
    const stored = (await uploadFile(admin, '/api/file/upload', PNG, 'leak.png')).body.data.cdnUrl as string;
    const me = await server.app.db.selectFrom('staff').select('id').where('account', '=', 'weixiu').executeTakeFirstOrThrow();
    // An order the technician is handling: the handling step is theirs.
    const order = await server.app.db.selectFrom('work_order').select('id').where('status', '=', 'processing').where('processor_id', '=', me.id).executeTakeFirstOrThrow();
    const foreign = await admin.post('/api/mkf/questionTask/update', { id: order.id, photos: ['/files/202611/0123456789abcdef0123456789abcdef.png'] });
    expect([foreign.http, foreign.body.message]).toEqual([400, '报事照片中有文件不是本系统上传的文件，请重新上传']);
    const offSite = await admin.post('/api/mkf/questionTask/update', { id: order.id, photos: ['https://evil.example/x.png'] });
    expect([offSite.http, offSite.body.message]).toEqual([400, '报事照片中有文件不是本系统上传的文件，请重新上传']);
    const tooMany = await admin.post('/api/mkf/questionTask/update', { id: order.id, photos: Array(10).fill(stored) });
    expect([tooMany.http, tooMany.body.message]).toEqual([400, '报事照片最多 9 项']);
    // Only a draft is edited (a processing order answers 409): the stored file is taken there.
    const draft = await server.app.db.selectFrom('work_order').select('id').where('status', '=', 'draft').executeTakeFirstOrThrow();
    const own = await admin.post('/api/mkf/questionTask/update', { id: draft.id, photos: [stored] });
    expect([own.http, own.body.message]).toEqual([200, '保存成功']);
    const materials = await weixiu!.post('/api/mkf/questionTask/transition', { id: order.id, action: 'handle', values: { handle_result: '已处理', materials: [{ quantity: 1 }] } });
    expect([materials.http, materials.body.message]).toEqual([400, '使用材料格式不正确']);
    const photos = await weixiu!.post('/api/mkf/questionTask/transition', { id: order.id, action: 'handle', values: { handle_result: '已处理', handle_photos: ['/files/202611/0123456789abcdef0123456789abcdef.png'] } });
    expect([photos.http, photos.body.message]).toEqual([400, '处理照片中有文件不是本系统上传的文件，请重新上传']);
  });
});
