import { z } from "zod/mini";

// Props of the bidding islands, built by src/models/bidding-panel.server.ts and parsed by the
// islands (zod/mini keeps the browser bundle small). Other carriers' quotes travel anonymised:
// a per-page key instead of the account, never a name or an id.

const RulesSchema = z.object({
  firstBidPercentage: z.number(),
  secondBidPercentage: z.number(),
  thirdBidPercentage: z.number(),
});

export const AnonymousQuoteSchema = z.object({
  key: z.string(),
  valueCents: z.number(),
  numberOfLoads: z.number(),
  updatedAt: z.number(),
});
export type AnonymousQuote = z.infer<typeof AnonymousQuoteSchema>;

/** The key of the viewing carrier's own quote in `quotes`. */
export const MY_QUOTE_KEY = "mine";

export const BidAllocatorPropsSchema = z.object({
  quotes: z.array(AnonymousQuoteSchema),
  expectedQuantity: z.number(),
  rules: RulesSchema,
});
export type BidAllocatorProps = z.infer<typeof BidAllocatorPropsSchema>;

export const AuctionPanelPropsSchema = z.object({
  jobId: z.number(),
  status: z.string(),
  opensAt: z.nullable(z.number()),
  closesAt: z.nullable(z.number()),
  opensAtText: z.string(),
  closesAtText: z.string(),
  breakdown: z.string(),
  /** Carriers who may bid get the place-bid button and the secure-now form; shippers only watch. */
  canBid: z.boolean(),
  secureNow: z.nullable(z.object({ priceText: z.string(), loads: z.number(), action: z.string() })),
});
export type AuctionPanelProps = z.infer<typeof AuctionPanelPropsSchema>;
