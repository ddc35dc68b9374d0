import type { ExpressionBuilder, SqlBool, Expression } from 'kysely';
import type { AnyDB } from '../../engine/hooks.ts';

// Queries run inside the engine's transactions, typed loosely like the engine's.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type EB = ExpressionBuilder<any, any>;

/** Staff working at a project: it is their organisation, one of their posts is there, or they are assigned to it. */
function worksAt(eb: EB, projectId: number): Expression<SqlBool> {
  return eb.or([
    eb('s.org_id', '=', projectId),
    eb.exists(
      eb
        .selectFrom('staff_post as sp')
        .innerJoin('post as p', 'p.id', 'sp.post_id')
        .select('sp.staff_id')
        .whereRef('sp.staff_id', '=', 's.id')
        .where('p.org_id', '=', projectId)
        .where('p.enabled', '=', 1),
    ),
    eb.exists(eb.selectFrom('staff_project as spj').select('spj.staff_id').whereRef('spj.staff_id', '=', 's.id').where('spj.project_id', '=', projectId)),
  ]);
}

/** Staff holding any of the codes through an enabled role, held directly or through an enabled post. */
function holds(eb: EB, codes: string[]): Expression<SqlBool> {
  const roles = eb
    .selectFrom('role_button as rb')
    .innerJoin('menu_button as mb', 'mb.id', 'rb.button_id')
    .innerJoin('role as r', 'r.id', 'rb.role_id')
    .select('rb.role_id')
    .where('mb.code', 'in', codes)
    .where('mb.retired', '=', 0)
    .where('r.enabled', '=', 1);
  return eb.or([
    eb.exists(eb.selectFrom('staff_role as sr').select('sr.staff_id').whereRef('sr.staff_id', '=', 's.id').where('sr.role_id', 'in', roles)),
    eb.exists(
      eb
        .selectFrom('staff_post as sp2')
        .innerJoin('post_role as pr', 'pr.post_id', 'sp2.post_id')
        .innerJoin('post as p2', 'p2.id', 'sp2.post_id')
        .select('sp2.staff_id')
        .whereRef('sp2.staff_id', '=', 's.id')
        .where('p2.enabled', '=', 1)
        .where('pr.role_id', 'in', roles),
    ),
  ]);
}

export interface Person {
  id: number;
  name: string;
}

/** Enabled staff of a project who may do something (dispatch, confirm, approve): who a step's notice goes to. */
export async function staffWithButton(db: AnyDB, projectId: number, codes: string[]): Promise<Person[]> {
  return (await db
    .selectFrom('staff as s')
    .select(['s.id', 's.name'])
    .where('s.enabled', '=', 1)
    .where((eb) => eb.and([worksAt(eb, projectId), holds(eb, codes)]))
    .orderBy('s.id')
    .execute()) as Person[];
}

/** Whether a staff member may take the order: works at its project and may handle work orders. */
export async function isProcessorAt(db: AnyDB, projectId: number, staffId: number): Promise<boolean> {
  const found = await db
    .selectFrom('staff as s')
    .select('s.id')
    .where('s.id', '=', staffId)
    .where('s.enabled', '=', 1)
    .where((eb) => eb.and([worksAt(eb, projectId), holds(eb, ['workorder:handle'])]))
    .executeTakeFirst();
  return Boolean(found);
}

/** Enabled members of a post, optionally only those who hold one of the codes. */
export async function postMembers(db: AnyDB, postId: number, codes?: string[]): Promise<Person[]> {
  let q = db
    .selectFrom('staff_post as sp')
    .innerJoin('staff as s', 's.id', 'sp.staff_id')
    .select(['s.id', 's.name'])
    .where('sp.post_id', '=', postId)
    .where('s.enabled', '=', 1);
  if (codes) q = q.where((eb) => holds(eb, codes));
  return (await q.orderBy('s.id').execute()) as Person[];
}

