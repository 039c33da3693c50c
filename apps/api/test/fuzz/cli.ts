/**
 * `pnpm fuzz [--runs N] [--seed N] [--replay PATH] [--quiet] [--verbose]`: the long fuzz run, by hand. It starts the app in
 * this process on a fresh database (an in-memory PGlite, or a scratch database on the server DATABASE_URL
 * names), seeds the fuzz world, sends N requests drawn from the seed and prints a summary: requests, statuses,
 * routes never answered 2xx, and each failure with what replays it. Exits 1 when anything failed.
 */
import { createTestContext } from '../support/test-app';
import { createFuzzer, describeFailure, describeSummary, runFuzz, show } from './runner';
import { seedFuzzWorld } from './world';

function parseArgs(argv: string[]) {
  const args = argv.filter((a) => a !== '--');
  const value = (name: string): string | undefined => {
    const i = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
    if (i < 0) return undefined;
    const arg = args[i]!;
    return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[i + 1];
  };
  const int = (name: string, fallback: number) => {
    const raw = value(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isSafeInteger(n) || n < 0) {
      console.error(`--${name} must be a whole number, not ${raw}`);
      process.exit(2);
    }
    return n;
  };
  if (args.includes('--help') || args.includes('-h')) {
    console.log('usage: pnpm fuzz [--runs N (default 2000)] [--seed N (default: random)] [--replay PATH] [--quiet] [--verbose: a line per request]');
    process.exit(0);
  }
  const replay = value('replay');
  return {
    runs: int('runs', 2000),
    seed: int('seed', Math.floor(Math.random() * 2 ** 31)),
    ...(replay !== undefined ? { replay } : {}),
    quiet: args.includes('--quiet'),
    verbose: args.includes('--verbose'),
  };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const where = process.env.DATABASE_URL ? 'a scratch database on DATABASE_URL' : 'an in-memory PGlite';
  console.log(`fuzz: seed ${args.seed}, ${args.replay !== undefined ? `replaying path ${args.replay}` : `${args.runs} requests`}, on ${where}`);
  const ctx = await createTestContext();
  let code = 0;
  try {
    const started = Date.now();
    const fw = await seedFuzzWorld(ctx);
    console.log(`fuzz: world seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const fuzzer = createFuzzer(ctx, fw);
    try {
      const every = Math.max(100, Math.round(args.runs / 20));
      const summary = await runFuzz(fuzzer, {
        seed: args.seed,
        runs: args.runs,
        ...(args.replay !== undefined ? { replay: args.replay } : {}),
        onRequest: (i, request, outcome, failure) => {
          if (failure) console.log(`\n${describeFailure(failure)}\n`);
          else if (args.replay !== undefined) {
            console.log(`request: ${show(request, 4000)}\nsent: ${outcome.method} ${outcome.url.slice(0, 500)}\nbody: ${outcome.sent}`);
            console.log(`answer: ${outcome.status} in ${Math.round(outcome.ms)} ms: ${show(outcome.text, 1000)}`);
          }
          else if (args.verbose) console.log(`${request.route} as ${request.persona}: ${outcome.status} in ${Math.round(outcome.ms)} ms — ${outcome.method} ${outcome.url.slice(0, 200)}`);
          if (!args.quiet && (i + 1) % every === 0) console.log(`fuzz: ${i + 1}/${args.runs} requests`);
        },
      });
      console.log(`\n${describeSummary(summary)}`);
      if (summary.failures.length > 0) code = 1;
    } finally {
      await fuzzer.close();
    }
  } finally {
    await ctx.close();
  }
  process.exit(code);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
