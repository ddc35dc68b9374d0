import { seedRecords } from './seedRecords.ts';
import type { SeedContext } from '../../engine/module.ts';
import { seedDevices } from './seedDevices.ts';
import { seedPunches } from './seedPunches.ts';
import { seedShifts } from './seedShifts.ts';

const DAY = 86_400_000;

/**
 * The operations specialist (运营专员) runs supplier attendance for the projects of their region;
 * a project manager reads their project's shifts, statistics and devices and makes up punches.
 */
export const ATTENDANCE_DEMO_GRANTS: Record<string, string[]> = {
  operations: [
    'attendanceShift:view', 'attendanceShift:add', 'attendanceShift:edit', 'attendanceShift:delete', 'attendanceShift:enable', 'attendanceShift:export',
    'attendancePunch:view', 'attendancePunch:manual', 'attendancePunch:export',
    'attendanceStats:view', 'attendanceStats:export',
    'accessDevice:view', 'accessDevice:add', 'accessDevice:edit', 'accessDevice:delete', 'accessDevice:enable', 'accessDevice:export', 'faceConfig:view', 'faceConfig:edit',
    'accessRecord:view', 'accessRecord:export',
  ],
  // The project manager confirms 补卡 on site.
  project_manager: ['attendanceShift:view', 'attendancePunch:view', 'attendancePunch:manual', 'attendanceStats:view', 'accessDevice:view', 'accessRecord:view', 'faceConfig:view'],
};

export async function seedAttendance(ctx: SeedContext): Promise<void> {
  const shifts = await seedShifts(ctx, ctx.now - 70 * DAY);
  const devices = await seedDevices(ctx);
  await seedPunches(ctx, shifts, devices, ctx.now - 60 * DAY);
  await seedRecords(ctx);
}
