import type { FastifyInstance } from 'fastify';
import type { AnyDB, ResourceHooks } from '../../../engine/hooks.ts';
import { checkRuntimeForm } from '../../../engine/runtimeForms.ts';
import { scopeRows, visibleProjectIds } from '../../../engine/scope.ts';
import { staffOptionsRoute } from '../staffOptions.ts';
import { badRequest, notFound, ok } from '../../../platform/http/envelope.ts';
import { ATTENDED, closeSheet, signIn, syncRoster, trainingById } from '../attendance.ts';
import { CODE_GRACE_MS, makeSignCode, readSignCode, signCodeImage } from '../signCode.ts';

const ID_QUERY = { type: 'object', required: ['id'], additionalProperties: false, properties: { id: { type: 'integer', minimum: 1 } } };

/**
 * Offline training sessions: the roster (参训人员) becomes the attendance sheet, the session's
 * end marks who never came, and the calls around QR sign-in: the organiser's signed code, the
 * trainee's sign-in and evaluation from the staff app, and the trainee picker.
 */
export const offlineTrainingHooks: ResourceHooks = {
  async beforeSave({ trx, values, current }) {
    // Taking someone who already signed in off the roster would lose their attendance.
    if (!('trainee_ids' in values)) return;
    const roster = [...new Set((values.trainee_ids ?? []) as number[])];
    values.trainee_ids = roster;
    if (!current) return;
    const signed = (await trx.selectFrom('training_attendance').innerJoin('staff', 'staff.id', 'training_attendance.staff_id').select(['staff.id', 'staff.name']).where('training_id', '=', current.id).where('signed_in_at', 'is not', null).execute()) as { id: number; name: string }[];
    const dropped = signed.filter((s) => !roster.includes(s.id));
    if (dropped.length) throw badRequest(`${dropped.map((s) => s.name).join('、')}已签到，不能移出参训名单`);
  },
  async beforeDelete({ trx, ids }) {
    const signed = await trx.selectFrom('training_attendance').select('id').where('training_id', 'in', ids).where('signed_in_at', 'is not', null).executeTakeFirst();
    if (signed) throw badRequest('培训已有人员签到，不能删除，可取消');
    await trx.deleteFrom('training_attendance').where('training_id', 'in', ids).execute();
  },
  async afterSave({ trx, id, staff }) {
    await syncRoster(trx, id, Date.now(), staff.id);
  },
  async afterTransition({ trx, id, to }) {
    if (to === 'finished') await closeSheet(trx, id, Date.now());
  },
  async routes(app: FastifyInstance) {
    const db = app.db as unknown as AnyDB;
    const seen = async (staff: Parameters<typeof visibleProjectIds>[1], id: number) =>
      (await scopeRows({ db, staff }, { name: 'offline_training', scope: 'project' }, db.selectFrom('offline_training').select('id').where('offline_training.id', '=', id))).executeTakeFirst();

    // The organiser's QR code for a session: rows for the detail page's table.
    app.get('/signCode', { config: { btnCode: 'offlineTraining:qrcode' }, schema: { querystring: ID_QUERY } }, async (request) => {
      const { id } = request.query as { id: number };
      if (!(await seen(request.staff!, id))) throw notFound('培训不存在或不在您的数据范围内');
      const t = (await trainingById(db, id))!;
      if (t.status === 'finished' || t.status === 'cancelled') throw badRequest(`培训已${t.status === 'finished' ? '结束' : '取消'}，不再生成签到码`);
      const expiresAt = t.end_time + CODE_GRACE_MS;
      const code = makeSignCode(app.config.signSeed, id, expiresAt);
      return ok([{ id, code, qr: await signCodeImage(code), expires_at: expiresAt }]);
    });

    // The staff app: the trainee sends the scanned code and is signed in as themselves.
    app.post(
      '/signIn',
      { config: { anyStaff: true, rateLimit: { max: 30, timeWindow: '1 minute' } }, schema: { body: { type: 'object', required: ['code'], additionalProperties: false, properties: { code: { type: 'string', maxLength: 120 } } } } },
      async (request) => {
        const trainingId = readSignCode(app.config.signSeed, (request.body as { code: string }).code);
        const answer = await db.transaction().execute((trx) => signIn(trx, trainingId, request.staff!.id, Date.now()));
        return ok(answer, `签到成功（${String(answer.resultText)}）`);
      },
    );

    // The staff app: a trainee who attended rates the session once, answering its evaluation form.
    app.post(
      '/evaluate',
      {
        config: { anyStaff: true },
        schema: {
          body: {
            type: 'object', required: ['trainingId', 'rating'], additionalProperties: false,
            properties: { trainingId: { type: 'integer', minimum: 1 }, rating: { type: 'integer', minimum: 1, maximum: 5 }, answers: { type: 'object', maxProperties: 60 } },
          },
        },
      },
      async (request) => {
        const { trainingId, rating, answers } = request.body as { trainingId: number; rating: number; answers?: Record<string, unknown> };
        await db.transaction().execute(async (trx) => {
          const row = (await trx.selectFrom('training_attendance').select(['id', 'result', 'evaluated', 'evaluate_id']).where('training_id', '=', trainingId).where('staff_id', '=', request.staff!.id).executeTakeFirst()) as { id: number; result: string; evaluated: number; evaluate_id: number | null } | undefined;
          if (!row) throw badRequest('您不在该培训的参训名单中');
          if (!ATTENDED.includes(row.result as (typeof ATTENDED)[number])) throw badRequest('签到参训后才能评价');
          if (row.evaluated) throw badRequest('您已评价过该培训');
          const written: Record<string, unknown> = { rating, evaluated: 1, updated_at: Date.now() };
          if (row.evaluate_id) {
            const resource = app.catalogue.resources.get('training_attendance')!;
            written.evaluation = JSON.stringify(answers ?? {});
            await checkRuntimeForm(trx, resource, 'evaluation', resource.fields.evaluation!, { evaluate_id: row.evaluate_id }, written);
          }
          await trx.updateTable('training_attendance').set(written).where('id', '=', row.id).execute();
        });
        return ok(null, '评价已提交，感谢您的反馈');
      },
    );

    // The roster picker.
    staffOptionsRoute(app, ['offlineTraining:add', 'offlineTraining:edit']);
  },
};
