import { z } from 'zod';
import { describeIssues } from '../../../src-shared/config';
import { StratumError, type StratumErrorCode } from '../../../src-shared/errors';
import { cancelledError } from '../cancellation';
import { failOnStrayRejection, onStrayRejectionAfterWork } from './stray-rejections';

/**
 * Calls across a thread boundary, one protocol for every thread: a caller's `RpcClient` sends
 * `call` and `cancel`, the thread's `serveRpc` answers with `progress` and one `reply` per call.
 * Every envelope is checked with zod on arrival, payloads by the method's schema on the thread,
 * results by the method's schema on the caller's side. Nothing a thread sends or fails to send
 * leaves a call waiting: errors, dead threads and calls past their deadline all settle it.
 */

/** One method of a boundary: what the caller sends, what the thread answers, what it reports meanwhile. */
export interface RpcMethod {
  payload: z.ZodType;
  result: z.ZodType;
  progress?: z.ZodType;
}

export type RpcMethods = Record<string, RpcMethod>;

type ProgressSchemaOf<M extends RpcMethod> = M['progress'] extends z.ZodType ? M['progress'] : z.ZodNever;
export type RpcPayload<M extends RpcMethod> = z.input<M['payload']>;
export type RpcResult<M extends RpcMethod> = z.output<M['result']>;
export type RpcProgress<M extends RpcMethod> = z.output<ProgressSchemaOf<M>>;

/** The side of a `Worker` or a `MessagePort` this module uses. */
export interface RpcEndpoint {
  postMessage(message: unknown): void;
  on(event: 'message' | 'messageerror', listener: (value: unknown) => void): unknown;
}

/** A call gives up after this long unless its boundary or the call says otherwise: long enough for any single document. */
export const DEFAULT_DEADLINE_MS = 10 * 60_000;
/** How long a cancelled call may take to stop before its thread counts as unresponsive. */
const DEFAULT_STOP_GRACE_MS = 300;

const errorCodes: Record<StratumErrorCode, true> = {
  'unsupported-format': true,
  'corrupt-file': true,
  'empty-file': true,
  encrypted: true,
  'wrong-password': true,
  'too-large': true,
  'invalid-config': true,
  cancelled: true,
  io: true,
  llm: true,
};

/** An error as it crosses the boundary: a `StratumError` keeps its code, anything else is a bug (`code: null`). */
const wireErrorSchema = z.object({
  code: z.enum(Object.keys(errorCodes) as [StratumErrorCode, ...StratumErrorCode[]]).nullable(),
  message: z.string(),
});
export type WireError = z.infer<typeof wireErrorSchema>;

export function errorToWire(error: unknown): WireError {
  if (error instanceof StratumError) return { code: error.code, message: error.message };
  return { code: null, message: error instanceof Error ? error.message : String(error) };
}

export function errorFromWire(wire: WireError): Error {
  return wire.code === null ? new Error(wire.message) : new StratumError(wire.code, wire.message);
}

/** A call past its deadline: to a user, work too large to finish; to a caller, told apart from the thread's own errors by its class. */
export class CallDeadlineError extends StratumError {
  constructor(name: string, method: string, deadlineMs: number) {
    super('too-large', `${name}: ${method} did not finish within ${deadlineMs / 1000} s`);
  }
}

const callId = z.number().int().nonnegative();

const toThreadSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('call'), id: callId, method: z.string(), payload: z.unknown() }),
  z.object({ type: z.literal('cancel'), id: callId }),
]);
type ToThread = z.infer<typeof toThreadSchema>;

const fromThreadSchema = z.union([
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('progress'), id: callId, progress: z.unknown() }),
  z.object({ type: z.literal('reply'), id: callId, ok: z.literal(true), value: z.unknown() }),
  z.object({ type: z.literal('reply'), id: callId, ok: z.literal(false), error: wireErrorSchema }),
  // a rejection nobody handled that came while the thread had no call in flight (one during a call fails the call)
  z.object({ type: z.literal('stray'), error: wireErrorSchema }),
]);
type FromThread = z.infer<typeof fromThreadSchema>;

export interface RpcClientOptions {
  /** names the thread in errors, e.g. `engine worker` */
  name: string;
  /** the deadline of a call that names none */
  deadlineMs?: number;
  stopGraceMs?: number;
  /** A call was given up (aborted, past its deadline) and the thread did not answer it within the grace: it is stuck. */
  onUnresponsive?: () => void;
  /**
   * The thread saw a rejection nobody handled while no call was in flight: the last call it answered
   * left it behind. Told to no one unless given.
   */
  onStrayRejection?: (error: Error) => void;
}

export interface RpcCallOptions<Progress> {
  /** aborting rejects the call with `cancelledError()` at once and asks the thread to stop */
  signal?: AbortSignal;
  onProgress?: (progress: Progress) => void;
  deadlineMs?: number;
}

interface PendingCall {
  method: string;
  resolve(value: unknown): void;
  reject(error: Error): void;
  onProgress?: (progress: unknown) => void;
}

