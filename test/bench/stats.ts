// Noise control shared by every benchmark: warm up, then alternate ours and the
// peer (ABAB...) so a slow spell on this shared machine hits both, and keep the
// median of the per-round ratios rather than of the absolute times.

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface PairedResult {
  ours: number[];
  peer: number[];
  /** ours[i] / peer[i], round by round. */
  ratios: number[];
  medianRatio: number;
}

/**
 * Runs `warmup` untimed rounds of both, then `rounds` interleaved timed rounds,
 * swapping which one goes first every round so neither always runs on a warmer machine.
 */
export async function paired(rounds: number, warmup: number, ours: () => Promise<number>, peer: () => Promise<number>): Promise<PairedResult> {
  for (let i = 0; i < warmup; i++) {
    await ours();
    await peer();
  }
  const result: PairedResult = { ours: [], peer: [], ratios: [], medianRatio: NaN };
  for (let i = 0; i < rounds; i++) {
    let a: number;
    let b: number;
    if (i % 2 === 0) {
      a = await ours();
      b = await peer();
    } else {
      b = await peer();
      a = await ours();
    }
    result.ours.push(a);
    result.peer.push(b);
    result.ratios.push(a / b);
  }
  result.medianRatio = median(result.ratios);
  return result;
}

/** CPU time (user + system, all threads) this process spends in `work`, in ms. */
export async function cpuMs(work: () => Promise<void>): Promise<number> {
  const start = process.cpuUsage();
  await work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

export const round = (value: number, digits = 3): number => Number(value.toFixed(digits));
