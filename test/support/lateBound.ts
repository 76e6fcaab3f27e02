// A constant a suite can name at describe() time for an object its before() hook makes later:
// the tests read it as the object itself, so a suite's set-up is one line.

export interface LateBound<T extends object> {
  /** Stands for the object once it is set; reading it earlier throws, naming `what`. */
  readonly value: T;
  /** The object, if it has been set (for an after() hook whose before() may have failed). */
  current(): T | undefined;
  set(value: T | undefined): void;
}

export function lateBound<T extends object>(what: string): LateBound<T> {
  let current: T | undefined;
  const bound = (): T => {
    if (!current) throw new Error(`${what} is not ready: it is set in a before() hook`);
    return current;
  };
  const value = new Proxy({} as T, {
    get: (_target, property) => Reflect.get(bound(), property),
    has: (_target, property) => Reflect.has(bound(), property),
    set: (_target, property, next) => Reflect.set(bound(), property, next),
    // Spreading it (`{ ...bound.value, one: 'changed' }`) copies the object's own fields. Each is
    // reported configurable, as a proxy must for a field its empty target lacks.
    ownKeys: () => Reflect.ownKeys(bound()),
    getOwnPropertyDescriptor: (_target, property) => {
      const field = Reflect.getOwnPropertyDescriptor(bound(), property);
      return field && { ...field, configurable: true };
    },
  });
  return {
    value,
    current: () => current,
    set: (next) => {
      current = next;
    },
  };
}
