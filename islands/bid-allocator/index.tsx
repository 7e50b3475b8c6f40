import { useEffect, useMemo, useRef, useState } from "react";
import { type LiveQuoteInput, allocate, allocatedLoadsFor } from "#domain/bidding/allocation.ts";
import { parseBidPrice, parseLoads } from "#domain/bidding/bid-input.ts";
import { bidAllocatorProps, MY_QUOTE_KEY } from "#domain/bidding/panel-props.ts";
import { count } from "#domain/format/count.ts";
import { formatMoney } from "#domain/format/money.ts";

const SHOWN_RANKS = 3;

/**
 * The bid form with live allocation: as the carrier types a price and a number of loads,
 * shows how many loads the job's rules would give them against the quotes already in (other
 * carriers anonymised). Zero is shown muted (still 4.5:1). Mounted inside the bid form; reads its inputs.
 */
export default function BidAllocator(raw: Record<string, unknown>) {
  const props = useMemo(() => bidAllocatorProps(raw), [raw]);
  const root = useRef<HTMLDivElement>(null);
  const [input, setInput] = useState<LiveQuoteInput>({ valueCents: Number.NaN, numberOfLoads: 0 });

  useEffect(() => {
    const form = root.current?.closest("form");
    if (!form) return;
    const field = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | null)?.value;
    const read = () => setInput({ valueCents: parseBidPrice(field("price")), numberOfLoads: parseLoads(field("number_of_loads")) });
    read();
    form.addEventListener("input", read);
    // A Turbo page refresh morphs new values into the inputs without input events.
    document.addEventListener("turbo:morph", read);
    return () => {
      form.removeEventListener("input", read);
      document.removeEventListener("turbo:morph", read);
    };
  }, []);

  const allocations = useMemo(
    () =>
      allocate(
        props.quotes.map((q) => ({ accountId: q.key, valueCents: q.valueCents, numberOfLoads: q.numberOfLoads, updatedAt: q.updatedAt })),
        props.expectedQuantity,
        props.rules,
        { currentAccountId: MY_QUOTE_KEY, liveInput: input },
      ),
    [props, input],
  );
  const mine = allocatedLoadsFor(MY_QUOTE_KEY, allocations);
  const shown = allocations.filter((a) => a.rank <= SHOWN_RANKS || a.accountId === MY_QUOTE_KEY);

  return (
    <div ref={root} className="bid-allocator">
      <p className={mine === 0 ? "allocation allocation-none" : "allocation"} data-allocated-loads={mine} aria-live="polite">
        You would win <strong>{mine}</strong> of {count(props.expectedQuantity, "load")}
      </p>
      {shown.length > 0 && (
        <table className="table table-stack allocation-table">
          <thead>
            <tr><th>Rank</th><th>Quote</th><th>Price a load</th><th>Loads offered</th><th>Would win</th></tr>
          </thead>
          <tbody>
            {shown.map((a) => {
              const isMine = a.accountId === MY_QUOTE_KEY;
              return (
                <tr key={String(a.accountId)} className={isMine ? "highlighted" : undefined}>
                  <td data-label="Rank">{a.rank}</td>
                  <td data-label="Quote">{isMine ? "Your quote" : "Another carrier"}</td>
                  <td data-label="Price a load" className="nowrap">{formatMoney(a.valueCents)}</td>
                  <td data-label="Loads offered">{a.numberOfLoads}</td>
                  <td data-label="Would win" className={a.allocatedLoads === 0 ? "allocation-none" : undefined}>{a.allocatedLoads}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {allocations.length > shown.length && <p className="hint">{allocations.length - shown.length} more quotes win nothing at the moment.</p>}
    </div>
  );
}
