import { useState } from "react";
import { z } from "zod";

const PropsSchema = z.object({ greeting: z.string().default("Hello") });

/** A minimal island used by the island mounter's browser test. */
export default function Hello(rawProps: Record<string, unknown>) {
  const { greeting } = PropsSchema.parse(rawProps);
  const [count, setCount] = useState(0);
  return (
    <button type="button" className="button" onClick={() => setCount(count + 1)}>
      {greeting} · clicked {count}
    </button>
  );
}
