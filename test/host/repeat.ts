// npm run test:e2e -- --repeat N (likewise test:extension, test:extension:vsix): runs the
// tier's command N times in a row and stops at the first failure, so that a flaky test
// shows itself here rather than in CI. Without --repeat it runs the command once.
import { spawnSync } from 'node:child_process';

function parse(argv: string[]): { times: number; command: string[] } {
  const at = argv.indexOf('--repeat');
  if (at === -1) return { times: 1, command: argv };
  const times = Number(argv[at + 1]);
  if (!Number.isInteger(times) || times < 1) throw new Error(`--repeat wants a whole number of runs, got "${argv[at + 1] ?? ''}".`);
  return { times, command: [...argv.slice(0, at), ...argv.slice(at + 2)] };
}

const { times, command } = parse(process.argv.slice(2));
const [program, ...args] = command;
if (!program) throw new Error('usage: tsx test/host/repeat.ts <command…> [--repeat N]');
for (let run = 1; run <= times; run++) {
  if (times > 1) console.log(`\n[repeat] run ${run}/${times}: ${command.join(' ')}`);
  const result = spawnSync(program, args, { stdio: 'inherit', shell: false });
  if (result.status !== 0) {
    if (times > 1)
      console.error(
        `[repeat] run ${run}/${times} failed (exit ${result.status ?? result.signal}); its artifacts are in test-results/. ${run - 1}/${times} passed before it.`,
      );
    process.exit(result.status ?? 1);
  }
}
if (times > 1) console.log(`[repeat] ${times}/${times} passed: ${command.join(' ')}`);
