import { spawn } from 'node:child_process';
import path from 'node:path';

/**
 * Runs lanes of steps at the same time, each lane's steps in order. A step is `npm:<script>` (an
 * npm script) or a run of vitest project names (one `vitest run` of those projects, in its own
 * process), so each lane that needs a local stack starts its own (own ports, own data directory)
 * and no lane's tests see another's data. Most of an integration or browser test is waiting on the
 * stack, so two lanes on two cores take little more than the longer one.
 *
 *   tsx test/run-lanes.ts "npm:typecheck unit integration" "npm:build:web browser"
 *
 * Each step's output is printed whole when it ends (interleaved lines would be unreadable), then
 * the one closing line CI reads, summed over the vitest runs (test/summary-reporter.ts prints each
 * run's). A vitest run that ends without its closing line, or a failed npm script, counts as one
 * failure; a lane goes on after a failed step, so one failure does not hide the rest.
 */
const root = path.resolve(import.meta.dirname, '..');
const SUMMARY = /^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?$/;

interface Step {
  label: string;
  command: string[];
  vitest: boolean;
}

interface StepResult {
  code: number;
  output: string;
  seconds: number;
}

/** A lane's tokens as steps: each `npm:` token alone, consecutive project names together. */
function stepsOf(lane: string): Step[] {
  const steps: Step[] = [];
  for (const token of lane.split(/\s+/).filter(Boolean)) {
    if (token.startsWith('npm:')) {
      steps.push({ label: `npm run ${token.slice(4)}`, command: ['npm', 'run', token.slice(4)], vitest: false });
      continue;
    }
    const last = steps.at(-1);
    if (last?.vitest) {
      last.label += ` ${token}`;
      last.command.push('--project', token);
    } else steps.push({ label: `vitest ${token}`, command: ['npx', 'vitest', 'run', '--project', token], vitest: true });
  }
  return steps;
}

function runStep(step: Step): Promise<StepResult> {
  const started = Date.now();
  const [command, ...args] = step.command;
  const child = spawn(command!, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output, seconds: Math.round((Date.now() - started) / 1000) }));
  });
}

/** The vitest run's own closing line, or one failure when it printed none (it crashed or was killed). */
function laneCounts(output: string, code: number): { passed: number; failed: number; skipped: number } {
  const line = output
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => SUMMARY.test(l))
    .at(-1);
  if (!line) return { passed: 0, failed: 1, skipped: 0 };
  const [, passed, failed, skipped] = SUMMARY.exec(line)!;
  // A lane that failed with every test passing (an unhandled error after the run) is one failure.
  const failures = Number(failed) + (code !== 0 && Number(failed) === 0 ? 1 : 0);
  return { passed: Number(passed), failed: failures, skipped: Number(skipped ?? 0) };
}

async function main(lanes: string[]) {
  if (lanes.length === 0) {
    console.error('usage: tsx test/run-lanes.ts "<steps of lane 1>" ["<steps of lane 2>" …]   (a step: npm:<script> or vitest project names)');
    process.exit(2);
  }
  const total = { passed: 0, failed: 0, skipped: 0 };
  let code = 0;
  const started = Date.now();
  await Promise.all(
    lanes.map(async (lane, n) => {
      for (const step of stepsOf(lane)) {
        const result = await runStep(step);
        const at = Math.round((Date.now() - started) / 1000);
        process.stdout.write(`\n===== lane ${n + 1}: ${step.label} (${result.seconds} s, ended at ${at} s, exit ${result.code}) =====\n${result.output}\n`);
        if (step.vitest) {
          const counts = laneCounts(result.output, result.code);
          total.passed += counts.passed;
          total.failed += counts.failed;
          total.skipped += counts.skipped;
        } else if (result.code !== 0) total.failed += 1;
        if (result.code !== 0) code = result.code;
      }
    }),
  );
  const tail = total.skipped > 0 ? `, ${total.skipped} skipped` : '';
  process.stdout.write(`\n${total.passed} passed, ${total.failed} failed${tail}\n`);
  process.exit(code);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) void main(process.argv.slice(2));
