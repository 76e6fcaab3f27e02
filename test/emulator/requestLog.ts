// Request records: one per API request, in arrival order (spec: each request leaves a record).

export type EndpointName = 'chat' | 'models' | 'responses' | 'messages' | 'images';

export interface RecordedRequest {
  requestId: string;
  clientRequestId: string | null;
  method: string;
  path: string;
  endpoint: EndpointName | null;
  /** The status sent, or null when the connection was dropped before any header. */
  status: number | null;
  /** Masked key prefix; never the full key. */
  keyPrefix: string | null;
  model: string | null;
  stream: boolean;
  receivedAt: string;
  /** The type of the queued fault this request consumed, or `model_down` for a request to a model that is down. */
  fault: string | null;
  /** Names of the x- headers it carried besides X-Client-Request-Id (a proxy's, for instance), never their values. */
  extraHeaders: string[];
}

export class RequestLog {
  private records: RecordedRequest[] = [];

  add(record: RecordedRequest): void {
    this.records.push(record);
  }

  list(): RecordedRequest[] {
    return this.records.map((r) => ({ ...r }));
  }

  clear(): void {
    this.records = [];
  }
}
