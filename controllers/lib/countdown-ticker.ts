import { ENDED_CHECK_DELAY_MS, type Remaining, msUntilNextSecond, remaining } from "#domain/time/countdown.ts";

// Countdown: one tick per second on the second boundaries of the remaining time, stop
// when expired, 'ended' exactly once — and ~0.5 s after load when the time has already passed.
// Shared by the countdown controller and the auction panel island.

export type CountdownCallbacks = { onTick(remaining: Remaining): void; onEnded(): void };
export type CountdownClock = { now(): number; setTimeout(run: () => void, ms: number): unknown; clearTimeout(handle: unknown): void };

/** The browser's clock moved by the server offset (see server-clock.ts). */
export function correctedClock(offsetMs: number): CountdownClock {
  return {
    now: () => Date.now() + offsetMs,
    setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
}

/** Starts counting down to targetMs; returns a function that stops it (no more ticks, no 'ended'). */
export function startCountdown(targetMs: number, callbacks: CountdownCallbacks, clock: CountdownClock): () => void {
  let handle: unknown;
  let stopped = false;
  let ended = false;

  const end = () => {
    if (ended || stopped) return;
    ended = true;
    callbacks.onEnded();
  };
  const tick = () => {
    if (stopped) return;
    const left = remaining(targetMs, clock.now());
    callbacks.onTick(left);
    if (left.ended) return end();
    handle = clock.setTimeout(tick, msUntilNextSecond(clock.now(), targetMs));
  };

  if (remaining(targetMs, clock.now()).ended) {
    handle = clock.setTimeout(() => {
      if (stopped) return;
      callbacks.onTick(remaining(targetMs, clock.now()));
      end();
    }, ENDED_CHECK_DELAY_MS);
  } else {
    tick();
  }
  return () => {
    stopped = true;
    clock.clearTimeout(handle);
  };
}
