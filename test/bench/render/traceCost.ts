// The browser's own rendering work (style, layout, paint) per tenth of the deltas, read
// from a Chrome trace of one run: the page marks where each tenth begins and ends with
// console.timeStamp (benchPage.ts), and the renderer's main-thread events between two
// marks are summed. Performance.getMetrics cannot split this out: its LayoutDuration
// leaves paint and pre-paint out, and its TaskDuration adds the page's script.

/** Trace events of the renderer's rendering pipeline after script: style, layout, paint. */
const RENDERING_EVENTS = new Set(['UpdateLayoutTree', 'RecalculateStyles', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'UpdateLayer', 'UpdateLayerTree']);

export const TENTH_START = 'mmai-bench-tenth-start';
export const TENTH_END = 'mmai-bench-tenth-end';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { message?: string } };
}

/** Milliseconds of style + layout + paint on the page's main thread in each marked tenth, in order. */
export function renderingMsPerTenth(traceJson: string): number[] {
  const events = (JSON.parse(traceJson) as { traceEvents: TraceEvent[] }).traceEvents;
  const marks = events.filter((e) => e.name === 'TimeStamp' && [TENTH_START, TENTH_END].includes(e.args?.data?.message ?? ''));
  if (marks.length === 0) throw new Error('the trace has no tenth marks: was it recorded with devtools.timeline?');
  const main = `${marks[0]!.pid}:${marks[0]!.tid}`;
  const windows: [number, number][] = [];
  let start: number | undefined;
  for (const mark of marks.sort((a, b) => a.ts - b.ts)) {
    if (mark.args!.data!.message === TENTH_START) {
      start = mark.ts;
    } else if (start !== undefined) {
      windows.push([start, mark.ts]);
      start = undefined;
    }
  }
  const costs = windows.map(() => 0);
  for (const event of events) {
    if (event.ph !== 'X' || !RENDERING_EVENTS.has(event.name) || `${event.pid}:${event.tid}` !== main) continue;
    const at = windows.findIndex(([from, to]) => event.ts >= from && event.ts < to);
    if (at !== -1) costs[at]! += (event.dur ?? 0) / 1000;
  }
  return costs;
}
