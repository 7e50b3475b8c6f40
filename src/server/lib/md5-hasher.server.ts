import { MessageChannel, Worker, type MessagePort } from "node:worker_threads";

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
  return new RingHasher();
}

/** Pieces of contiguous ring posted as one message: where they start, their bytes, the ring space they hold. */
type Batch = { offset: number; length: number; span: number };

class RingHasher implements Md5Hasher {
  private readonly port: MessagePort;
  private readonly bytes: Uint8Array;
  // Pieces the worker has not acknowledged yet, oldest first, each with the ring space it holds
  // (its length, plus the unused end of the ring skipped to place it at the start).
  private readonly waiting: number[] = [];
  private held = 0;
  private head = 0;
  private roomMade: (() => void) | null = null;
  private digested: ((checksum: string) => void) | null = null;
  // Pieces are posted in batches of at least BATCH_BYTES of contiguous ring, one message and one
  // acknowledgement per batch rather than per socket read.
  private batch: Batch = { offset: 0, length: 0, span: 0 };

  constructor() {
    const { port1, port2 } = new MessageChannel();
    const ring = new SharedArrayBuffer(RING_BYTES);
    this.port = port1;
    this.bytes = new Uint8Array(ring);
    hashingWorker().postMessage({ port: port2, ring }, [port2]);
    port1.on("message", (message: number | string) => this.heard(message));
  }

  async update(chunk: Buffer): Promise<void> {
    for (let start = 0; start < chunk.length; start += PIECE_BYTES) {
      await this.send(chunk.subarray(start, start + PIECE_BYTES));
    }
  }

  digest(): Promise<string> {
    this.flush();
    const checksum = new Promise<string>((resolve) => (this.digested = resolve));
    this.port.postMessage("digest");
    return checksum;
  }

  close(): void {
    this.port.close();
  }

  /** The checksum, or the acknowledgement of the oldest batch (its ring space is free again). */
  private heard(message: number | string): void {
    if (typeof message === "string") return this.digested?.(message);
    this.held -= this.waiting.shift() ?? 0;
    const resume = this.roomMade;
    this.roomMade = null;
    resume?.();
  }

  private room(span: number): Promise<void> {
    if (this.held + span <= RING_BYTES) return Promise.resolve();
    return new Promise<void>((resolve) => (this.roomMade = resolve));
  }

  private flush(): void {
    if (!this.batch.length) return;
    this.waiting.push(this.batch.span);
    this.port.postMessage({ offset: this.batch.offset, length: this.batch.length });
    this.batch = { offset: this.head, length: 0, span: 0 };
  }

  private async send(piece: Buffer): Promise<void> {
    const wraps = this.head + piece.length > RING_BYTES;
    if (wraps) this.flush();
    const skipped = wraps ? RING_BYTES - this.head : 0;
    while (this.held + skipped + piece.length > RING_BYTES) {
      this.flush();
      await this.room(skipped + piece.length);
    }
    const offset = wraps ? 0 : this.head;
    this.bytes.set(piece, offset);
    if (!this.batch.length) this.batch = { offset, length: 0, span: 0 };
    this.batch.length += piece.length;
    this.batch.span += skipped + piece.length;
    this.held += skipped + piece.length;
    this.head = offset + piece.length;
    if (this.batch.length >= BATCH_BYTES) this.flush();
  }
}
