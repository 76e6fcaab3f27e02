// The set-up of an e2e suite (test/e2e): an emulator, and a real VS Code (code-server with the
// packaged .vsix) whose service address is that emulator's and which holds its alpha key.
import { EmulatorControl, FIXTURE_KEYS, startEmulator, type RunningEmulator } from '../emulator/index';
import type { Workbench, WorkbenchOptions } from '../e2e/workbench';
import { lateBound } from './lateBound';

export interface WorkbenchSuiteOptions extends WorkbenchOptions {
  /**
   * How the key gets in: typed into Set API Key as a person does (the default), or seeded at
   * start from MMAI_EMULATOR_KEY as `npm run demo` does.
   */
  key?: 'typed' | 'seeded';
}

export interface WorkbenchSuite<W extends Workbench> {
  readonly emulator: RunningEmulator;
  readonly control: EmulatorControl;
  readonly workbench: W;
  /** Starts the emulator again at its address, after a test closed it to make the service unreachable. */
  reopenEmulator(): Promise<void>;
}

/**
 * Starts the emulator and `kind`'s workbench named `name` (its artifacts go to test-results/NAME)
 * for the enclosing describe(), and stops both after it.
 */
export function useWorkbench<W extends Workbench>(
  kind: { start(name: string, options: WorkbenchOptions): Promise<W> },
  name: string,
  { key = 'typed', ...options }: WorkbenchSuiteOptions = {},
): WorkbenchSuite<W> {
  const emulator = lateBound<RunningEmulator>('the emulator');
  const control = lateBound<EmulatorControl>('the emulator control');
  const workbench = lateBound<W>('the workbench');
  before(async () => {
    const started = await startEmulator();
    emulator.set(started);
    control.set(new EmulatorControl(started.origin));
    workbench.set(
      await kind.start(name, {
        ...options,
        settings: { 'multiModelAI.baseUrl': started.baseUrl, ...options.settings },
        env: key === 'seeded' ? { MMAI_EMULATOR_KEY: FIXTURE_KEYS.alpha, ...options.env } : options.env,
      }),
    );
    if (key === 'typed') await workbench.value.setApiKey(FIXTURE_KEYS.alpha);
  });
  after(async () => {
    await workbench.current()?.stop();
    await emulator.current()?.close();
  });
  const reopenEmulator = async () => {
    emulator.set(await startEmulator({ port: Number(new URL(emulator.value.origin).port) }));
  };
  return { emulator: emulator.value, control: control.value, workbench: workbench.value, reopenEmulator };
}