/** Ids of the enabled posts a staff member holds. */
export async function postsOf(db: AnyDB, staffId: number): Promise<number[]> {
  const rows = (await db
    .selectFrom('staff_post as sp')
    .innerJoin('post as p', 'p.id', 'sp.post_id')
    .select('p.id')
    .where('sp.staff_id', '=', staffId)
    .where('p.enabled', '=', 1)
    .execute()) as { id: number }[];
  return rows.map((r) => r.id);
}

/** Candidate processors of each project: [{ projectId, projectName, staff: [{ id, name, posts }] }]. */
export async function processorsByProject(db: AnyDB, projectIds: number[]): Promise<{ projectId: number; projectName: string; staff: { id: number; name: string; posts: string }[] }[]> {
  const out = [];
  const projects = projectIds.length
    ? ((await db.selectFrom('org').select(['id', 'name']).where('id', 'in', projectIds).where('enabled', '=', 1).orderBy('sort').execute()) as { id: number; name: string }[])
    : [];
  for (const project of projects) {
    const staff = (await db
      .selectFrom('staff as s')
      .select(['s.id', 's.name'])
      .where('s.enabled', '=', 1)
      .where((eb) => eb.and([worksAt(eb, project.id), holds(eb, ['workorder:handle'])]))
      .orderBy('s.name')
      .execute()) as Person[];
    const posts = staff.length
      ? ((await db
          .selectFrom('staff_post as sp')
          .innerJoin('post as p', 'p.id', 'sp.post_id')
          .select(['sp.staff_id', 'p.name'])
          .where('sp.staff_id', 'in', staff.map((s) => s.id))
          .where('p.org_id', '=', project.id)
          .execute()) as { staff_id: number; name: string }[])
      : [];
    out.push({
      projectId: project.id,
      projectName: project.name,
      staff: staff.map((s) => ({ ...s, posts: posts.filter((p) => p.staff_id === s.id).map((p) => p.name).join('、') })),
    });
  }
  return out;
}

/** The default processors of a service type who can take orders at the project (the dispatch suggestion). */
export async function typeProcessorsAt(db: AnyDB, serviceTypeId: number, projectId: number): Promise<Person[]> {
  return (await db
    .selectFrom('service_type_processor as stp')
    .innerJoin('staff as s', 's.id', 'stp.staff_id')
    .select(['s.id', 's.name'])
    .where('stp.service_type_id', '=', serviceTypeId)
    .where('s.enabled', '=', 1)
    .where((eb) => eb.and([worksAt(eb, projectId), holds(eb, ['workorder:handle'])]))
    .orderBy('s.id')
    .execute()) as Person[];
}

export interface ProjectGroup {
  label: string;
  value: string;
  selectable: false;
  children: { label: string; value: number }[];
}

/**
 * Enabled staff or posts of some projects as a tree select's options, grouped by project (the
 * project nodes only group: they are not choosable).
 */
export async function byProject(db: AnyDB, table: 'staff' | 'post', projects: number[]): Promise<ProjectGroup[]> {
  if (!projects.length) return [];
  const rows = (await db
    .selectFrom(`${table} as x`)
    .innerJoin('org as o', 'o.id', 'x.org_id')
    .select(['x.id', 'x.name', 'o.id as project_id', 'o.name as project_name'])
    .where('x.org_id', 'in', projects)
    .where('x.enabled', '=', 1)
    .orderBy('o.sort')
    .orderBy('x.id')
    .execute()) as { id: number; name: string; project_id: number; project_name: string }[];
  const groups = new Map<number, ProjectGroup>();
  for (const r of rows) {
    if (!groups.has(r.project_id)) groups.set(r.project_id, { label: r.project_name, value: `p${r.project_id}`, selectable: false, children: [] });
    groups.get(r.project_id)!.children.push({ label: r.name, value: r.id });
  }
  return [...groups.values()];
}
