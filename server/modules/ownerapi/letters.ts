import type { AnyDB, Row } from '../../engine/hooks.ts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/http/envelope.ts';
import { ownerOf } from './context.ts';
import { houseOf, idSchema, pageQuery, text, perOwner } from './input.ts';
import { ownedPictures, pictureField, pictureIds } from './pictures.ts';
import { nextSequenceCode } from '../../engine/codes.ts';

const MAILBOXES = ['gm', 'pm', 'party'];
const TYPES = ['suggest', 'complaint', 'praise', 'consult', 'help'];
/** A reply reaches the owner only once 信箱审批 approved it; before that it is a draft the owner never sees. */
const REPLY_SHOWN = ['replied', 'closed'];
/** The owner's view of where their letter is (staff states in the owner's words). */
const OWNER_STATE: Record<string, string> = { new: '待受理', handling: '办理中', reply_pending: '办理中', replied: '已回复', closed: '已办结', to_order: '已转工单处理' };

const letterBody = {
  type: 'object',
  required: ['mailbox', 'letterType', 'title', 'content'],
  additionalProperties: false,
  properties: {
    mailbox: { type: 'string', enum: MAILBOXES },
    letterType: { type: 'string', enum: TYPES },
    title: { type: 'string', maxLength: 200 },
    content: { type: 'string', maxLength: 5000 },
    houseId: idSchema,
    anonymous: { type: 'boolean' },
    wantPublic: { type: 'boolean' },
    photos: pictureIds,
  },
} as const;

/** The next letter code of the day (XX + date + sequence), as the demo's letters are numbered. */
async function nextCode(db: AnyDB, now: number): Promise<string> {
  const day = `XX${new Date(now + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '')}`;
  return nextSequenceCode(db, 'community_letter', day, 4);
}

/**
 * The community mailbox from the owner's side: a letter written to one of the mailboxes of the
 * project of their house (the staff mailbox's 待受理), and their letters with the reply once approved.
 */
export default async function letterRoutes(app: FastifyInstance) {
  const db = app.db as unknown as AnyDB;
  app.post('/letter/write', { config: { owner: true, rateLimit: perOwner(10, '1 hour') }, schema: { body: letterBody } }, async (request) => {
    const owner = ownerOf(request);
    const body = request.body as { mailbox: string; letterType: string; title: string; content: string; houseId?: number; anonymous?: boolean; wantPublic?: boolean; photos?: string[] };
    const title = text(body.title, '来信标题', 60)!;
    const content = text(body.content, '来信内容', 2000)!;
    const house = houseOf(owner, body.houseId);
    const photos = await ownedPictures(db, owner, pictureField(app, 'community_letter', 'photos'), body.photos);
    const now = Date.now();
    const anonymous = body.anonymous === true;
    const id = await db.transaction().execute(async (trx) => {
      const { id } = (await trx
        .insertInto('community_letter')
        .values({
          code: await nextCode(trx, now),
          mailbox: body.mailbox,
          letter_type: body.letterType,
          title,
          content,
          // Anonymous: staff see neither name, number nor house; only the owner's own list links it.
          writer_name: anonymous ? '匿名业主' : house.name,
          writer_mobile: anonymous ? null : owner.mobile,
          house_id: anonymous ? null : house.houseId,
          photos,
          anonymous: anonymous ? 1 : 0,
          want_public: body.wantPublic ? 1 : 0,
          received_at: now,
          status: 'new',
          state_at: now,
          project_id: house.projectId,
          created_by: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()) as { id: number };
      await trx.insertInto('owner_letter').values({ letter_id: id, customer_id: house.customerId }).execute();
      await trx.insertInto('resource_timeline').values({ resource: 'community_letter', record_id: id, action: 'create', from_state: null, to_state: 'new', note: '业主通过 App 来信', staff_id: null, staff_name: anonymous ? '匿名业主' : house.name, at: now }).execute();
      return id;
    });
    return ok({ id }, '来信已提交，我们会尽快处理');
  });

  app.get('/letter/list', { config: { owner: true }, schema: { querystring: pageQuery } }, async (request) => {
    const { pageNum = 1, pageSize = 20 } = request.query as { pageNum?: number; pageSize?: number };
    const rows = await db
      .selectFrom('owner_letter as o')
      .innerJoin('community_letter as l', 'l.id', 'o.letter_id')
      .select(['l.id', 'l.code', 'l.mailbox', 'l.letter_type', 'l.title', 'l.content', 'l.photos', 'l.received_at', 'l.status', 'l.reply', 'l.replied_at'])
      .where('o.customer_id', 'in', ownerOf(request).houses.map((h) => h.customerId))
      .orderBy('l.received_at', 'desc')
      .orderBy('l.id', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute();
    return ok(
      (rows as Row[]).map(({ reply, replied_at, status, photos, ...r }) => {
        const shown = REPLY_SHOWN.includes(status as string);
        return { ...r, photos: typeof photos === 'string' ? JSON.parse(photos) : (photos ?? []), state: OWNER_STATE[status as string] ?? '办理中', reply: shown ? reply : null, replied_at: shown ? replied_at : null };
      }),
    );
  });
}
