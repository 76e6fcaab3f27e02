// The emulator's public surface (its contract: test/emulator/README.md).
export { FIXTURE_KEYS } from './auth';
export { EmulatorControl } from './control';
export type { ErrorShape } from './errorShapes';
export type { Fault, FaultEndpoint } from './faults';
export type { RateLimitOptions } from './rateLimiter';
export type { EndpointName, RecordedRequest } from './requestLog';
export { startEmulator, type EmulatorOptions, type RunningEmulator } from './server';