/** The caller's side of a boundary. */
export class RpcClient<M extends RpcMethods> {
  private readonly pending = new Map<number, PendingCall>();
  /** calls given up on whose thread has not answered yet, with the timer that declares it stuck */
  private readonly abandoned = new Map<number, NodeJS.Timeout>();
  private readonly idleWaiters: (() => void)[] = [];
  private nextId = 0;
  private failure: Error | undefined;
  private markReady: () => void = () => undefined;
  private markNotReady: (error: Error) => void = () => undefined;
  /** Resolves once the thread has loaded its modules and serves calls. */
  readonly ready: Promise<void>;

  constructor(
    private readonly endpoint: RpcEndpoint,
    private readonly methods: M,
    private readonly options: RpcClientOptions,
  ) {
    this.ready = new Promise<void>((resolve, reject) => {
      this.markReady = resolve;
      this.markNotReady = reject;
    });
    // a caller that never waits for readiness must not see the failure as an unhandled rejection
    this.ready.catch(() => undefined);
    endpoint.on('message', (raw) => this.receive(raw));
    // The message that could not be read may have been any call's reply: none of them can be trusted to settle.
    endpoint.on('messageerror', (error) => {
      this.failCalls(new Error(`${options.name}: a message from the thread could not be read (${describe(error)})`));
    });
  }

