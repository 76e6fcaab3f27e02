// The emulator for a unit suite: one per describe() over real loopback HTTP, reset before each test.
import { EmulatorControl, startEmulator, type EmulatorOptions, type RunningEmulator } from '../emulator';
import { lateBound } from './lateBound';

export interface EmulatorSuite {
  readonly emulator: RunningEmulator;
  readonly control: EmulatorControl;
}

/**
 * Starts an emulator for the enclosing describe(), resets it before each test, closes it after:
 * `const { emulator, control } = useEmulator();` (both usable from the suite's own before()).
 */
export function useEmulator(options?: EmulatorOptions): EmulatorSuite {
  const emulator = lateBound<RunningEmulator>('the emulator');
  const control = lateBound<EmulatorControl>('the emulator control');
  before(async () => {
    const started = await startEmulator(options);
    emulator.set(started);
    control.set(new EmulatorControl(started.origin));
  });
  beforeEach(() => control.value.reset());
  after(() => emulator.current()?.close());
  return { emulator: emulator.value, control: control.value };
}
