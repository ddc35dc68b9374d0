/**
 * The btnCodes of the patrol routes. Each is declared by the `buttons` of a patrol page schema
 * (schemas/patrol/pages/routingInspectionV2-*.json, patrolExport.json, locationDownload.json), which
 * makes it the permission a role grants; a list means any one of them will do.
 */
export const CODES = {
  classifyView: 'patrol-classify:view',
  classifyAdd: 'patrol-classify:add',
  classifyEdit: 'patrol-classify:edit',
  classifyDelete: 'patrol-classify:delete',
  /** The category tree feeds the category screen, point forms and filters, QR codes and statistics. */
  classifyTree: ['patrol-classify:view', 'patrol-point:view', 'patrol-qr:view', 'patrol-plan:view'],
  standardView: ['patrol-classify:view'],
  standardEdit: 'patrol-standard:edit',
  standardDelete: 'patrol-standard:delete',
  standardImport: 'patrol-standard:import',
  standardExport: 'patrol-standard:export',

  stripeView: ['patrol-plan:view', 'patrol-task:view', 'patrol-stat:view'],
  stripeEdit: 'patrol-stripe:edit',

  pointView: 'patrol-point:view',
  /** Points listed for choosing: the point screen and the plan form. */
  pointPick: ['patrol-point:view', 'patrol-plan:view'],
  pointAdd: 'patrol-point:add',
  pointEdit: 'patrol-point:edit',
  pointDelete: 'patrol-point:delete',
  pointExport: 'patrol-point:export',
  pointRecords: 'patrol-point:records',
  /** Printing point labels: the point screen, the QR screen and the label download page. */
  qrPrint: ['patrol-point:qr', 'patrol-qr:print', 'patrol-download:qr'],

  /** Plans listed: the plan screen, and the label download page choosing a plan. */
  planView: ['patrol-plan:view', 'patrol-download:qr'],
  planPoints: ['patrol-plan:view', 'patrol-task:view', 'patrol-download:qr'],
  planAdd: 'patrol-plan:add',
  planEdit: 'patrol-plan:edit',
  planSave: ['patrol-plan:add', 'patrol-plan:edit'],
  planStatus: 'patrol-plan:status',
  planExport: 'patrol-plan:export',

  taskView: ['patrol-task:view', 'patrol-export:task'],
  taskFinish: 'patrol-task:finish',
  taskTransfer: 'patrol-task:transfer',
  taskDelete: 'patrol-task:delete',
  taskExport: ['patrol-task:export', 'patrol-export:task'],
  /** Staff of a business line: choosing who does a plan, or whom a task goes to. */
  stripeStaff: ['patrol-plan:view', 'patrol-task:transfer'],

  recordView: ['patrol-record:view', 'patrol-task:view'],
  recordHandle: 'patrol-record:handle',
  recordExport: ['patrol-record:export', 'patrol-export:record'],

  statView: 'patrol-stat:view',
  statExport: ['patrol-stat:export', 'patrol-export:stat'],

  /** Point codes listed: the QR screen, and the label download page choosing points. */
  qrView: ['patrol-qr:view', 'patrol-download:qr'],
  qrExport: 'patrol-qr:export',
} satisfies Record<string, string | string[]>;