  call<K extends keyof M & string>(
    method: K,
    payload: RpcPayload<M[K]>,
    callOptions: RpcCallOptions<RpcProgress<M[K]>> = {},
  ): Promise<RpcResult<M[K]>> {
    if (this.failure) return Promise.reject(this.failure);
    const { signal, onProgress } = callOptions;
    if (signal?.aborted) return Promise.reject(cancelledError());
    const id = this.nextId++;
    const deadlineMs = callOptions.deadlineMs ?? this.options.deadlineMs ?? DEFAULT_DEADLINE_MS;
    return new Promise<RpcResult<M[K]>>((resolve, reject) => {
      const onAbort = () => this.giveUp(id, cancelledError());
      const deadline = setTimeout(() => this.giveUp(id, new CallDeadlineError(this.options.name, method, deadlineMs)), deadlineMs);
      // the thread keeps the process alive while it works; a deadline alone should not
      deadline.unref();
      const done = () => {
        clearTimeout(deadline);
        signal?.removeEventListener('abort', onAbort);
      };
      this.pending.set(id, {
        method,
        resolve: (value) => {
          done();
          resolve(value as RpcResult<M[K]>);
        },
        reject: (error) => {
          done();
          reject(error);
        },
        ...(onProgress ? { onProgress: onProgress as (progress: unknown) => void } : {}),
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        this.endpoint.postMessage({ type: 'call', id, method, payload } satisfies ToThread);
      } catch (error) {
        const unsent = new Error(`${this.options.name}: ${method}: the request could not be sent (${describe(error)})`);
        this.settle(id, (call) => call.reject(unsent));
      }
    });
  }

  /** Fails every call in flight and every later one, e.g. when the thread has stopped. */
  fail(error: Error): void {
    this.failure ??= error;
    this.markNotReady(error);
    this.failCalls(error);
    for (const timer of this.abandoned.values()) clearTimeout(timer);
    this.abandoned.clear();
    this.notifyIdle();
  }

  get failed(): boolean {
    return this.failure !== undefined;
  }

  /** Resolves once the thread has answered or dropped every call, given-up ones included (or has failed). */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private isIdle(): boolean {
    return this.failed || (this.pending.size === 0 && this.abandoned.size === 0);
  }

  private notifyIdle(): void {
    if (this.isIdle()) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private failCalls(error: Error): void {
    for (const id of [...this.pending.keys()]) this.settle(id, (call) => call.reject(error));
  }

  private settle(id: number, finish: (call: PendingCall) => void): void {
    const call = this.pending.get(id);
    if (!call) return;
    this.pending.delete(id);
    finish(call);
    this.notifyIdle();
  }

  /** Rejects the call now and asks the thread to stop it; a thread that does not answer within the grace is stuck. */
  private giveUp(id: number, error: Error): void {
    if (!this.pending.has(id)) return;
    const stuck = setTimeout(() => {
      this.abandoned.delete(id);
      this.options.onUnresponsive?.();
      this.notifyIdle();
    }, this.options.stopGraceMs ?? DEFAULT_STOP_GRACE_MS);
    stuck.unref();
    this.abandoned.set(id, stuck);
    this.settle(id, (call) => call.reject(error));
    try {
      this.endpoint.postMessage({ type: 'cancel', id } satisfies ToThread);
    } catch {
      // a thread that cannot be told is treated like one that does not listen: the grace decides
    }
  }

  private receive(raw: unknown): void {
    const parsed = fromThreadSchema.safeParse(raw);
    if (!parsed.success) {
      const id = idOf(raw);
      const invalid = new Error(`${this.options.name} sent an invalid message: ${describeIssues(parsed.error, 'message')}`);
      if (id !== undefined) this.giveUp(id, invalid);
      return;
    }
    const message: FromThread = parsed.data;
    if (message.type === 'ready') return this.markReady();
    if (message.type === 'progress') return this.deliverProgress(message.id, message.progress);
    if (message.type === 'stray') return this.options.onStrayRejection?.(errorFromWire(message.error));
    const stuck = this.abandoned.get(message.id);
    if (stuck) {
      clearTimeout(stuck);
      this.abandoned.delete(message.id);
      this.notifyIdle();
      return;
    }
    if (!message.ok) return this.settle(message.id, (call) => call.reject(errorFromWire(message.error)));
    this.settle(message.id, (call) => {
      const result = this.methods[call.method]!.result.safeParse(message.value);
      if (result.success) call.resolve(result.data);
      else call.reject(new Error(`${this.options.name}: ${call.method}: invalid reply: ${describeIssues(result.error, 'reply')}`));
    });
  }

  private deliverProgress(id: number, raw: unknown): void {
    const call = this.pending.get(id);
    if (!call?.onProgress) return;
    const schema = this.methods[call.method]!.progress;
    const progress = schema ? schema.safeParse(raw) : undefined;
    if (!progress?.success) {
      const reason = progress ? describeIssues(progress.error, 'progress') : 'the method reports none';
      this.giveUp(id, new Error(`${this.options.name}: ${call.method}: invalid progress: ${reason}`));
      return;
    }
    try {
      call.onProgress(progress.data);
    } catch (error) {
      // the caller's own callback failed: that is the call's failure, not the message listener's
      this.giveUp(id, error instanceof Error ? error : new Error(String(error)));
    }
  }
}

/** What a handler gets beside its payload. */
export interface RpcHandlerContext<Progress> {
  /** aborted when the caller cancels or gives up */
  signal: AbortSignal;
  progress(progress: Progress): void;
}

export type RpcHandlers<M extends RpcMethods> = {
  [K in keyof M]: (
    payload: z.output<M[K]['payload']>,
    context: RpcHandlerContext<z.input<ProgressSchemaOf<M[K]>>>,
  ) => Promise<z.input<M[K]['result']>> | z.input<M[K]['result']>;
};

/**
 * The thread's side of a boundary: runs each call's handler and answers it once, whatever happens.
 * A handler's exception or rejection becomes that call's error; a reply that cannot be sent (not
 * cloneable, nested too deep) becomes an error reply; a rejection nobody handled (pdf.js can leave
 * one behind) fails the calls in flight instead of ending the thread, or, with none in flight, is told
 * to the caller.
 */
export function serveRpc<M extends RpcMethods>(port: RpcEndpoint, methods: M, handlers: RpcHandlers<M>): void {
  const running = new Map<number, AbortController>();
  const post = (message: FromThread): Error | undefined => {
    try {
      port.postMessage(message);
      return undefined;
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  };
  const answer = (id: number, outcome: { ok: true; value: unknown } | { ok: false; error: unknown }): void => {
    if (!running.delete(id)) return;
    if (outcome.ok) {
      const failure = post({ type: 'reply', id, ok: true, value: outcome.value });
      if (!failure) return;
      post({ type: 'reply', id, ok: false, error: { code: null, message: `the reply could not be sent: ${failure.message}` } });
      return;
    }
    post({ type: 'reply', id, ok: false, error: errorToWire(outcome.error) });
  };

  const start = (id: number, method: string, rawPayload: unknown): void => {
    running.set(id, new AbortController());
    if (!Object.hasOwn(methods, method)) return answer(id, { ok: false, error: new Error(`unknown method ${method}`) });
    const payload = methods[method]!.payload.safeParse(rawPayload);
    if (!payload.success) {
      return answer(id, { ok: false, error: new Error(`${method}: invalid payload: ${describeIssues(payload.error, 'payload')}`) });
    }
    const signal = running.get(id)!.signal;
    const progress = (value: unknown) => {
      if (running.has(id)) post({ type: 'progress', id, progress: value });
    };
    const handler = handlers[method] as (payload: unknown, context: RpcHandlerContext<unknown>) => unknown;
    failOnStrayRejection(() => handler(payload.data, { signal, progress })).then(
      (value) => answer(id, { ok: true, value }),
      (error: unknown) => answer(id, { ok: false, error }),
    );
  };

  port.on('message', (raw) => {
    const parsed = toThreadSchema.safeParse(raw);
    if (!parsed.success) {
      const id = idOf(raw);
      if (id !== undefined && !running.has(id)) {
        running.set(id, new AbortController());
        answer(id, { ok: false, error: new Error(`invalid message: ${describeIssues(parsed.error, 'message')}`) });
      }
      return;
    }
    const message = parsed.data;
    if (message.type === 'cancel') running.get(message.id)?.abort();
    else start(message.id, message.method, message.payload);
  });
  // A message that could not be read names no call to answer; its caller's deadline settles it.
  port.on('messageerror', () => undefined);
  onStrayRejectionAfterWork((error) => post({ type: 'stray', error: errorToWire(error) }));
  post({ type: 'ready' });
}

function idOf(raw: unknown): number | undefined {
  const id = typeof raw === 'object' && raw !== null ? (raw as { id?: unknown }).id : undefined;
  return callId.safeParse(id).success ? (id as number) : undefined;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
