import type { ServerModule } from '../../engine/module.ts';
import { accessDeviceHooks } from './hooks/access_device.ts';
import { attendancePunchHooks } from './hooks/attendance_punch.ts';
import { attendanceShiftHooks } from './hooks/attendance_shift.ts';
import { faceConfigHooks } from './hooks/face_config.ts';
import { generateDays } from './days.ts';
import type { AnyDB } from '../../engine/hooks.ts';
import { ATTENDANCE_DEMO_GRANTS, seedAttendance } from './seed.ts';

/**
 * Supplier attendance (运营管理 · 供应商考勤): shifts of each project's supplier workers (the
 * organisation's external staff), their punches judged against the shift by the server, the
 * days generated once each shift's day is over, and the monthly statistics; the projects' face
 * and door devices (face punches name theirs) and face settings.
 */
export const attendanceModule: ServerModule = {
  name: 'attendance',
  dependsOn: ['org'],
  hooks: { attendance_shift: attendanceShiftHooks, attendance_punch: attendancePunchHooks, face_config: faceConfigHooks, access_device: accessDeviceHooks },
  // Each day of a shift is made once it is over, on the timers' clock, each pass in one transaction.
  background(app) {
    app.workflowTimers.add((now) => app.db.transaction().execute((trx) => generateDays(trx as unknown as AnyDB, now)));
  },
  demoGrants: ATTENDANCE_DEMO_GRANTS,
  seed: seedAttendance,
};
