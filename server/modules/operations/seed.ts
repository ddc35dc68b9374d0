import type { Kysely } from 'kysely';
import type { SeedContext } from '../../engine/module.ts';
import { DEMO_PROJECTS } from '../org/public.ts';
import { COMMUNITY_CONTENT } from './demoCommunity.ts';
import { OPERATIONS_CONTENT, type Dated } from './demoContent.ts';

// The operations tables are resources' tables: typed loosely, as the other seeds do.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Kysely<any>;
type Row = Record<string, unknown>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The operations role authors and publishes the owner app's content; approving adverts is the approvers' (the approval center). */
export const OPERATIONS_DEMO_GRANTS: Record<string, string[]> = {
  operations: [
    ...['view', 'add', 'edit', 'delete', 'publish', 'sort'].flatMap((a) => [`banner:${a}`, `popup:${a}`]),
    ...['view', 'add', 'edit', 'delete', 'enable', 'sort'].flatMap((a) => [`systemcard:${a}`, `application:${a}`]),
    ...['view', 'add', 'edit', 'delete', 'export', 'submit', 'online', 'sort'].map((a) => `advert:${a}`),
    // The forms' selects: application categories and the posts a system card is shown to.
    'category:view',
    'post:view',
    ...['view', 'add', 'edit', 'delete', 'submit', 'publish', 'sort'].map((a) => `article:${a}`),
    ...['view', 'add', 'edit', 'delete', 'submit', 'sort'].map((a) => `convenience:${a}`),
    'appfeedback:view',
    'appfeedback:handle',
    'appfeedback:reveal',
    'approval:view',
  ],
  // A project manager sees what his project's owners are shown.
  project_manager: ['banner:view', 'popup:view', 'advert:view', 'article:view', 'convenience:view', 'appfeedback:view'],
};

/** The state a dated record is in now: before its start, during, after its end. */
function stateAt(now: number, d: Dated, states: { before: string; during: string; after: string }): string {
  if (d.draft) return 'draft';
  if (now < d.start) return states.before;
  return now < d.end ? states.during : states.after;
}

/**
 * Demo content of the owner app across the four projects: banners, popups, system cards,
 * applications (owner, staff and YXL), and adverts with months of history (played and taken
 * down, playing, approved and waiting for their start, rejected, drafts), each advert's steps
 * in its timeline. Adverts waiting for approval are left to the approval flow (one for the
 * company, seeded here): they start when someone submits one.
 */
