import type { SeedContext } from '../../engine/module.ts';
import { polygonOf, type Position } from '../../../src/shared/geo.ts';
import { DEMO_PROJECTS, isProcessorAt, orgDemo } from '../org/public.ts';

/** The operations specialist (运营专员) keeps the service areas of their region's projects; a project manager reads their own. */
export const SERVICEAREA_DEMO_GRANTS: Record<string, string[]> = {
  operations: ['serviceArea:view', 'serviceArea:add', 'serviceArea:edit', 'serviceArea:delete', 'serviceArea:export'],
  project_manager: ['serviceArea:view'],
};

/** Where a project without a map point on its community profile is drawn: central Shanghai. */
const SHANGHAI: Position = [121.4737, 31.2304];

/** The areas of an estate, as corners in metres east and north of its centre. */
const AREAS: { name: string; type: string; buildings: 'first' | 'second' | 'none'; corners: [number, number][]; remark: string }[] = [
  { name: '北区楼栋片区', type: 'building', buildings: 'first', corners: [[-160, 20], [-10, 20], [-10, 150], [-90, 175], [-160, 150]], remark: '北区住宅楼栋及其入户大堂' },
  { name: '南区楼栋片区', type: 'building', buildings: 'second', corners: [[10, -150], [160, -150], [160, -20], [10, -20]], remark: '南区住宅楼栋，含架空层' },
  { name: '中心景观公区', type: 'public', buildings: 'none', corners: [[-10, -20], [10, -20], [60, 0], [10, 20], [-10, 20], [-60, 0]], remark: '中央水景、儿童乐园与健身步道' },
  { name: '地下车库', type: 'garage', buildings: 'none', corners: [[-140, -140], [-20, -140], [-20, -40], [-140, -40]], remark: '负一层车库及非机动车库' },
  { name: '外围商业街', type: 'outdoor', buildings: 'none', corners: [[170, -160], [210, -160], [210, 170], [170, 170]], remark: '东侧沿街商铺、外围道路与围墙' },
];

/** Metres to degrees near a latitude, rounded as the picker rounds (6 decimals, about 0.1 m). */
function at([lng, lat]: Position, [east, north]: [number, number]): Position {
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  return [round(lng + east / (111_320 * Math.cos((lat * Math.PI) / 180))), round(lat + north / 110_574)];
}

/** Five service areas in every demo project with their drawn boundaries, buildings, steward and posts. */
export async function seedServiceAreas(ctx: SeedContext): Promise<void> {
  const { trx, now, pick } = ctx;
  const { projectIds } = orgDemo(ctx);
  for (const [p, projectId] of projectIds.entries()) {
    // Around the project's own map point (community profile), so its areas and its location agree.
    const profile = (await trx.selectFrom('community_profile').select('map_point').where('project_id', '=', projectId).executeTakeFirst()) as { map_point: string | null } | undefined;
    const centre = (profile?.map_point ? (JSON.parse(profile.map_point) as { coordinates: Position }).coordinates : SHANGHAI);
    const buildings = (await trx.selectFrom('building').select('id').where('project_id', '=', projectId).orderBy('name').execute()).map((b: { id: number }) => b.id);
    const half = Math.ceil(buildings.length / 2);
    const stewards = (await trx.selectFrom('staff_project').innerJoin('staff_post', 'staff_post.staff_id', 'staff_project.staff_id').innerJoin('post', 'post.id', 'staff_post.post_id').select('staff_project.staff_id as id').where('staff_project.project_id', '=', projectId).where('post.name', '=', '客服管家').execute()).map((s: { id: number }) => s.id);
    const post = async (name: string) => ((await trx.selectFrom('post').select('id').where('org_id', '=', projectId).where('name', '=', name).executeTakeFirst()) as { id: number } | undefined)?.id ?? null;
    const [cleaner, security] = [await post('保洁员'), await post('秩序维护员')];
    for (const [a, area] of AREAS.entries()) {
      const created = now - (150 - a * 7 - p * 3) * 86_400_000;
      const inserted = await trx.insertInto('service_area').values({
        project_id: projectId, name: area.name, area_type: area.type,
        polygon: JSON.stringify(polygonOf(area.corners.map((c) => at(centre, c)))),
        steward_id: stewards.length ? pick(stewards) : null, cleaner_post_id: cleaner, security_post_id: security,
        remark: area.remark, created_by: null, created_at: created, updated_at: created,
      }).returning('id').executeTakeFirstOrThrow();
      const own = area.buildings === 'first' ? buildings.slice(0, half) : area.buildings === 'second' ? buildings.slice(half) : [];
      for (const building of own) await trx.insertInto('service_area_building').values({ service_area_id: inserted.id, building_id: building }).execute();
    }
    // At 滨江壹号 each building area's orders go straight to its engineer (默认处理人).
    if (projectId === DEMO_PROJECTS.binjiang.id) {
      const staff = (await trx.selectFrom('staff').select('id').where('org_id', '=', projectId).where('enabled', '=', 1).orderBy('id').execute()) as { id: number }[];
      const handlers: number[] = [];
      for (const s of staff) if (await isProcessorAt(trx, projectId, s.id)) handlers.push(s.id);
      const areas = (await trx.selectFrom('service_area').select('id').where('project_id', '=', projectId).where('area_type', '=', 'building').orderBy('id').execute()) as { id: number }[];
      for (const [i, area] of areas.entries()) if (handlers.length) await trx.updateTable('service_area').set({ handler_id: handlers[i % handlers.length] }).where('id', '=', area.id).execute();
    }
  }
}
