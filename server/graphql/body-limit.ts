// POST /graphql bodies announced (Content-Length) as larger than GRAPHQL_MAX_BODY_BYTES are
// refused with 413 before a byte of them is read, and the connection is closed instead of being
// drained for keep-alive: a client sending large bodies at full rate costs the server almost
// nothing. Bodies without a length (chunked) are counted as they arrive by grafserv
// (maxRequestLength), with the same limit.
import type { RequestHandler } from "express";

export function refuseLargeGraphqlBodies(maxBytes: number): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "POST") return next();
    const length = Number(req.headers["content-length"]);
    if (!(length > maxBytes)) return next();
    res.setHeader("Connection", "close");
    res
      .status(413)
      .json({ errors: [{ message: `Request body too large: at most ${maxBytes} bytes are allowed`, extensions: { code: "TOOBG" } }] });
    // Nothing more of this request will be read.
    res.once("finish", () => req.socket.destroySoon());
  };
}
