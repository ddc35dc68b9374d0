// What other modules may use of the organisation module (.dependency-cruiser.cjs: modules meet only here).
export * from './people.ts';
export { orgDemo, type OrgDemo } from './seed.ts';
export { DEMO_ACCOUNTS, DEMO_OFFICE_ACCOUNTS, DEMO_ORG, DEMO_PROJECTS, DEMO_STAFF, DEMO_STAFF_PASSWORD } from './demo.ts';
export { demoIdNumber, externalWorkers, externalWorkersAt, type ExternalWorker } from './externalStaff.ts';
