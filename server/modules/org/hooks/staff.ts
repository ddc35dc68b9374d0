import type { FastifyInstance } from 'fastify';
import { foreignKeysToSql } from '../../../platform/db/dialect.ts';
import type { AnyDB, ResourceHooks } from '../../../engine/hooks.ts';
import { badRequest, conflict, forbidden, notFound, ok } from '../../../platform/http/envelope.ts';
import { initialPasswordHash, newInitialPassword } from '../../../platform/auth/initialPassword.ts';
import { rolesBeyond } from '../roles.ts';
import { checkOrgWithin, checkProjectsWithin, checkStaffWithin } from '../authority.ts';
import type { DB } from '../../../platform/db/index.ts';
import { roleIdsOf } from '../../../engine/access/permissions.ts';
import type { StaffContext } from '../../../platform/types.ts';

/** The account that must always be able to sign in and administer (schemas/org/resources/staff.json `locked`). */
const ADMIN_ACCOUNT = 'admin';
const ADMIN_ROLE = 'admin';
const ADMIN_LOCKED = '系统管理员账号受保护，不能修改、停用、删除或重置密码';

/** The random initial password of an account being added, from beforeSave to the answer (never stored in clear). */
const initialPasswords = new WeakMap<object, string>();

/** Ends every session of a staff member inside the caller's transaction. */
async function endSessions(trx: AnyDB, staffId: number): Promise<void> {
  await trx.updateTable('session').set({ revoked_at: Date.now() }).where('staff_id', '=', staffId).where('revoked_at', 'is', null).execute();
}

/** Tells the push broker after the commit (its listeners hear revokeAllOf); the sessions already ended in the transaction. */
function announceEnd(app: FastifyInstance, staffId: number): void {
  void app.sessions.revokeAllOf(staffId).catch((error) => app.log.error({ err: error, staffId }, 'announcing ended sessions failed'));
}

/** Nobody hands out or takes away a role that grants more than they hold themselves (spec 6). */
async function checkRoleChange(trx: AnyDB, caller: StaffContext, staffId: number | null, wanted: number[]): Promise<void> {
  const held = staffId ? ((await trx.selectFrom('staff_role').select('role_id').where('staff_id', '=', staffId).execute()) as { role_id: number }[]).map((r) => r.role_id) : [];
  const changed = [...wanted.filter((r) => !held.includes(r)), ...held.filter((r) => !wanted.includes(r))];
  const beyond = await rolesBeyond(trx as unknown as DB, caller, changed);
  if (beyond.length) throw forbidden(`不能分配或撤销超出自身权限的角色：${beyond.map((r) => r.name).join('、')}`);
}

/** A post gives its roles to whoever holds it (spec 6 post authority): handing one out is handing out those roles. */
async function checkPostChange(trx: AnyDB, caller: StaffContext, staffId: number | null, wanted: number[]): Promise<void> {
  const held = staffId ? ((await trx.selectFrom('staff_post').select('post_id').where('staff_id', '=', staffId).execute()) as { post_id: number }[]).map((r) => r.post_id) : [];
  const changed = [...wanted.filter((p) => !held.includes(p)), ...held.filter((p) => !wanted.includes(p))];
  if (!changed.length) return;
  const roles = (await trx.selectFrom('post_role').select('role_id').distinct().where('post_id', 'in', changed).execute()) as { role_id: number }[];
  const beyond = await rolesBeyond(trx as unknown as DB, caller, roles.map((r) => r.role_id));
  if (beyond.length) throw forbidden(`所选岗位带有超出自身权限的角色（${beyond.map((r) => r.name).join('、')}），不能分配或撤销`);
}

/** Links that decide what an account may reach: nobody changes their own (issue 40). */
const OWN_REACH: { field: string; table: 'staff_role' | 'staff_post' | 'staff_project'; column: string; title: string }[] = [
  { field: 'role_ids', table: 'staff_role', column: 'role_id', title: '角色' },
  { field: 'post_ids', table: 'staff_post', column: 'post_id', title: '岗位' },
  { field: 'project_ids', table: 'staff_project', column: 'project_id', title: '所在项目' },
];

