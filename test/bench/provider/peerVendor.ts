// The vendor of the provider benchmark's peer provider (peerExtension.ts, its manifest in providerBench.ts).
export const PEER_VENDOR = 'mmai-bench-direct';
