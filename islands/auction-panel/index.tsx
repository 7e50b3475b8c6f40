import { useMemo, useRef, useState } from "react";
import { type AuctionPhase, auctionPhase } from "#domain/bidding/auction-state.ts";
import { auctionPanelProps, type AuctionPanelProps } from "#domain/bidding/panel-props.ts";
import { allOf } from "#domain/format/count.ts";
import { formatRemaining, type Remaining } from "#domain/time/countdown.ts";
import { csrfToken } from "../../controllers/lib/http.ts";
import { useCountdown, useServerOffset } from "../lib/use-countdown.ts";

/**
 * The auction panel: before opening, "opens in" with the bid breakdown message; at the opening
 * instant (server-corrected clock, no reload) it hides both and shows the time remaining, the
 * place-bid button and the secure-now form; at closing it says so. While live it shows the best
 * (cheapest) bid so far, anonymous; a bid placed elsewhere refreshes the page, and with it the props.
 */
export default function AuctionPanel(raw: Record<string, unknown>) {
  const props = useMemo(() => auctionPanelProps(raw), [raw]);
  const offset = useServerOffset();
  const root = useRef<HTMLDivElement>(null);
  const phaseAt = (now: number) => auctionPhase({ isAuction: true, status: props.status, auctionOpensAt: props.opensAt, auctionClosesAt: props.closesAt }, now);
  const [phase, setPhase] = useState<AuctionPhase>(() => phaseAt(Date.now()));
  const [corrected, setCorrected] = useState(false);
  if (offset !== null && !corrected) {
    setCorrected(true);
    setPhase(phaseAt(Date.now() + offset));
  }
  const move = () => {
    const next = phaseAt(Date.now() + (offset ?? 0));
    setPhase(next);
    root.current?.dispatchEvent(new CustomEvent(`auction:${next}`, { bubbles: true }));
  };
  const opensIn = useCountdown(phase === "scheduled" ? props.opensAt : null, offset, move);
  const timeLeft = useCountdown(phase === "live" ? props.closesAt : null, offset, move);

  return (
    <div ref={root} className="auction-panel" data-phase={phase}>
      {phase === "scheduled" && (
        <>
          <p className="auction-opens-in">
            Opens in <strong className="countdown">{clock(opensIn, props.opensAtText)}</strong>
          </p>
          <p className="auction-breakdown muted">{props.breakdown}</p>
        </>
      )}
      {phase === "live" && <Live props={props} timeLeft={timeLeft} />}
      {phase === "closed" && <p className="auction-closed">This auction has closed.</p>}
    </div>
  );
}

function Live({ props, timeLeft }: { props: AuctionPanelProps; timeLeft: Remaining | null }) {
  const focusBidForm = () => document.querySelector<HTMLInputElement>("#bid-form input[name=price]")?.focus();
  return (
    <>
      <p className="auction-remaining">
        {props.closesAt === null ? "Live until the shipper awards" : <>Time remaining <strong className="countdown">{clock(timeLeft, props.closesAtText)}</strong></>}
      </p>
      <p className="auction-best-price">
        {props.bestPriceText === null ? "No bids yet" : <>Best price so far: <strong>{props.bestPriceText}</strong> a load</>}
      </p>
      {props.canBid && (
        <div className="form-actions">
          <a className="button button-primary" href="#bid-form" onClick={focusBidForm}>
            Place bid
          </a>
          {props.secureNow && (
            <form method="post" action={props.secureNow.action} className="secure-now-form"
              data-turbo-confirm={`Secure ${allOf(props.secureNow.loads, "load")} at ${props.secureNow.priceText} a load? The auction ends for everyone.`}>
              <input type="hidden" name="_csrf" value={csrfToken()} />
              <input type="hidden" name="return_to" value={window.location.pathname} />
              <button type="submit" className="button">Secure now at {props.secureNow.priceText} a load</button>
            </form>
          )}
        </div>
      )}
    </>
  );
}

const clock = (left: Remaining | null, fallback: string) => (left ? formatRemaining(left) : fallback);
