// The vendor of the provider benchmark's peer provider (peerExtension.ts, its manifest in providerBench.ts).
export const PEER_VENDOR = 'mmai-bench-direct';

/**
 * Where the peer provider notes, on the extension host's globalThis (both extensions run in the
 * same host, on one performance.now() clock), when VS Code called it and when it reported its
 * first part: the suite splits VS Code's path into the way in and the way out with them.
 */
export const PEER_MARKS_KEY = '__mmaiBenchPeerMarks';

export interface PeerMarks {
  calledAt: number;
  firstReportAt?: number;
}
