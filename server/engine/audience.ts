import { sql } from 'kysely';
import type { AudienceKind, AudienceValue, JsonShape, ResourceDef } from '../../src/shared/schemaTypes.ts';
import { AUDIENCE_MODES } from '../../src/shared/audience.ts';
import { ApiError, badRequest } from '../platform/http/envelope.ts';
import type { StaffContext } from '../platform/types.ts';
import type { DB } from '../platform/db/index.ts';
import type { AnyDB, AnySelect, Row } from './hooks.ts';
import { orgSubtree, visibleProjectIds } from './scope.ts';
import { contains } from '../platform/db/textSearch.ts';

// The scope picker (issue 31, capability 9): who a notice, a push or a required reading reaches,
// stored in one shape `{ mode, ids }`, checked against the writer's data scope and resolved to
// recipients by one function. Staff audiences pick organisations, posts or people; owner
// audiences pick projects or buildings (the customers living there).

/** The stored shape of an audience field, checked on every write like any declared shape. */
export function audienceShape(kind: AudienceKind): JsonShape {
  return {
    type: 'object',
    required: ['mode', 'ids'],
    properties: {
      mode: { type: 'string', enum: Object.keys(AUDIENCE_MODES[kind]) },
      ids: { type: 'array', maxItems: 500, items: { type: 'integer', minimum: 1 } },
    },
  };
}

/** What the caller's data scope reaches: every organisation (null), or these organisation ids. */
async function reachableOrgs(db: AnyDB, staff: StaffContext): Promise<Set<number> | null> {
  if (staff.dataScopes.includes('all')) return null;
  const reach = new Set<number>();
  for (const project of await visibleProjectIds(db as unknown as DB, staff)) for (const id of await orgSubtree(db as unknown as DB, project)) reach.add(id);
  if (staff.dataScopes.includes('org')) for (const id of await orgSubtree(db as unknown as DB, staff.orgId)) reach.add(id);
  return reach;
}

const parse = (value: unknown): AudienceValue | null => {
  if (value === null || value === undefined || value === '') return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as AudienceValue;
};

/** The table and the organisation column that place a picked id, per mode. */
const PLACES: Record<string, { table: string; org: string }> = {
  org: { table: 'org', org: 'id' },
  post: { table: 'post', org: 'org_id' },
  staff: { table: 'staff', org: 'org_id' },
  project: { table: 'org', org: 'id' },
  building: { table: 'building', org: 'project_id' },
};

/**
 * Refuses an audience naming what does not exist or lies beyond the writer's data scope: 「全部」
 * only for someone who sees the whole company, every picked organisation, post, person, project
 * or building inside what they see. Nobody widens their reach by addressing others.
 */
export async function checkAudience(q: AnyDB, kind: AudienceKind, title: string, value: unknown, staff: StaffContext): Promise<void> {
  const audience = parse(value);
  if (!audience) return;
  const modeName = AUDIENCE_MODES[kind][audience.mode];
  if (audience.mode === 'all') {
    if (!staff.dataScopes.includes('all')) throw new ApiError(403, `${title}不能选择「全部」：您的数据范围不是全公司，请改为指定${kind === 'owner' ? '项目或楼栋' : '组织、岗位或人员'}`);
    return;
  }
  const ids = [...new Set(audience.ids)];
  if (!ids.length) throw badRequest(`请选择${title}的${modeName?.replace('指定', '') ?? ''}`);
  const place = PLACES[audience.mode]!;
  let query = q.selectFrom(place.table).select(['id', `${place.org} as place`]).where('id', 'in', ids);
  if (audience.mode === 'project') query = query.where('type', '=', 'project');
  const found = (await query.execute()) as { id: number; place: number | null }[];
  if (found.length !== ids.length) throw badRequest(`${title}中有${modeName?.replace('指定', '') ?? ''}不存在或已被删除`);
  const reach = await reachableOrgs(q, staff);
  if (!reach) return;
  // A person is also within reach when they work in a project the caller sees (staff_project).
  const worksIn = audience.mode === 'staff' ? ((await q.selectFrom('staff_project').select(['staff_id', 'project_id']).where('staff_id', 'in', ids).execute()) as { staff_id: number; project_id: number }[]) : [];
  const outside = found.filter((f) => f.place === null || (!reach.has(f.place) && !worksIn.some((w) => w.staff_id === f.id && reach.has(w.project_id))));
  if (outside.length) throw new ApiError(403, `${title}超出了您的数据范围，只能选择您负责的项目内的${modeName?.replace('指定', '') ?? '对象'}`);
}

