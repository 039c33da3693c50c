/** `pnpm --filter @agency/api bench`: benchmarks run by hand (not in CI). */
import { runWsLatencyBench } from './ws-latency';

runWsLatencyBench()
  .then(() => process.exit(process.exitCode ?? 0))
  .catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
