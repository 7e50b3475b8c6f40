import { describe, expect, it } from "vitest";
import {
  BEFORE_AWARD_STATUSES, BOARD_STATUSES, JOB_STATUSES, OUT_FOR_QUOTES_STATUSES, TAKING_QUOTES_STATUSES, isBeforeAward, isCancellable, isOutForQuotes,
} from "#domain/jobs/status.ts";

// Each status group is spelled once; this table is the rule as a shipper and a carrier meet it.
const TABLE = [
  { status: "draft", beforeAward: true, outForQuotes: false, onBoard: false, takingQuotes: false },
  { status: "open", beforeAward: true, outForQuotes: true, onBoard: true, takingQuotes: true },
  { status: "scheduled", beforeAward: true, outForQuotes: true, onBoard: true, takingQuotes: false },
  { status: "live", beforeAward: true, outForQuotes: true, onBoard: true, takingQuotes: true },
  { status: "closed", beforeAward: true, outForQuotes: true, onBoard: false, takingQuotes: false },
  { status: "awarded", beforeAward: false, outForQuotes: false, onBoard: false, takingQuotes: false },
  { status: "in_progress", beforeAward: false, outForQuotes: false, onBoard: false, takingQuotes: false },
  { status: "completed", beforeAward: false, outForQuotes: false, onBoard: false, takingQuotes: false },
  { status: "cancelled", beforeAward: false, outForQuotes: false, onBoard: false, takingQuotes: false },
];

describe("job status groups", () => {
  it("cover every status", () => {
    expect(TABLE.map((row) => row.status)).toEqual(JOB_STATUSES.map((status) => status.value));
  });

  it.each(TABLE)("$status", ({ status, beforeAward, outForQuotes, onBoard, takingQuotes }) => {
    const has = (group: readonly string[]) => group.includes(status);
    expect({
      beforeAward: has(BEFORE_AWARD_STATUSES),
      outForQuotes: has(OUT_FOR_QUOTES_STATUSES),
      onBoard: has(BOARD_STATUSES),
      takingQuotes: has(TAKING_QUOTES_STATUSES),
    }).toEqual({ beforeAward, outForQuotes, onBoard, takingQuotes });
    expect(isOutForQuotes(status)).toBe(outForQuotes);
    expect(isCancellable(status)).toBe(beforeAward);
    expect(isBeforeAward(status)).toBe(beforeAward);
  });
});