/** Every audience field of the resource among the values written, checked for the caller. */
export async function checkAudiences(q: AnyDB, resource: ResourceDef, written: Row, staff: StaffContext): Promise<void> {
  for (const [name, field] of Object.entries(resource.fields)) {
    if (field.audience && name in written) await checkAudience(q, field.audience, field.title, written[name], staff);
  }
}

/** One recipient an audience resolves to: a staff member, or a customer with their house and project. */
export interface AudienceRecipient {
  staffId?: number;
  customerId?: number;
  houseId?: number | null;
  projectId?: number | null;
}

/**
 * The recipients a stored audience names now: enabled staff of the organisations (and below),
 * posts or people picked, or every staff member; the customers of the projects or buildings
 * picked, or of every project. Called when the content goes out, so it reaches who is there then.
 */
export async function resolveAudience(q: AnyDB, kind: AudienceKind, value: unknown): Promise<AudienceRecipient[]> {
  const audience = parse(value);
  if (!audience) return [];
  const ids = audience.ids.length ? audience.ids : [0];
  if (kind === 'owner') {
    let customers = q.selectFrom('customer').leftJoin('house', 'house.id', 'customer.house_id').select(['customer.id as customerId', 'customer.house_id as houseId', 'customer.project_id as projectId']);
    if (audience.mode === 'project') customers = customers.where('customer.project_id', 'in', ids);
    if (audience.mode === 'building') customers = customers.where('house.building_id', 'in', ids);
    return (await customers.orderBy('customer.id').execute()) as AudienceRecipient[];
  }
  let staff = q.selectFrom('staff').select('staff.id as staffId').where('staff.enabled', '=', 1);
  if (audience.mode === 'org') {
    const orgs = new Set<number>();
    for (const id of ids) for (const o of await orgSubtree(q as unknown as DB, id)) orgs.add(o);
    staff = staff.where('staff.org_id', 'in', [...orgs, 0]);
  }
  if (audience.mode === 'post') staff = staff.where('staff.id', 'in', q.selectFrom('staff_post').select('staff_id').where('post_id', 'in', ids));
  if (audience.mode === 'staff') staff = staff.where('staff.id', 'in', ids);
  return (await staff.orderBy('staff.id').execute()) as AudienceRecipient[];
}

/** The audience in words for lists and details: 「指定项目：翠湖天地、锦绣华庭」. */
export async function describeAudience(q: AnyDB, kind: AudienceKind, value: unknown): Promise<string | null> {
  const audience = parse(value);
  if (!audience) return null;
  const modeName = AUDIENCE_MODES[kind][audience.mode] ?? audience.mode;
  if (audience.mode === 'all') return modeName;
  const names = await optionLabels(q, audience.mode, audience.ids);
  return `${modeName}：${names.join('、')}`;
}

async function optionLabels(q: AnyDB, mode: string, ids: number[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await audienceOptions(q, mode, null, ids);
  return rows.map((r) => r.label);
}

/**
 * What the picker offers for a mode, within what the caller's data scope reaches (`staff` null:
 * everything; `only`: just these ids, for labels): buildings named with their project, posts
 * with their organisation.
 */
export async function audienceOptions(q: AnyDB, mode: string, staff: StaffContext | null, only?: number[], keyword?: string): Promise<{ label: string; value: number }[]> {
  const reach = staff ? await reachableOrgs(q, staff) : null;
  const place = PLACES[mode];
  if (!place) return [];
  let query: AnySelect;
  if (mode === 'building') query = q.selectFrom('building').innerJoin('org', 'org.id', 'building.project_id').select(['building.id as value', 'building.project_id as place']).select(sql<string>`org.name || ' ' || building.name`.as('label'));
  else if (mode === 'post') query = q.selectFrom('post').leftJoin('org', 'org.id', 'post.org_id').select(['post.id as value', 'post.org_id as place']).select(sql<string>`coalesce(org.name, '') || ' ' || post.name`.as('label')).where('post.enabled', '=', 1);
  else if (mode === 'staff') query = q.selectFrom('staff').select(['staff.id as value', 'staff.org_id as place', 'staff.name as label']).where('staff.enabled', '=', 1);
  else query = q.selectFrom('org').select(['org.id as value', 'org.id as place', 'org.name as label']).where((eb) => (mode === 'project' ? eb('org.type', '=', 'project') : eb.lit(true)));
  const table = mode === 'project' ? 'org' : place.table;
  if (only) query = query.where(`${table}.id`, 'in', only.length ? only : [0]);
  if (reach) query = query.where(`${table}.${place.org}`, 'in', [...reach, 0]);
  if (keyword) query = query.where(contains(`${table}.name`, keyword));
  const rows = (await query.orderBy(`${table}.id`).limit(500).execute()) as { label: string; value: number }[];
  return rows.map((r) => ({ label: r.label, value: r.value }));
}