export async function seedOperations(ctx: SeedContext): Promise<void> {
  const db = ctx.trx as Loose;
  const { now } = ctx;
  const staffOf = async (account: string) => ((await db.selectFrom('staff').select(['id', 'name']).where('account', '=', account).executeTakeFirstOrThrow()) as { id: number; name: string });
  const yunying = await staffOf('yunying');
  const admin = await staffOf('admin');
  const projects = Object.values(DEMO_PROJECTS);
  const at = (offsetDays: number, hour = 9) => {
    const d = new Date(now + offsetDays * DAY);
    d.setHours(hour, 0, 0, 0);
    return d.getTime();
  };
  const audit = (created: number) => ({ created_by: yunying.id, created_at: created, updated_at: created });
  const timeline = (resource: string, id: number, steps: [string, string | null, string, number, { id: number; name: string } | null, string | null][]) =>
    Promise.all(
      steps.map(([action, from, to, when, who, note]) =>
        db.insertInto('resource_timeline').values({ resource, record_id: id, action, from_state: from, to_state: to, note, staff_id: who?.id ?? null, staff_name: who?.name ?? '系统', at: when }).execute(),
      ),
    );

  // Banners and popups: the same titles in each project, at different dates, so every project's app has some.
  for (const [p, project] of projects.entries()) {
    for (const [i, b] of OPERATIONS_CONTENT.banners.entries()) {
      const dated = { start: at(b.startDay + p * 3), end: at(b.endDay + p * 3, 23), draft: b.draft };
      const status = stateAt(now, dated, { before: 'scheduled', during: 'online', after: 'offline' });
      await db
        .insertInto('banner')
        .values({ project_id: project.id, app_code: b.app, title: b.title, pic_url: null, position: b.position, url: b.url, sort: (i + 1) * 10, start_time: dated.start, end_time: dated.end, browse_count: status === 'draft' || status === 'scheduled' ? 0 : Math.round(200 + ctx.rnd() * 3000), memo: null, status, state_at: Math.min(now, dated.start), ...audit(dated.start - 5 * DAY) })
        .execute();
    }
    for (const [i, popup] of OPERATIONS_CONTENT.popups.entries()) {
      const dated = { start: at(popup.startDay + p * 2), end: at(popup.endDay + p * 2, 23), draft: popup.draft };
      const status = stateAt(now, dated, { before: 'scheduled', during: 'online', after: 'offline' });
      const views = status === 'draft' || status === 'scheduled' ? 0 : Math.round(500 + ctx.rnd() * 4000);
      await db
        .insertInto('popup')
        .values({ project_id: project.id, title: popup.title, image: null, link_url: popup.url, target: popup.target, frequency: popup.frequency, sort: (i + 1) * 10, start_time: dated.start, end_time: dated.end, view_count: views, click_count: Math.round(views * (0.03 + ctx.rnd() * 0.1)), status, state_at: Math.min(now, dated.start), ...audit(dated.start - 3 * DAY) })
        .execute();
    }
  }

  for (const [i, card] of OPERATIONS_CONTENT.systemCards.entries()) {
    await db
      .insertInto('system_card')
      .values({ app_code: card.app, name: card.name, code: card.code, icon: null, card_type: card.type, data_source: card.source, default_position: card.position, sort: (i + 1) * 10, remark: card.remark, enabled: card.enabled ? 1 : 0, created_by: admin.id, created_at: at(-120), updated_at: at(-120) })
      .execute();
  }

  const categories = (await db.selectFrom('service_category').select(['id', 'code']).where('kind', '=', 'application').execute()) as { id: number; code: string }[];
  const categoryId = (code: string) => categories.find((c) => c.code === code)!.id;
  for (const [i, app] of OPERATIONS_CONTENT.applications.entries()) {
    const { id } = (await db
      .insertInto('application')
      .values({ app_code: app.app, category_id: categoryId(app.category), name: app.name, icon: null, link_type: app.link, url: app.url, appid: app.appid ?? null, recommend: app.recommend ? 1 : 0, need_login: 1, need_certified: app.certified ? 1 : 0, sort: (i + 1) * 10, remark: null, enabled: 1, created_by: admin.id, created_at: at(-150 + i), updated_at: at(-150 + i) })
      .returning('id')
      .executeTakeFirstOrThrow()) as { id: number };
    for (const project of app.everywhere ? projects : projects.slice(0, 2)) await db.insertInto('application_online').values({ application_id: id, project_id: project.id }).execute();
  }

  await db
    .insertInto('approval_flow')
    .values({ name: '广告投放审批', biz_type: 'advertising', scope_org_id: null, allow_withdraw: 1, steps: JSON.stringify([{ name: '运营总监审批', sign_type: 'single', strategy: 'staff', staff_ids: [admin.id] }]), copy_to: JSON.stringify([]), remark: '业主端广告上线前须经运营总监审核', enabled: 1, created_by: admin.id, created_at: at(-150), updated_at: at(-150) })
    .execute();

  for (const [p, project] of projects.entries()) {
    for (const [i, ad] of OPERATIONS_CONTENT.adverts.entries()) {
      const start = at(ad.startDay + p * 4, 8);
      const end = at(ad.endDay + p * 4, 22);
      const submitted = start - 4 * DAY;
      const decided = submitted + 6 * HOUR;
      const status = ad.outcome === 'draft' ? 'draft' : ad.outcome === 'rejected' ? 'rejected' : stateAt(now, { start, end }, { before: 'approved', during: 'online', after: 'offline' });
      const shown = status === 'online' || status === 'offline';
      const views = shown ? Math.round(1500 + ctx.rnd() * 9000) : 0;
      const record: Row = {
        project_id: project.id,
        version: ad.version,
        ad_name: ad.name,
        position: ad.position ?? null,
        location_type: ad.location ?? null,
        classify: ad.classify,
        media_type: 'image',
        items: null,
        link_type: ad.url ? (ad.url.startsWith('/') ? 'inner' : 'outer') : 'none',
        link_url: ad.url ?? null,
        seq: (i + 1) * 10,
        start_time: start,
        end_time: end,
        advertiser: ad.advertiser,
        fee: ad.fee ?? null,
        view_count: views,
        click_count: Math.round(views * (0.01 + ctx.rnd() * 0.05)),
        remark: null,
        status,
        submitted_at: status === 'draft' ? null : submitted,
        state_at: status === 'draft' ? submitted : status === 'approved' || status === 'rejected' ? decided : status === 'online' ? start : end,
        ...audit(submitted - DAY),
      };
      const { id } = (await db.insertInto('advert').values(record).returning('id').executeTakeFirstOrThrow()) as { id: number };
      const steps: Parameters<typeof timeline>[2] = [['create', null, 'draft', submitted - DAY, yunying, null]];
      if (status !== 'draft') steps.push(['submit', 'draft', 'pending', submitted, yunying, null]);
      if (status === 'rejected') steps.push(['reject', 'pending', 'rejected', decided, admin, ad.rejectNote ?? '素材不符合投放规范，请修改后重新提交']);
      else if (status !== 'draft') steps.push(['approve', 'pending', 'approved', decided, admin, null]);
      if (status === 'online' || status === 'offline') steps.push(['goLive', 'approved', 'online', start, null, '已到投放开始，系统自动上线播放']);
      if (status === 'offline') steps.push(['takeDown', 'online', 'offline', end, null, '已到投放结束，系统自动下线']);
      await timeline('advert', id, steps);
    }
  }
  await seedCommunity(ctx);
}

