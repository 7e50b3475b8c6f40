// The other side of md5-hasher.server.ts: for each upload, a port and a shared ring of bytes. Each
// message names a piece of the ring; it is hashed and acknowledged, so the sender may reuse it.
import { createHash } from "node:crypto";
import { parentPort } from "node:worker_threads";

parentPort.on("message", ({ port, ring }) => {
  const md5 = createHash("md5");
  port.on("message", (piece) => {
    if (piece === "digest") {
      port.postMessage(md5.digest("base64"));
      port.close();
      return;
    }
    md5.update(new Uint8Array(ring, piece.offset, piece.length));
    port.postMessage(piece.length);
  });
});
