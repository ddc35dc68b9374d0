import type { ResourceHooks } from '../../../engine/hooks.ts';
import { badRequest } from '../../../platform/http/envelope.ts';

/** One face setting per project: a second one would leave the devices two thresholds. */
export const faceConfigHooks: ResourceHooks = {
  async beforeSave({ trx, id, values, current }) {
    const projectId = values.project_id ?? current?.project_id;
    let other = trx.selectFrom('face_config').innerJoin('org', 'org.id', 'face_config.project_id').select('org.name').where('face_config.project_id', '=', projectId as number);
    if (id !== null) other = other.where('face_config.id', '!=', id);
    const found = (await other.executeTakeFirst()) as { name: string } | undefined;
    if (found) throw badRequest(`项目「${found.name}」已有人脸设置，请直接编辑`);
  },
};
