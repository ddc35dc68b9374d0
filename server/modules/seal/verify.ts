import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/http/envelope.ts';
import type { AnyDB } from '../../engine/hooks.ts';

/**
 * 验真: a stamped file's verification code and its SHA-256 confirm it is the file the product
 * stamped, unchanged; one changed byte changes the hash and the check says so.
 */
export async function verifyRoutes(app: FastifyInstance) {
  app.post(
    '/verify',
    {
      config: { btnCode: 'sealapply:view' },
      schema: { body: { type: 'object', required: ['code', 'sha256'], additionalProperties: false, properties: { code: { type: 'string', pattern: '^[A-Z0-9]{8}$' }, sha256: { type: 'string', pattern: '^[0-9a-f]{64}$' } } } },
    },
    async (request) => {
      const { code, sha256 } = request.body as { code: string; sha256: string };
      // Not scoped to the caller's projects on purpose: it is the check anyone holding a stamped copy makes, and tells only whether it is genuine.
      const row = (await (app.db as unknown as AnyDB)
        .selectFrom('seal_use_apply')
        .leftJoin('seal', 'seal.id', 'seal_use_apply.seal_id')
        .select(['seal_use_apply.doc_name', 'seal_use_apply.file_hash', 'seal_use_apply.stamped_at', 'seal_use_apply.status', 'seal.name as seal_name'])
        .where('seal_use_apply.verify_code', '=', code)
        .executeTakeFirst()) as { doc_name: string; file_hash: string; stamped_at: number; status: string; seal_name: string } | undefined;
      if (!row) return ok({ valid: false, reason: '验真码不存在' }, '验真失败：验真码不存在');
      if (row.file_hash !== sha256) return ok({ valid: false, reason: '文件内容与签章时不一致' }, '验真失败：文件内容与签章时不一致，可能已被修改');
      if (row.status === 'void') return ok({ valid: false, reason: '签章文件已作废' }, '验真失败：签章文件已作废');
      return ok({ valid: true, docName: row.doc_name, sealName: row.seal_name, stampedAt: row.stamped_at }, '验真通过：文件与签章时一致');
    },
  );
}
