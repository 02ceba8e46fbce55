import type { IncomingMessage } from 'node:http';

export type BodyOutcome = 'complete' | 'too-large';

/**
 * Hands a request's body to `take` part by part, waiting for each part taken (a file write) before
 * reading more. Stops reading as soon as the body passes `maxBytes` (a chunked body has no length to
 * check beforehand), leaving the request paused for the caller to answer and close. Rejects when the
 * client goes away mid-body.
 */
export function consumeBody(
  request: IncomingMessage,
  maxBytes: number,
  take: (part: Buffer) => void | Promise<void>,
): Promise<BodyOutcome> {
  return new Promise((resolve, reject) => {
    let size = 0;
    let settled = false;
    let taking: Promise<void> = Promise.resolve();
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onError);
      request.off('close', onClose);
      done();
    };
    const onError = (error: Error) => settle(() => reject(error));
    const onData = (part: Buffer) => {
      size += part.length;
      if (size > maxBytes) {
        request.pause();
        settle(() => resolve('too-large'));
        return;
      }
      const taken = take(part);
      if (taken instanceof Promise) {
        request.pause();
        taking = taken.then(() => {
          if (!settled) request.resume();
        });
        taking.catch(onError);
      }
    };
    const onEnd = () => void taking.then(() => settle(() => resolve('complete')), onError);
    const onClose = () => {
      if (!request.complete) onError(new Error('the client closed the connection before sending the whole body'));
    };
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onError);
    request.on('close', onClose);
  });
}
