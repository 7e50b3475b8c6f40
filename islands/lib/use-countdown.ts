import { useEffect, useRef, useState } from "react";
import type { Remaining } from "#domain/time/countdown.ts";
import { correctedClock, startCountdown } from "../../controllers/lib/countdown-ticker.ts";
import { serverClockOffset } from "../../controllers/lib/server-clock.ts";

/** The server clock offset once known (null until the one shared request answers). */
export function useServerOffset(): number | null {
  const [offset, setOffset] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    void serverClockOffset().then((ms) => live && setOffset(ms));
    return () => {
      live = false;
    };
  }, []);
  return offset;
}

/**
 * The time left to targetMs, ticking on second boundaries (countdown-ticker.ts); null until the
 * offset is known or without a target. onEnded runs once when it passes.
 */
export function useCountdown(targetMs: number | null, offset: number | null, onEnded?: () => void): Remaining | null {
  const [left, setLeft] = useState<Remaining | null>(null);
  const ended = useRef(onEnded);
  ended.current = onEnded;
  useEffect(() => {
    setLeft(null);
    if (targetMs === null || offset === null) return;
    return startCountdown(targetMs, { onTick: setLeft, onEnded: () => ended.current?.() }, correctedClock(offset));
  }, [targetMs, offset]);
  return left;
}
