// The fault drill (faults.ts) in `npm test`: its own throwaway stack on ports from 25700, each
// service killed with SIGKILL under load from real supabase-js clients; nothing a client was told
// succeeded is lost, nothing is there twice, subscribers are back with every message, mails and
// webhooks arrive once. The recovery times are printed (`pnpm bench` prints them too).
import { beforeAll, describe, expect, it } from 'vitest';
import { killedServices, runFaultDrill, type DrillReport } from './faults.ts';

let report: DrillReport;

beforeAll(async () => {
  report = await runFaultDrill({ base: Number(process.env.PODIUM_FAULTS_TEST_PORT_BASE ?? 25700), log: (line) => console.log(`fault drill: ${line}`) });
  console.log(`fault drill: time to recover per service (ms): ${JSON.stringify(report.recoveryMs)}`);
  console.log(`fault drill: writes acknowledged ${JSON.stringify(report.acknowledged)}, failed after retries ${report.failedWrites}`);
}, 420_000);

describe('SIGKILL of each service under load', () => {
  it('every service was killed once and restarted by the supervisor', () => {
    // At least once: on a busy machine a service may also have died by itself.
    for (const service of killedServices) expect(report.restarts[service], service).toBeGreaterThanOrEqual(1);
    expect(Object.keys(report.recoveryMs)).toEqual([...killedServices]);
  });

  it('the clients kept writing through it: messages, bookings accepted, BANDS applied and paid', () => {
    for (const [kind, count] of Object.entries(report.acknowledged)) expect(count, kind).toBeGreaterThan(0);
  });

  it('loses nothing a client was told succeeded, doubles nothing, and brings subscribers, mails and webhooks back', () => {
    expect(report.problems).toEqual([]);
  });
});
