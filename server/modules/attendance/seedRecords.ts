import type { SeedContext } from '../../engine/module.ts';

const DAY = 86_400_000;
const SURNAMES = ['张', '王', '李', '赵', '刘', '陈', '杨', '黄', '周', '吴', '徐', '孙', '马', '朱', '胡', '郭', '何', '林', '罗', '高'];
const GIVEN = ['伟', '芳', '娜', '敏', '静', '强', '磊', '洋', '艳', '勇', '军', '杰', '娟', '涛', '明', '超', '秀英', '桂兰', '志强', '海燕', '建华', '晓东', '雨涵', '子轩'];
/** How people come through: mostly owners and their families by face or card, visitors by QR code. */
const PEOPLE: [string, number][] = [['owner', 50], ['family', 20], ['tenant', 12], ['visitor', 8], ['staff', 6], ['supplier', 4]];
const METHOD_OF: Record<string, string[]> = { face: ['face', 'face', 'face', 'qrcode', 'remote'], card: ['card', 'card', 'password', 'qrcode'], gate: ['card', 'remote'] };

/**
 * A month of what the demo projects' door devices reported: openings through every device but
 * the screens (a few refused), and the faces registered at the face devices; numbered as the
 * devices number them, spread over the day's busy hours.
 */
export async function seedRecords(ctx: SeedContext): Promise<void> {
  const { trx, now, rnd, pick } = ctx;
  const devices = (await trx.selectFrom('access_device').select(['id', 'project_id', 'code', 'type']).where('type', '!=', 'screen').orderBy('id').execute()) as { id: number; project_id: number; code: string; type: string }[];
  const person = (): string => {
    let roll = rnd() * 100;
    for (const [type, weight] of PEOPLE) if ((roll -= weight) < 0) return type;
    return 'owner';
  };
  const hour = (): number => pick([7, 7, 8, 8, 8, 9, 11, 12, 12, 13, 17, 18, 18, 19, 19, 20, 21, 22]);
  for (const device of devices) {
    const rows: Record<string, unknown>[] = [];
    let seq = 1;
    for (let day = 30; day >= 1; day -= 1) {
      const base = new Date(now - day * DAY);
      base.setHours(0, 0, 0, 0);
      const opens = 6 + Math.floor(rnd() * 10);
      for (let k = 0; k < opens; k += 1) {
        const type = person();
        const unknown = rnd() < 0.04;
        rows.push({ kind: 'open', method: pick(METHOD_OF[device.type]!), person_type: unknown ? 'unknown' : type, person_name: unknown || type === 'visitor' ? null : pick(SURNAMES) + pick(GIVEN), result: unknown ? 'fail' : 'success', occurred_at: base.getTime() + hour() * 3_600_000 + Math.floor(rnd() * 3_600_000) });
      }
      if (device.type === 'face' && rnd() < 0.5) {
        rows.push({ kind: 'face_register', method: null, person_type: pick(['owner', 'family', 'tenant']), person_name: pick(SURNAMES) + pick(GIVEN), result: rnd() < 0.9 ? 'success' : 'fail', occurred_at: base.getTime() + (9 + Math.floor(rnd() * 9)) * 3_600_000 + Math.floor(rnd() * 3_600_000) });
      }
    }
    rows.sort((a, b) => (a.occurred_at as number) - (b.occurred_at as number));
    const values = rows.map((r) => ({ ...r, project_id: device.project_id, device_id: device.id, record_no: `${device.code}-${String(seq++).padStart(6, '0')}`, created_by: null, created_at: r.occurred_at, updated_at: r.occurred_at }));
    for (let i = 0; i < values.length; i += 100) await trx.insertInto('access_record').values(values.slice(i, i + 100)).execute();
  }
}
