import type { SeedContext } from '../../engine/module.ts';
import { orgDemo } from '../org/public.ts';

/** [code suffix, name, type, location, place, direction, vendor] of each project's devices. */
const DEVICES: [string, string, string, string, string, string, string][] = [
  ['FACE-01', '东门人脸机（进）', 'face', 'gate', '东门岗亭', 'in', '海康威视'],
  ['FACE-02', '东门人脸机（出）', 'face', 'gate', '东门岗亭', 'out', '海康威视'],
  ['FACE-03', '员工通道人脸考勤机', 'face', 'building', '物业服务中心一楼', 'in', '大华'],
  ['CARD-01', '1 号楼单元门禁', 'card', 'unit', '1 号楼 1 单元', 'in', '立林'],
  ['GATE-01', '地库入口道闸', 'gate', 'garage', 'B1 车库入口', 'in', '捷顺'],
  ['SCR-01', '大堂广告屏', 'screen', 'building', '1 号楼大堂', 'in', '视源'],
];
const PREFIX = ['CH', 'JX', 'BJ', 'YQ'];
/** Who may enrol a face, and how strictly each project checks. */
const SETTINGS: [string[], boolean, number, boolean, number][] = [
  [['owner', 'tenant', 'family', 'supplier'], true, 82, true, 90],
  [['owner', 'tenant', 'family'], true, 80, true, 60],
  [['owner', 'family', 'supplier'], false, 85, true, 180],
  [['owner', 'tenant', 'family', 'visitor'], true, 78, false, 30],
];

/** Each project's access devices (heartbeats of the last minutes, one silent for days, one never synced) and face settings; answers each project's staff face device. */
export async function seedDevices(ctx: SeedContext): Promise<Map<number, number>> {
  const { trx, now } = ctx;
  const { projectIds } = orgDemo(ctx);
  const staffDevice = new Map<number, number>();
  const at = now - 120 * 86_400_000;
  for (const [p, projectId] of projectIds.entries()) {
    for (const [i, [suffix, name, type, location, place, direction, vendor]] of DEVICES.entries()) {
      const sync = p === 3 && i === 4 ? 'unsynced' : p === 1 && i === 3 ? 'syncing' : 'synced';
      // One device of each project went quiet days ago (a cut network cable): 离线 since its window passed.
      const window = type === 'gate' ? 10 : 5;
      const heard = sync === 'unsynced' ? null : p === i - 1 ? now - (p + 2) * 86_400_000 : now - (i + 1) * 47_000;
      const silentAt = heard === null ? null : heard + window * 60_000;
      const online = silentAt !== null && silentAt > now;
      const row = await trx
        .insertInto('access_device')
        .values({ project_id: projectId, code: `${PREFIX[p % 4]}-${suffix}`, name, type, location, place, direction, vendor, ip: `10.${20 + p}.1.${11 + i}`, sync_state: sync, last_heartbeat: heard, heartbeat_minutes: window, silent_at: silentAt, online_state: online ? 'online' : 'offline', state_at: online ? heard : (silentAt ?? at), remark: null, enabled: 1, created_by: null, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (suffix === 'FACE-03') staffDevice.set(projectId, row.id as number);
    }
    const [types, audit, threshold, liveness, days] = SETTINGS[p % SETTINGS.length]!;
    await trx.insertInto('face_config').values({ project_id: projectId, face_enabled: 1, register_types: JSON.stringify(types), need_audit: audit ? 1 : 0, similarity_threshold: threshold, liveness_check: liveness ? 1 : 0, retention_days: days, remark: null, created_by: null, created_at: at, updated_at: at }).execute();
  }
  return staffDevice;
}
