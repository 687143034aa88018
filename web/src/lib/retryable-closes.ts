// graphql-ws treats the protocol-level close codes 1002-1011 and 1015 (except 1005 and 1006) as
// fatal and gives up before it asks our shouldRetry; spec section 8 retries every close except its
// own list of 4xxx codes. A proxy that restarts mid-frame (1002), a server that hits an
// internal error (1011) or a TLS hiccup (1015) is exactly what a retry is for, so this wrapper
// hands graphql-ws such a close as 1006 (abnormal closure, which it retries), keeping the real
// code as `originalCode` for anyone who logs it. Every other close passes through unchanged.

/** The 1xxx codes graphql-ws gives up on by itself (see isFatalInternalCloseCode in graphql-ws). */
export function isFatalToGraphqlWs(code: number): boolean {
  return code >= 1000 && code <= 1999 && ![1000, 1001, 1005, 1006, 1012, 1013, 1014].includes(code);
}

export interface RewrittenClose {
  code: number;
  reason: string;
  wasClean: boolean;
  originalCode: number;
}

export function retryableClose(event: CloseEvent): CloseEvent | RewrittenClose {
  return isFatalToGraphqlWs(event.code) ? { code: 1006, reason: event.reason, wasClean: event.wasClean, originalCode: event.code } : event;
}

type CloseHandler = ((this: WebSocket, event: CloseEvent) => unknown) | null;

/** A WebSocket class whose `onclose` handler (the one graphql-ws sets) sees retryable closes. */
export function withRetryableCloses(Base: typeof WebSocket): typeof WebSocket {
  return class RetryableClosesWebSocket extends Base {
    #handler: CloseHandler = null;

    override get onclose(): CloseHandler {
      return this.#handler;
    }

    override set onclose(handler: CloseHandler) {
      this.#handler = handler;
      super.onclose = handler ? (event: CloseEvent) => handler.call(this, retryableClose(event) as CloseEvent) : null;
    }
  };
}
