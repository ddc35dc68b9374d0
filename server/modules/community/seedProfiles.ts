import type { SeedContext } from '../../engine/module.ts';
import type { AnyDB } from '../../engine/hooks.ts';
import { DEMO_PROJECTS } from '../org/public.ts';

const DAY = 86_400_000;

/** The owner app's 小区 pages of the four projects, each with where it lies on the map ([longitude, latitude]). */
const PROFILES = [
  { project: DEMO_PROJECTS.cuihu.id, point: [121.545, 31.2155], alias: '翠湖天地', address: '上海市浦东新区锦绣路 1888 弄', area: 86000, hotline: '021-58881234', hours: '每日 8:30–20:00', delivered: '2016-09-30', intro: '<p>翠湖天地位于浦东世纪公园板块，中央景观湖环绕，绿化率 45%。</p>' },
  { project: DEMO_PROJECTS.jinxiu.id, point: [121.4155, 31.112], alias: '锦绣华庭', address: '上海市闵行区虹梅南路 2266 号', area: 64000, hotline: '021-64435678', hours: '每日 8:00–20:00', delivered: '2018-06-30', intro: '<p>锦绣华庭毗邻地铁 5 号线，小区配建幼儿园与社区会所。</p>' },
  { project: DEMO_PROJECTS.binjiang.id, point: [113.342, 23.104], alias: '滨江一号', address: '广州市海珠区阅江中路 388 号', area: 52000, hotline: '020-89901122', hours: '每日 9:00–21:00', delivered: '2019-12-28', intro: '<p>滨江一号坐拥珠江一线江景，配有会所泳池与江畔步道。</p>' },
  { project: DEMO_PROJECTS.yunqi.id, point: [113.958, 22.58], alias: '云栖雅苑', address: '深圳市南山区留仙大道 1566 号', area: 71000, hotline: '0755-86603344', hours: '每日 8:30–20:30', delivered: '2020-10-18', intro: '<p>云栖雅苑依山而建，社区内设篮球场、书屋与长者活动中心。</p>' },
];

export async function seedProfiles(ctx: SeedContext, admin: number): Promise<void> {
  const db = ctx.trx as AnyDB;
  for (const p of PROFILES) {
    const houses = (await db.selectFrom('house').select((eb) => eb.fn.countAll<number>().as('n')).where('project_id', '=', p.project).executeTakeFirstOrThrow()) as { n: number };
    const at = ctx.now - 140 * DAY;
    await db
      .insertInto('community_profile')
      .values({ alias: p.alias, address: p.address, area: p.area, households: Number(houses.n), service_hotline: p.hotline, service_hours: p.hours, property_company: '悦家物业服务有限公司', delivered_on: p.delivered, intro: p.intro, map_point: JSON.stringify({ type: 'Point', coordinates: p.point }), photos: null, project_id: p.project, created_by: admin, created_at: at, updated_at: at })
      .execute();
  }
}
