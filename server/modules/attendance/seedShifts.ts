import type { SeedContext } from '../../engine/module.ts';
import { demoIdNumber, orgDemo } from '../org/public.ts';

/** The three suppliers whose workers punch at every demo project, with their work type. */
export const SUPPLIERS = {
  cleaning: '上海洁安保洁服务有限公司',
  security: '安盾保安服务有限公司',
  greening: '绿源园林工程有限公司',
} as const;

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '林', '罗', '高'];
const GIVEN: Record<keyof typeof SUPPLIERS, string[]> = {
  cleaning: ['秀英', '桂芳', '玉兰', '凤琴', '春梅', '淑珍', '美华', '翠萍', '金凤', '月娥', '素芬', '丽娟'],
  security: ['建军', '国栋', '志刚', '永强', '海涛', '立新', '卫东', '宏伟', '振华', '德明', '晓东', '俊杰'],
  greening: ['长根', '有福', '水生', '春生', '根宝', '福林', '金海', '大勇'],
};
/** Workers each project has per supplier (besides those the organisation's seed already placed). */
const HEADCOUNT: Record<keyof typeof SUPPLIERS, number> = { cleaning: 3, security: 3, greening: 2 };

/** [name, supplier, weekdays, start, end, allow, late, early] of each project's shifts. */
const SHIFTS: [string, keyof typeof SUPPLIERS, string[], string, string, number, number, number][] = [
  ['保洁早班', 'cleaning', ['1', '2', '3', '4', '5', '6'], '07:00', '15:00', 60, 5, 5],
  ['秩序白班', 'security', ['1', '2', '3', '4', '5', '6', '7'], '08:00', '20:00', 60, 5, 10],
  ['绿化养护班', 'greening', ['1', '2', '3', '4', '5'], '07:30', '16:30', 45, 10, 10],
];
/** Where 翠湖天地's cleaners must punch (its service centre), 300 m around. */
export const CUIHU_POINT = { latitude: 31.22465, longitude: 121.47621, radius_m: 300 };

export interface SeededShift {
  id: number;
  projectId: number;
  staffIds: number[];
}

/** Supplier workers at each project and their shifts, made 70 days ago so two months of days can follow. */
export async function seedShifts(ctx: SeedContext, createdAt: number): Promise<SeededShift[]> {
  const { trx } = ctx;
  const { projectIds } = orgDemo(ctx);
  let n = 0;
  for (const projectId of projectIds) {
    for (const type of Object.keys(SUPPLIERS) as (keyof typeof SUPPLIERS)[]) {
      for (let i = 0; i < HEADCOUNT[type]; i += 1, n += 1) {
        const name = SURNAMES[(n * 7) % SURNAMES.length]! + GIVEN[type][(n * 5 + i) % GIVEN[type].length]!;
        await trx
          .insertInto('external_staff')
          .values({
            project_id: projectId, name, mobile: `1391882${String(1000 + n * 37).padStart(4, '0')}`,
            id_number: demoIdNumber(['310105', '320506', '340104', '410102'][n % 4]!, `19${68 + (n % 25)}${String(1 + (n % 12)).padStart(2, '0')}${String(10 + (n % 18))}`, 201 + n * 3),
            supplier: SUPPLIERS[type], stripe_id: null, work_type: type, contract_start: '2026-01-01', contract_end: '2027-12-31',
            photo: null, remark: null, enabled: 1, created_by: null, created_at: createdAt, updated_at: createdAt,
          })
          .execute();
      }
    }
  }
  const out: SeededShift[] = [];
  for (const projectId of projectIds) {
    for (const [name, type, days, start, end, allow, late, early] of SHIFTS) {
      const point = projectId === projectIds[0] && type === 'cleaning' ? CUIHU_POINT : { latitude: null, longitude: null, radius_m: null };
      const shift = await trx
        .insertInto('attendance_shift')
        .values({ project_id: projectId, name, supplier: SUPPLIERS[type], work_days: JSON.stringify(days), start_time: start, end_time: end, allow_offset_min: allow, late_offset_min: late, early_offset_min: early, ...point, remark: null, enabled: 1, created_by: null, created_at: createdAt, updated_at: createdAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      const workers = (await trx.selectFrom('external_staff').select('id').where('project_id', '=', projectId).where('supplier', '=', SUPPLIERS[type]).where('enabled', '=', 1).orderBy('id').execute()) as { id: number }[];
      for (const w of workers) await trx.insertInto('attendance_shift_staff').values({ shift_id: shift.id, external_staff_id: w.id }).execute();
      out.push({ id: shift.id as number, projectId, staffIds: workers.map((w) => w.id) });
    }
  }
  return out;
}