/**
 * Articles (published, waiting for their publish time, drafts), convenience services (online in
 * every project, one rejected) and owners' app feedback (handled, ignored, waiting) in each project.
 */
export async function seedCommunity(ctx: SeedContext): Promise<void> {
  const db = ctx.trx as Loose;
  const { now } = ctx;
  const staff = async (account: string) => ((await db.selectFrom('staff').select(['id', 'name']).where('account', '=', account).executeTakeFirstOrThrow()) as { id: number; name: string });
  const yunying = await staff('yunying');
  const admin = await staff('admin');
  const kefu = await staff('kefu');
  const day = (d: number, hour = 9) => new Date(new Date(now + d * DAY).setHours(hour, 0, 0, 0)).getTime();
  for (const [p, project] of Object.values(DEMO_PROJECTS).entries()) {
    for (const [i, a] of COMMUNITY_CONTENT.articles.entries()) {
      const publishAt = day(a.day + p);
      const status = i === COMMUNITY_CONTENT.articles.length - 1 ? (p % 2 ? 'draft' : 'approved') : 'online';
      const views = status === 'online' ? Math.round(300 + ctx.rnd() * 2500) : 0;
      await db
        .insertInto('article')
        .values({ project_id: project.id, category: a.category, title: a.title, author: a.author, cover: null, introduction: a.intro, content: a.body, recommend_hot: i % 3 === 0 ? 1 : 0, sort: (i + 1) * 10, publish_at: publishAt, browse_count: views, like_count: Math.round(views * 0.08), status, submitted_at: status === 'draft' ? null : publishAt - 2 * DAY, state_at: Math.min(now, publishAt), created_by: yunying.id, created_at: publishAt - 3 * DAY, updated_at: publishAt - 3 * DAY })
        .execute();
    }
    for (const [i, c] of COMMUNITY_CONTENT.convenience.entries()) {
      const status = p === 1 && i === 4 ? 'rejected' : 'online';
      await db
        .insertInto('convenience_service')
        .values({ project_id: project.id, name: c.name, category: c.category, phone: c.phone, address: c.address, business_hours: c.hours, logo: null, intro: null, sort: (i + 1) * 10, status, submitted_at: day(-160 + i), state_at: day(-159 + i), created_by: yunying.id, created_at: day(-161 + i), updated_at: day(-159 + i) })
        .execute();
    }
    for (const f of COMMUNITY_CONTENT.feedback) {
      const at = day(f.day - p, 10 + p);
      const done = f.handled ?? f.ignored;
      const handler = p < 2 ? yunying : kefu;
      const { id } = (await db
        .insertInto('app_feedback')
        .values({
          project_id: project.id, type: f.type, content: f.content, images: null, customer_name: ctx.personName(), contact: ctx.mobile(), app_version: f.version, device_model: f.device, os: f.os, submitted_at: at,
          reply: f.handled ?? null, handled_by: done ? handler.id : null, handled_at: done ? at + 20 * HOUR : null, status: f.handled ? 'done' : f.ignored ? 'ignored' : 'new',
          state_at: done ? at + 20 * HOUR : at, created_by: null, created_at: at, updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow()) as { id: number };
      // 处理 and 不予处理 as the workflow writes them: the reason for 不予处理 is the move's note, which the owner reads.
      if (done) {
        const to = f.handled ? 'done' : 'ignored';
        await db.insertInto('resource_timeline').values({ resource: 'app_feedback', record_id: id, action: f.handled ? 'handle' : 'ignore', from_state: 'new', to_state: to, note: f.ignored ?? null, staff_id: handler.id, staff_name: handler.name, at: at + 20 * HOUR }).execute();
      }
    }
  }
  await db
    .insertInto('approval_flow')
    .values({ name: '运营内容审核', biz_type: 'operational', scope_org_id: null, allow_withdraw: 1, steps: JSON.stringify([{ name: '运营总监审核', sign_type: 'single', strategy: 'staff', staff_ids: [admin.id] }]), copy_to: JSON.stringify([]), remark: '文章发布前须经运营总监审核', enabled: 1, created_by: admin.id, created_at: day(-150), updated_at: day(-150) })
    .execute();
  await db
    .insertInto('approval_flow')
    .values({ name: '周边便民信息审核', biz_type: 'ambitus', scope_org_id: null, allow_withdraw: 1, steps: JSON.stringify([{ name: '运营总监审核', sign_type: 'single', strategy: 'staff', staff_ids: [admin.id] }]), copy_to: JSON.stringify([]), remark: '便民电话、周边商家上线前核实信息', enabled: 1, created_by: admin.id, created_at: day(-150), updated_at: day(-150) })
    .execute();
}
