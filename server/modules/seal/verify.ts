import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/http/envelope.ts';
import type { AnyDB } from '../../engine/hooks.ts';
import { SEAL_CODE_PATTERN, type SealVerdict as Verdict } from '../../../src/shared/sealVerdict.ts';

const CODE = { type: 'string', pattern: SEAL_CODE_PATTERN } as const;
const SHA256 = { type: 'string', pattern: '^[0-9a-f]{64}$' } as const;

/**
 * 验真: a stamped file's verification code and its SHA-256 confirm it is the file the product
 * stamped, unchanged; one changed byte changes the hash and the check says so. Not scoped to
 * the caller's projects on purpose: it is the check anyone holding a stamped copy makes, and
 * tells only whether it is genuine (the document, the seal and the day; nobody's name).
 */
async function check(db: AnyDB, code: string, sha256: string | undefined): Promise<[Verdict, string]> {
  const row = (await db
    .selectFrom('seal_use_apply')
    .leftJoin('seal', 'seal.id', 'seal_use_apply.seal_id')
    .select(['seal_use_apply.doc_name', 'seal_use_apply.file_hash', 'seal_use_apply.stamped_at', 'seal_use_apply.status', 'seal.name as seal_name'])
    .where('seal_use_apply.verify_code', '=', code)
    .executeTakeFirst()) as { doc_name: string; file_hash: string; stamped_at: number; status: string; seal_name: string } | undefined;
  const fileChecked = sha256 !== undefined;
  if (!row) return [{ valid: false, reason: '验真码不存在', fileChecked }, '验真失败：验真码不存在'];
  if (fileChecked && row.file_hash !== sha256) return [{ valid: false, reason: '文件内容与签章时不一致', fileChecked }, '验真失败：文件内容与签章时不一致，可能已被修改'];
  if (row.status === 'void') return [{ valid: false, reason: '签章文件已作废', fileChecked }, '验真失败：签章文件已作废'];
  const verdict = { valid: true, docName: row.doc_name, sealName: row.seal_name, stampedAt: row.stamped_at, fileChecked };
  return [verdict, fileChecked ? '验真通过：文件与签章时一致' : '验真码有效：请核对文件名称与签章印章，或选择文件核对内容'];
}

export async function verifyRoutes(app: FastifyInstance) {
  const db = app.db as unknown as AnyDB;
  app.post(
    '/verify',
    { config: { btnCode: 'sealapply:view' }, schema: { body: { type: 'object', required: ['code', 'sha256'], additionalProperties: false, properties: { code: CODE, sha256: SHA256 } } } },
    async (request) => {
      const { code, sha256 } = request.body as { code: string; sha256: string };
      const [verdict, message] = await check(db, code, sha256);
      return ok(verdict, message);
    },
  );

  // The public page /sealVerify (no session): whoever holds a printed or sent copy checks its
  // code, and the file when they have it (hashed in their browser, never uploaded). Rate-limited
  // so codes cannot be tried in bulk.
  app.post(
    '/public/verify',
    { config: { public: true, rateLimit: { max: 20, timeWindow: '1 minute' } }, schema: { body: { type: 'object', required: ['code'], additionalProperties: false, properties: { code: CODE, sha256: SHA256 } } } },
    async (request) => {
      const { code, sha256 } = request.body as { code: string; sha256?: string };
      const [verdict, message] = await check(db, code, sha256);
      return ok(verdict, message);
    },
  );
}
