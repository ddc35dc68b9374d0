import type { ResourceHooks } from '../../../engine/hooks.ts';
import { conflict } from '../../../platform/http/envelope.ts';

/** A project has one profile, whose 户数 is counted from the project's houses when it is saved. */
export const communityProfileHooks: ResourceHooks = {
  async beforeSave({ trx, id, values, current }) {
    const project = (values.project_id ?? current?.project_id) as number;
    const other = await trx.selectFrom('community_profile').select('id').where('project_id', '=', project).where('id', '!=', id ?? 0).executeTakeFirst();
    if (other) throw conflict('该项目已有小区资料，请直接编辑');
    const houses = (await trx.selectFrom('house').select((eb) => eb.fn.countAll<number>().as('n')).where('project_id', '=', project).executeTakeFirstOrThrow()) as { n: number };
    values.households = Number(houses.n);
  },
};
