// Schemas are built on first use: building them all when the bundle loaded cost activation
// about 10 ms. A plain memo rather than z.lazy: zod counts a lazy's edge as a possible cycle
// and memoizes every parse under it, which took decoding a stream 1.7 times the CPU.
export function buildOnce<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}
