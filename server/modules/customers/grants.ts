// Who sees which statistics in the demo: the project's customer service and manager see the
// service reports of their project, the regional quality manager the quality and service reports
// of the region (data scope "organisation and below"), each with the download center.

const view = (codes: string[]) => codes.map((c) => `${c}:view`);
const both = (codes: string[]) => codes.flatMap((c) => [`${c}:view`, `${c}:export`]);

const SERVICE = ['report-repair', 'report-complaint', 'report-reporting', 'report-evaluation', 'report-outbound'];
const MANAGEMENT = ['report-efficiency', 'report-category', 'report-finishrate', 'report-timely', 'report-commitment', 'report-emergency'];
const PATROL = ['report-patrol', 'report-quality', 'report-qualitypoint'];
const CUSTOMER_REPORTS = ['report-customer', 'report-steward'];

const CUSTOMERS = ['customer:view', 'customer:add', 'customer:edit', 'customer:export', 'customer:reveal', 'customer:moveOut', 'communication:view', 'communication:add', 'communication:edit', 'communication:finish', 'communication:export'];

export const REPORT_DEMO_GRANTS: Record<string, string[]> = {
  customer_service: [...CUSTOMERS, ...both([...SERVICE, ...CUSTOMER_REPORTS]), ...view(['report-timely']), 'download-center:view'],
  project_manager: [...CUSTOMERS, 'customer:blacklist', ...both([...SERVICE, ...MANAGEMENT, ...PATROL, ...CUSTOMER_REPORTS]), 'download-center:view'],
  quality: [...both([...SERVICE, ...MANAGEMENT, ...PATROL]), 'download-center:view'],
};