async function checkOwnReach(trx: AnyDB, id: number, values: Record<string, unknown>, current: Record<string, unknown>): Promise<void> {
  if (values.org_id !== undefined && values.org_id !== current.org_id) throw forbidden('不能修改自己的所属组织');
  for (const link of OWN_REACH) {
    const wanted = values[link.field];
    if (!Array.isArray(wanted)) continue;
    const held = ((await trx.selectFrom(link.table).select(link.column).where('staff_id', '=', id).execute()) as Record<string, number>[]).map((r) => r[link.column]);
    const same = wanted.length === held.length && wanted.every((v) => held.includes(v as number));
    if (!same) throw forbidden(`不能修改自己的${link.title}`);
  }
}

/** Tables whose rows name a staff member and keep them when the staff member goes (not cascaded). */
async function keepingReferences(trx: AnyDB): Promise<{ tbl: string; col: string }[]> {
  const rows = await foreignKeysToSql('staff').execute(trx);
  return rows.rows.filter((r) => r.on_delete.toUpperCase() !== 'CASCADE');
}

/**
 * Staff (schemas/org/resources/staff.json over the core staff table): the initial password and
 * push domain of a new account, the role rule, the consistency of organisation, department and
 * projects, sessions that end when an account is disabled, deletion only of staff without
 * records, and the password reset.
 */
