import { z } from "zod";
import { QuoteInputSchema } from "#domain/bidding/quote-input-schema.ts";
import { Instant, MoneySchema, iso, money } from "./common.ts";
import { requestSchema, responseSchema } from "./registry.ts";

// Quotes through the API: a carrier places (or changes) its one quote on a job and withdraws it; the
// job's shipper lists them and awards. A price is money like every other amount here; the page's
// own quote rules then judge it (whole pounds, within the limits, no more loads than the job has).

export const QuoteCreateSchema = requestSchema(
  "QuoteCreate",
  z.strictObject({
    price: z.strictObject({ amount_pence: z.number({ error: "Enter your price as a number of pence" }).int({ error: "Enter your price in whole pounds" }), currency: z.literal("GBP", { error: "Prices are in GBP" }) }, { error: "Enter your price as { amount_pence, currency: \"GBP\" }" }),
    number_of_loads: z.number({ error: "Enter the number of loads as a number" }),
  }),
  "Your price for the loads you bid for (whole pounds), and how many loads",
);
export type QuoteCreate = z.output<typeof QuoteCreateSchema>;

/** The API's quote read by the page's own quote schema, so the two accept the same quotes with the same messages. */
export function pageQuoteInput(body: QuoteCreate, expectedQuantity: number) {
  return QuoteInputSchema(expectedQuantity).safeParse({ price: body.price.amount_pence / 100, number_of_loads: body.number_of_loads });
}

export const QuoteSchema = responseSchema(
  "Quote",
  z.object({
    id: z.number().int(),
    job_id: z.number().int(),
    carrier: z.object({ id: z.number().int(), name: z.string().nullable() }),
    price: MoneySchema,
    number_of_loads: z.number().int(),
    status: z.string().describe("active | withdrawn | accepted | declined"),
    secured_now: z.boolean(),
    updated_at: Instant,
  }),
);
export type ApiQuote = z.output<typeof QuoteSchema>;
export const QuoteListSchema = responseSchema("QuoteList", z.object({ data: z.array(QuoteSchema) }));

export const AwardSchema = responseSchema(
  "Award",
  z.object({ job_id: z.number().int(), loads: z.number().int(), assigned: z.number().int(), carriers: z.number().int() }),
  "What the award did: the job's loads, how many went to carriers who quoted, and to how many carriers",
);

type QuoteRow = {
  id: number; jobId: number; carrierAccountId: number; valueCents: number; numberOfLoads: number; status: string; securedNow: boolean; updatedAt: Date;
  carrierAccount?: { name: string } | null;
};

export const presentQuote = (quote: QuoteRow): ApiQuote => ({
  id: quote.id,
  job_id: quote.jobId,
  carrier: { id: quote.carrierAccountId, name: quote.carrierAccount?.name ?? null },
  price: money(quote.valueCents),
  number_of_loads: quote.numberOfLoads,
  status: quote.status,
  secured_now: quote.securedNow,
  updated_at: iso(quote.updatedAt)!,
});
