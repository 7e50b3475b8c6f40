import { MessageChannel, Worker } from "node:worker_threads";

// MD5 of an upload computed on a worker thread, so that hashing a large file runs beside the
// socket reads and disk writes of the main thread instead of after them (the PUT then goes at
// close to the speed of MD5 itself). Bytes travel through a ring of shared memory, reused piece by
// piece as the worker acknowledges them: nothing is allocated per chunk, and at most RING_BYTES of
// an upload wait to be hashed.

const RING_BYTES = 4 * 1024 * 1024;
const PIECE_BYTES = 256 * 1024;
const BATCH_BYTES = 512 * 1024;
let worker: Worker | null = null;

function hashingWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL("./md5-worker.mjs", import.meta.url));
    worker.unref();
    worker.on("error", () => (worker = null));
  }
  return worker;
}

export type Md5Hasher = { update(chunk: Buffer): Promise<void>; digest(): Promise<string>; close(): void };

export function md5Hasher(): Md5Hasher {
  const { port1: port, port2 } = new MessageChannel();
  const ring = new SharedArrayBuffer(RING_BYTES);
  const bytes = new Uint8Array(ring);
  hashingWorker().postMessage({ port: port2, ring }, [port2]);
  // Pieces the worker has not acknowledged yet, oldest first, each with the ring space it holds
  // (its length, plus the unused end of the ring skipped to place it at the start).
  const waiting: number[] = [];
  let held = 0;
  let head = 0;
  let roomMade: (() => void) | null = null;
  let digested: ((checksum: string) => void) | null = null;
  port.on("message", (message: number | string) => {
    if (typeof message === "string") return digested?.(message);
    held -= waiting.shift() ?? 0;
    const resume = roomMade;
    roomMade = null;
    resume?.();
  });
  const room = (span: number) => (held + span <= RING_BYTES ? Promise.resolve() : new Promise<void>((resolve) => (roomMade = resolve)));

  // Pieces are posted in batches of at least BATCH_BYTES of contiguous ring, one message and one
  // acknowledgement per batch rather than per socket read.
  let batch = { offset: 0, length: 0, span: 0 };
  function flush() {
    if (!batch.length) return;
    waiting.push(batch.span);
    port.postMessage({ offset: batch.offset, length: batch.length });
    batch = { offset: head, length: 0, span: 0 };
  }

  async function send(piece: Buffer) {
    const wraps = head + piece.length > RING_BYTES;
    if (wraps) flush();
    const skipped = wraps ? RING_BYTES - head : 0;
    while (held + skipped + piece.length > RING_BYTES) {
      flush();
      await room(skipped + piece.length);
    }
    const offset = wraps ? 0 : head;
    bytes.set(piece, offset);
    if (!batch.length) batch = { offset, length: 0, span: 0 };
    batch.length += piece.length;
    batch.span += skipped + piece.length;
    held += skipped + piece.length;
    head = offset + piece.length;
    if (batch.length >= BATCH_BYTES) flush();
  }

  return {
    async update(chunk) {
      for (let start = 0; start < chunk.length; start += PIECE_BYTES) await send(chunk.subarray(start, start + PIECE_BYTES));
    },
    digest() {
      flush();
      const checksum = new Promise<string>((resolve) => (digested = resolve));
      port.postMessage("digest");
      return checksum;
    },
    close: () => port.close(),
  };
}