export const staffHooks: ResourceHooks = {
  async beforeSave({ trx, staff: caller, id, values, current }) {
    if (current && values.account !== undefined && values.account !== current.account) throw badRequest('账号创建后不能修改');
    if (id === null) {
      const password = newInitialPassword();
      initialPasswords.set(values, password);
      values.password_hash = await initialPasswordHash(password);
      values.must_change_password = 1;
      values.business_account_domain = `yj_${String(values.account)}`;
    }
    // Never beyond the caller's own (issue 40): no account holding more, nothing of their own reach.
    if (id !== null) await checkStaffWithin(trx, caller, id);
    if (id !== null && id === caller.id) await checkOwnReach(trx, id, values, current!);
    if (values.org_id !== undefined && (id === null || values.org_id !== current?.org_id)) await checkOrgWithin(trx, caller, Number(values.org_id));
    if (Array.isArray(values.project_ids)) await checkProjectsWithin(trx, caller, values.project_ids as number[]);
    if (Array.isArray(values.role_ids)) await checkRoleChange(trx, caller, id, values.role_ids as number[]);
    if (Array.isArray(values.post_ids) && values.post_ids.length) {
      // A post's organisation is one of its holder's projects: within the caller's reach only.
      const orgs = (await trx.selectFrom('post').select('org_id').distinct().where('id', 'in', values.post_ids as number[]).execute()) as { org_id: number }[];
      for (const o of orgs) await checkOrgWithin(trx, caller, o.org_id);
    }
    if (Array.isArray(values.post_ids)) await checkPostChange(trx, caller, id, values.post_ids as number[]);
    const projects = Array.isArray(values.project_ids) ? (values.project_ids as number[]) : [];
    if (projects.length) {
      const others = await trx.selectFrom('org').select('name').where('id', 'in', projects).where('type', '!=', 'project').executeTakeFirst();
      if (others) throw badRequest(`「${String(others.name)}」不是项目，所在项目只能选择项目`);
    }
    const deptId = values.dept_id === undefined ? current?.dept_id : values.dept_id;
    if (deptId) {
      const orgId = values.org_id ?? current?.org_id;
      const dept = await trx.selectFrom('dept').select(['org_id']).where('id', '=', deptId).executeTakeFirst();
      if (dept && dept.org_id !== orgId) throw badRequest('所属部门不属于所选组织，请重新选择部门');
    }
  },

  afterSave({ values, created }) {
    const password = created ? initialPasswords.get(values) : undefined;
    if (!password) return;
    return { data: { password }, message: `新增成功。初始密码：${password}（只显示这一次，请告知本人；首次登录须修改密码）` };
  },

  async afterEnable({ trx, staff: caller, app, id, enabled }) {
    await checkStaffWithin(trx, caller, id);
    if (enabled) return;
    // Refused here, the whole change rolls back.
    if (id === caller.id) throw badRequest('不能停用自己的账号');
    await endSessions(trx, id);
    announceEnd(app, id);
  },

  async beforeDelete({ trx, staff: caller, ids }) {
    if (ids.includes(caller.id)) throw badRequest('不能删除自己的账号');
    for (const id of ids) await checkStaffWithin(trx, caller, id);
    for (const { tbl, col } of await keepingReferences(trx)) {
      const used = await trx.selectFrom(tbl).select(col).where(col, 'in', ids).where(col, 'is not', null).executeTakeFirst();
      if (used) throw conflict('该员工已有业务记录（工单、巡查、审批等），不能删除，请改为停用');
    }
  },

  async routes(app: FastifyInstance) {
    /** Resets a password to the initial one and ends every session of the account. */
    app.post(
      '/resetPassword',
      { config: { btnCode: 'staff:resetPwd' }, schema: { body: { type: 'object', required: ['id'], additionalProperties: false, properties: { id: { type: 'integer', minimum: 1 } } } } },
      async (request) => {
        const { id } = request.body as { id: number };
        const target = await app.db.selectFrom('staff').select(['account', 'name', 'mobile']).where('id', '=', id).executeTakeFirst();
        if (!target) throw notFound('员工不存在或已被删除');
        if (target.account === ADMIN_ACCOUNT) throw badRequest(ADMIN_LOCKED);
        await checkStaffWithin(app.db as unknown as AnyDB, request.staff!, id);
        const password = newInitialPassword();
        const hash = await initialPasswordHash(password);
        await app.db.transaction().execute(async (trx) => {
          await trx.updateTable('staff').set({ password_hash: hash, must_change_password: 1, updated_at: Date.now() }).where('id', '=', id).execute();
          await endSessions(trx as unknown as AnyDB, id);
        });
        announceEnd(app, id);
        return ok({ id, password }, `已将「${target.name}」的密码重置，新密码：${password}（只显示这一次，请告知本人；登录后须修改密码），其登录已全部退出`);
      },
    );

    /**
     * Marks or unmarks a service-line account, the only kind the flag login opens (spec 4; its
     * code is public). Administrators only, and never on an administrator (issue 40).
     */
    app.post(
      '/serviceLine',
      {
        config: { btnCode: 'staff:serviceLine' },
        schema: { body: { type: 'object', required: ['id', 'serviceLine'], additionalProperties: false, properties: { id: { type: 'integer', minimum: 1 }, serviceLine: { enum: [0, 1] } } } },
      },
      async (request) => {
        const { id, serviceLine } = request.body as { id: number; serviceLine: 0 | 1 };
        if (!request.staff!.roles.includes(ADMIN_ROLE)) throw forbidden('只有系统管理员可以设置服务条线账号');
        await app.db.transaction().execute(async (trx) => {
          const target = await trx.selectFrom('staff').select(['id', 'account']).where('id', '=', id).executeTakeFirst();
          if (!target) throw notFound('员工不存在或已被删除');
          if (serviceLine) {
            const roleIds = await roleIdsOf(trx as unknown as DB, id);
            const admin = roleIds.length ? await trx.selectFrom('role').select('id').where('id', 'in', roleIds).where('code', '=', ADMIN_ROLE).executeTakeFirst() : undefined;
            if (target.account === ADMIN_ACCOUNT || admin) throw badRequest('管理员账号不能设为服务条线账号');
          }
          await trx.updateTable('staff').set({ service_line_account: serviceLine, updated_at: Date.now() }).where('id', '=', id).execute();
        });
        request.log.warn({ by: request.staff!.id, staffId: id, serviceLine }, 'service-line account changed');
        return ok({ id, serviceLine }, serviceLine ? '已设为服务条线账号（可使用短信验证码登录）' : '已取消服务条线账号');
      },
    );

    /** Roles to choose from on the staff form; those beyond the caller's own rights cannot be chosen. */
    app.get(
      '/roleOptions',
      { config: { btnCode: ['staff:view', 'staff:add', 'staff:edit'] }, schema: { querystring: { type: 'object', additionalProperties: false, properties: { all: { type: 'boolean' } } } } },
      async (request) => {
        const roles = await app.db.selectFrom('role').select(['id', 'name']).where('enabled', '=', 1).orderBy('id').execute();
        const beyond = new Set((await rolesBeyond(app.db, request.staff!, roles.map((r) => r.id))).map((r) => r.id));
        return ok(roles.map((r) => ({ label: r.name, value: r.id, ...(beyond.has(r.id) ? { disabled: true, title: '超出您的权限，不能分配' } : {}) })));
      },
    );
  },
};
