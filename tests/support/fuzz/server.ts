import { startServer, type TestServer } from '../server.ts';

/** The test server for the fuzzers, with sign-in rate limits out of the way of bad logins. */
export function startFuzzServer(): Promise<TestServer> {
  return startServer({ PMS_LOGIN_RATE_LIMIT: '1000000' });
}
