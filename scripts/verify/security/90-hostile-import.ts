// Hostile workbooks (issue 40, finding 8), the same check as verify:reliability's: a memory
// exhaustion by upload is a denial of service as much as a reliability fault.
export { default } from '../reliability/40-hostile-import.ts';
