import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { Reporter, TestCase, TestModule } from 'vitest/node';

type HookContext = Parameters<NonNullable<Reporter['onHookStart']>>[0];

/**
 * Stops a run that no longer moves. Every test and hook has its timeout, yet one CI run stayed
 * silent for an hour after a file had passed, until CI's own limit killed it with nothing to
 * say why. This reporter notes every sign of progress; after TEST_STALL_MINUTES (5) without
 * any, it prints what was running (file, test or hook), the test processes and the
 * database's sessions, writes that report to TEST_STALL_MARKER if set (the README's test
 * command then runs the tier once more and repeats the report at its end), and ends the run.
 */
export default class StallWatchdog implements Reporter {
  private readonly limitMs = Number(process.env.TEST_STALL_MINUTES ?? 5) * 60_000;
  private lastProgress = Date.now();
  private readonly running = new Map<string, string>();
  private timer: NodeJS.Timeout | undefined;
  private started = false;

  onTestRunStart() {
    this.lastProgress = Date.now();
    this.timer = setInterval(() => this.check(), 15_000);
    this.timer.unref();
  }

  onTestRunEnd() {
    clearInterval(this.timer);
  }

  onTestModuleQueued(module: TestModule) {
    this.progress(module, 'chargement du fichier');
  }

  onTestModuleCollected(module: TestModule) {
    this.progress(module, 'fichier chargé');
  }

  onTestCaseReady(test: TestCase) {
    this.progress(test.module, `test « ${test.fullName} »`);
  }

  onTestCaseResult(test: TestCase) {
    this.progress(test.module, `après « ${test.fullName} »`);
  }

  onHookStart(hook: HookContext) {
    this.progress(moduleOf(hook), `hook ${hook.name}`);
  }

  onHookEnd(hook: HookContext) {
    this.progress(moduleOf(hook), `après le hook ${hook.name}`);
  }

  onTestModuleEnd(module: TestModule) {
    this.lastProgress = Date.now();
    this.running.delete(module.moduleId);
  }

  private progress(module: TestModule, where: string) {
    this.started = true;
    this.lastProgress = Date.now();
    this.running.set(module.moduleId, where);
  }

  private check() {
    // The global setup (a migrated and seeded database) has its own pace: counted from the
    // first file on.
    if (this.running.size === 0 && !this.started) return;
    const silentMs = Date.now() - this.lastProgress;
    if (silentMs < this.limitMs) return;
    const lines = [
      `\n✖ Aucun progrès des tests depuis ${Math.round(silentMs / 1000)} s : arrêt.`,
      ...[...this.running].map(([file, where]) => `  en cours : ${file} — ${where}`),
      this.running.size === 0 ? '  aucun fichier en cours (entre deux fichiers)' : '',
      '  processus des tests (état, temps, CPU) :',
      indent(run('ps', ['-o', 'pid,ppid,stat,etime,pcpu,rss,args', '-p', descendants().join(',')])),
      '  sessions PostgreSQL actives :',
      indent(
        run('psql', [
          process.env.TEST_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres',
          '-Atc',
          "SELECT pid, datname, state, wait_event_type, wait_event, now() - query_start, left(query, 120) FROM pg_stat_activity WHERE state <> 'idle' AND pid <> pg_backend_pid()",
        ]),
      ),
    ];
    const report = `${lines.join('\n')}\n`;
    process.stderr.write(report);
    if (process.env.TEST_STALL_MARKER) writeFileSync(process.env.TEST_STALL_MARKER, report);
    // The stuck worker would outlive the run (a busy loop burns a core): end them all first.
    for (const pid of descendants().slice(1)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    process.exit(1);
  }
}

/** This process and every process under it (the test workers, and what they started). */
function descendants(): number[] {
  const table = run('ps', ['-eo', 'pid=,ppid=']);
  const children = new Map<number, number[]>();
  for (const line of table.trim().split('\n')) {
    const [pid, ppid] = line.trim().split(/\s+/).map(Number);
    if (pid && ppid !== undefined) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  }
  const found = [process.pid];
  for (let i = 0; i < found.length; i++) found.push(...(children.get(found[i]!) ?? []));
  return found;
}

const moduleOf = ({ entity }: HookContext): TestModule =>
  entity.type === 'module' ? entity : entity.module;

function run(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { encoding: 'utf8', timeout: 10_000 });
  } catch (error) {
    return `(${command} : ${(error as Error).message.split('\n')[0]})`;
  }
}

const indent = (text: string) =>
  text
    .trimEnd()
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
