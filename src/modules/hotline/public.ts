/** What other modules may use of the hotline module: dialling a number from the call state of spec 3. */
export { dial } from './callState.ts';
