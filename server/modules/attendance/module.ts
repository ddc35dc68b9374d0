import type { ServerModule } from '../../engine/module.ts';
import { attendanceShiftHooks } from './hooks/attendance_shift.ts';
import { ATTENDANCE_DEMO_GRANTS, seedAttendance } from './seed.ts';

/**
 * Supplier attendance (运营管理 · 供应商考勤): shifts of each project's supplier workers (the
 * organisation's external staff), their punches judged against the shift by the server, the
 * days generated once each shift's day is over, and the monthly statistics.
 */
export const attendanceModule: ServerModule = {
  name: 'attendance',
  dependsOn: ['org'],
  hooks: { attendance_shift: attendanceShiftHooks },
  demoGrants: ATTENDANCE_DEMO_GRANTS,
  seed: seedAttendance,
};
